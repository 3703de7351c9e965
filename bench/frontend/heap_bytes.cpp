// The frontend's heap, byte for byte, per statement: a bench tool (not a test) that counts
// every allocation of the process (operator new and delete replaced, with glibc's chunk sizes)
// while it reads, parses and checks one file as `racelang check` does, and prints the live and
// peak bytes of each stage, and the process's peak resident memory above what it had before
// reading the file (the parser keeps a long block's statements in pages of its own while the
// block is open, which only the resident measure sees). The AST's own size is what is live
// after parsing minus the source text; bench/frontend/memory.py runs this next to its
// measurement of `racelang check` to say how close the frontend's peak is to the AST.
//
//   frontend_heap_bytes FILE
#include <malloc.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>

#include "frontend/ast_walk.h"
#include "frontend/check.h"
#include "frontend/diagnostics.h"
#include "frontend/parse.h"
#include "frontend/procedures.h"
#include "frontend/source.h"

namespace {

size_t live = 0, peak = 0;

void* counted(size_t n) {
  void* p = std::malloc(n ? n : 1);
  if (!p) throw std::bad_alloc();
  // The chunk as glibc holds it: the usable size and the size word in front of it.
  live += malloc_usable_size(p) + sizeof(size_t);
  if (live > peak) peak = live;
  return p;
}

void uncounted(void* p) {
  if (!p) return;
  live -= malloc_usable_size(p) + sizeof(size_t);
  std::free(p);
}

} // namespace

void* operator new(size_t n) {
  return counted(n);
}
void* operator new[](size_t n) {
  return counted(n);
}
void operator delete(void* p) noexcept {
  uncounted(p);
}
void operator delete[](void* p) noexcept {
  uncounted(p);
}
void operator delete(void* p, size_t) noexcept {
  uncounted(p);
}
void operator delete[](void* p, size_t) noexcept {
  uncounted(p);
}

// Resident bytes now, or at the most so far (the kernel's high-water mark of this process's
// memory; getrusage's ru_maxrss would also count what the process was before its exec).
size_t resident(const char* field) {
  std::FILE* status = std::fopen("/proc/self/status", "r");
  if (!status) return 0;
  char line[256];
  size_t kib = 0;
  size_t len = std::strlen(field);
  while (std::fgets(line, sizeof line, status))
    if (std::strncmp(line, field, len) == 0) kib = std::strtoull(line + len, nullptr, 10);
  std::fclose(status);
  return kib * 1024;
}

int main(int argc, char** argv) {
  using namespace racelang;
  size_t rss_before = resident("VmRSS:");
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s FILE\n", argv[0]);
    return 2;
  }
  size_t start = live;
  SourceFile file("", "");
  std::string error;
  if (!SourceFile::read(argv[1], file, error)) {
    std::fprintf(stderr, "%s: %s\n", argv[1], error.c_str());
    return 2;
  }
  size_t source = live - start;
  DiagnosticEngine diags(file, nullptr);
  peak = live;
  std::optional<Program> program = parse_program(file, diags);
  size_t parse_peak = peak - start;
  if (!program) {
    std::fprintf(stderr, "%s: does not parse\n", argv[1]);
    return 2;
  }
  size_t ast = live - start - source;
  size_t statements = 0;
  for_each_stmt(program->body, SpawnBodies::Enter, [&](const Stmt&) { ++statements; });
  peak = live;
  bool ok = expand_procedures(*program, diags) && check_program(*program, diags).has_value();
  size_t check_peak = peak - start;
  if (!ok) {
    std::fprintf(stderr, "%s: does not check\n", argv[1]);
    return 2;
  }
  auto per = [&](size_t bytes) { return statements ? double(bytes) / double(statements) : 0.0; };
  std::printf("statements %zu\n", statements);
  std::printf("source_bytes %zu\n", source);
  std::printf("ast_bytes %zu %.0f\n", ast, per(ast));
  std::printf("parse_peak_bytes %zu %.0f\n", parse_peak, per(parse_peak));
  std::printf("check_peak_bytes %zu %.0f\n", check_peak, per(check_peak));
  size_t rss = resident("VmHWM:") - rss_before;
  std::printf("peak_rss_bytes %zu %.0f\n", rss, per(rss));
  return 0;
}
