// The C backend: translates a checked racelang program to one self-contained C11 file with
// POSIX threads, for comparing racelang against native C and ThreadSanitizer (bench/). Shared
// locations become plain (non-atomic) globals so that a C race detector sees the program's
// races (except an instrumentation's deliberately unlocked metadata, EmitCOptions); locks
// become pthread mutexes with their owner tracked; threads become pthreads; volatiles become
// C11 atomics, conditions and barriers small runtime types (with a detector too: the driver
// instruments the program first, and the passes instrument the synchronisation).
// Runtime errors print what the interpreter prints (without its replay hint) and exit 1;
// failing `__race` checks of an instrumented program print a race report and exit 66.
// emitc/README.md lists where C's semantics of a racy program differ from racelang's.
#pragma once

#include <string>
#include <vector>

#include "frontend/ast.h"
#include "frontend/check.h"
#include "frontend/source.h"

namespace racelang {

struct EmitCOptions {
  // Negative control for the tests only: translate arithmetic the naive way, with C's signed
  // operators and no zero checks (overflow is undefined behaviour; division by zero and
  // INT64_MIN / -1 trap), as a careless translation would. The differential tests must notice.
  bool naive_arithmetic = false;
  // Shared variables and arrays whose loads and stores are relaxed atomics (GCC's and Clang's
  // __atomic builtins) rather than plain accesses: an instrumentation's metadata that it reads
  // outside its locks on purpose (FastTrack's same-epoch tests, PassInfo::unlocked_reads), so
  // that the generated detector has no data race of its own. Everything else stays plain.
  std::vector<std::string> relaxed_atomic_symbols;
  // For the tests: after every thread has finished, print "final memory: " and the shared
  // locations as `explore` prints a final state, so that a run can be compared with the
  // interpreter's memory as well as its output.
  bool print_final_memory = false;
};

// The C translation of `program`, which check_program accepted with the layout `info`.
// `file` is the source the program's positions refer to (for error messages and race reports;
// for an instrumented program, the original source).
std::string emit_c(const Program& program, const ProgramInfo& info, const SourceFile& file,
                   const EmitCOptions& options = {});

} // namespace racelang
