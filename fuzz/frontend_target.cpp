// The frontend's fuzz target: any text either fails to parse with at least one diagnostic, or
// parses, checks (with and without reserved names allowed) and prints to canonical source that
// parses again without errors and prints to itself (`fmt` is a fixed point). A checked program
// also runs briefly on the interpreter under the VectorClock detector, so whatever the checker
// lets through is a program the rest of the tool can hold. A broken expectation aborts, which
// libFuzzer reports as a crash with the input that caused it.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>

#include "frontend/check.h"
#include "frontend/diagnostics.h"
#include "frontend/parse.h"
#include "frontend/print.h"
#include "frontend/procedures.h"
#include "frontend/source.h"
#include "fuzz/fuzz_target.h"
#include "interp/code.h"
#include "interp/run.h"
#include "interp/scheduler.h"

namespace racelang::fuzz {
namespace {

// Programs with more shared cells than this are checked but not run: an allocation of a large
// array is not a bug, and the fuzzer must spend its time on the frontend.
constexpr uint64_t kMaxCellsToRun = 4096;
constexpr uint64_t kStepsToRun = 2000;

void run_briefly(const Program& program, const ProgramInfo& info) {
  if (info.cell_count > kMaxCellsToRun) return;
  Code code = compile_program(program, info);
  auto scheduler = make_random_scheduler(1);
  InterpreterOptions options;
  options.max_steps = kStepsToRun;
  options.keep_going = true;
  run_program(code, *scheduler, options);
}

} // namespace

int fuzz_frontend(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  // SourceFile::read refuses binary data (a NUL byte) and files above kMaxBytes: the frontend
  // never sees either.
  if (text.find('\0') != std::string::npos || text.size() > SourceFile::kMaxBytes) return 0;
  SourceFile file("fuzz.rl", text);
  std::ostringstream sink;
  DiagnosticEngine diags(file, &sink);
  std::optional<Program> program = parse_program(file, diags);
  diags.finish();
  if (!program) {
    if (!diags.has_errors()) broken("frontend", "parse failed without a diagnostic", text);
    return 0;
  }
  for (bool allow_reserved : {false, true}) {
    std::ostringstream check_sink;
    DiagnosticEngine check_diags(file, &check_sink);
    // As the driver loads a program: procedure calls are expanded, then the result checked.
    Program expanded = *program;
    std::optional<ProgramInfo> info;
    if (expand_procedures(expanded, check_diags))
      info = check_program(expanded, check_diags, CheckOptions{allow_reserved});
    if (!info && !check_diags.has_errors())
      broken("frontend", "check failed without a diagnostic", text);
    if (info && check_diags.has_errors())
      broken("frontend", "check passed with errors", check_sink.str());
    if (info && !allow_reserved) run_briefly(expanded, *info);
  }

  std::string printed = print_program(*program);
  if (breakage().printer && !printed.empty()) printed.pop_back();
  SourceFile again("fuzz.rl", printed);
  std::ostringstream again_sink;
  DiagnosticEngine again_diags(again, &again_sink);
  std::optional<Program> reparsed = parse_program(again, again_diags);
  if (!reparsed)
    broken("frontend", "printed program does not parse", printed + "\n" + again_sink.str());
  std::string reprinted = print_program(*reparsed);
  if (reprinted != printed)
    broken("frontend", "printing is not a fixed point", printed + "\n----\n" + reprinted);
  return 0;
}

} // namespace racelang::fuzz
