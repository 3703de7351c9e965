// Test harness for the JIT backend: shared engines (one LLJIT per optimisation level for the
// whole test binary, each program in its own JITDylib), compiling a program as-is or with its
// VectorClock instrumentation, running it on real threads, and describing outcomes by names and
// positions so that they compare across the instrumented program the JIT runs, the original
// program the interpreter runs, and the explorer's sets of possible outcomes.
#pragma once

#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "instrument/instrument.h"
#include "interp/explore.h"
#include "interp/run.h"
#include "jit/jit.h"
#include "tests/interp/interp_harness.h"
#include "tests/support/program_gen.h"

namespace racelang::testing {

// The level the concurrency properties compile generated programs at. Their instrumented
// programs are large (clocks with one entry per thread id, unrolled), compile time dominates
// their cost, and what they test — threads, locks, waits, the runtime — does not depend on
// the level; RACELANG_JIT_TEST_OPT=2 runs them at the default level instead.
inline const int kPropertyOptLevel =
    std::getenv("RACELANG_JIT_TEST_OPT") ? std::atoi(std::getenv("RACELANG_JIT_TEST_OPT")) : 0;

// The engine for an optimisation level, created on first use and kept for the process.
jit::Engine& engine(int opt_level);

// Generated programs without spawn and wait: one thread, so the result does not depend on a
// schedule (the single-threaded differential properties).
testgen::GenConfig single_threaded();

// One run of `c` by the interpreter (seed 1) without a detector, within `max_steps` steps: what
// the single-threaded differential properties compare the JIT with.
TracedRun interpret(const Compiled& c, uint64_t max_steps);

// A program as the JIT runs it: the original (detector none) or its instrumentation (vc).
struct JitSubject {
  const Compiled* original = nullptr;
  std::unique_ptr<CheckedProgram> instrumented; // set for vc
  std::unique_ptr<jit::NativeProgram> jitted;
  double compile_ms = 0;

  const Program& program() const {
    return instrumented ? instrumented->program : original->program;
  }
  const ProgramInfo& info() const { return instrumented ? instrumented->info : original->info; }
};

// Compiles `c` for the JIT (instrumented with `pass` when `instrument`: by default the
// default pass and eliminations, what `racelang FILE` runs); nullptr with a gtest failure on
// error.
std::unique_ptr<JitSubject> jit_compile(const Compiled& c, bool instrument, int opt_level = 0,
                                        jit::CodegenOptions options = {},
                                        const PassOptions& pass = {});

struct JitRun {
  RunResult result;
  std::vector<std::string> output;
};
JitRun jit_run(const JitSubject& s, bool keep_going = false);

// Shared memory of the original program's locations, by name, from the run program's memory.
std::vector<int64_t> original_memory(const JitSubject& s, const std::vector<int64_t>& memory);

// Runs `source` on both backends (uninstrumented, interpreter seed 1) and expects the same
// failure, word for word, at the same position, in the same thread (gtest failures otherwise).
void expect_same_failure(const std::string& source);

// describe_ending (outcome/outcome.h) of a JIT run of `s`, and of the pieces of an ending that
// exploration reports one by one.
std::string describe(const JitSubject& s, const RunResult& r, bool exact);
std::string describe_race(const RaceReport& race, const ProgramInfo& info);
std::string describe_failure(const Failure& f, bool exact);
std::string describe_deadlock(const std::vector<BlockedThread>& blocked, const ProgramInfo& info);

} // namespace racelang::testing
