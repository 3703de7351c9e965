// The single-threaded differential property: for generated programs (every statement kind but
// spawn and wait, so the result does not depend on a schedule), the JIT ends exactly as the
// interpreter does — the same outcome, the same failure message at the same position, the
// same output and the same shared memory — uninstrumented, and with VectorClock
// instrumentation the same outcome, output and memory of the program's own locations. A
// deliberately broken code generator (min and max swapped, or failures reported with their
// function's first failure site) fails it. The same property runs
// with threads split into functions of a few statements each (CodegenOptions::
// max_function_statements, which only very large programs reach by default), so the frame
// that carries locals between the parts and the way a part's failure leaves the thread are
// checked on every statement kind.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "tests/jit/jit_harness.h"
#include "tests/support/program_gen.h"
#include "verify/property_runner.h"

namespace racelang {
namespace {

using namespace racelang::testing;

// The default level: the optimiser must not change what the code computes (these programs
// are small, so -O2 costs little here).
constexpr int kDifferentialOptLevel = 2;

std::string describe_interp(const Compiled& c, const RunResult& r) {
  if (r.failure) return describe_failure(*r.failure, true);
  if (r.outcome == Outcome::Deadlock) return describe_deadlock(r.blocked, c.info);
  return "";
}

void check_matches_interpreter(
    const Program& program, jit::Fault fault,
    size_t max_function_statements = jit::kDefaultMaxFunctionStatements) {
  auto c = compile(program);
  RC_ASSERT(c != nullptr);
  TracedRun interp = interpret(*c, 20'000);
  // A program that does not end within the budget says nothing about the JIT (which has no
  // step limit); one that does ends the same way on any backend.
  RC_SUCCEED_IF(interp.result.outcome == Outcome::StepLimit);
  RC_CLASSIFY(interp.result.outcome != Outcome::Finished, "fails");

  jit::CodegenOptions codegen;
  codegen.fault = fault;
  codegen.max_function_statements = max_function_statements;
  auto plain = jit_compile(*c, false, kDifferentialOptLevel, codegen);
  RC_ASSERT(plain != nullptr);
  JitRun j = jit_run(*plain);
  RC_ASSERT(describe(*plain, j.result, true) == describe_interp(*c, interp.result));
  RC_ASSERT(j.output == interp.output);
  RC_ASSERT(j.result.memory == interp.result.memory);

  // Instrumented: failures inside the instrumentation's own code (an index checked through
  // `__i`) read differently, so failures compare by kind and thread.
  auto vc = jit_compile(*c, true, kDifferentialOptLevel, codegen);
  RC_ASSERT(vc != nullptr);
  JitRun jv = jit_run(*vc);
  RC_ASSERT(jv.result.races.empty());
  std::string expected = interp.result.failure ? describe_failure(*interp.result.failure, false)
                                               : describe_interp(*c, interp.result);
  RC_ASSERT(describe(*vc, jv.result, false) == expected);
  RC_ASSERT(jv.output == interp.output);
  if (jv.result.outcome == Outcome::Finished)
    RC_ASSERT(original_memory(*vc, jv.result.memory) == interp.result.memory);
}

RC_GTEST_PROP(JitDifferential, SingleThreadedProgramsEndAsInTheInterpreter, ()) {
  check_matches_interpreter(*testgen::gen_program(single_threaded()), jit::Fault::None);
}

RC_GTEST_PROP(JitDifferential, SplitThreadsEndAsInTheInterpreter, ()) {
  size_t limit = *rc::gen::inRange<size_t>(1, 6);
  RC_TAG(limit);
  check_matches_interpreter(*testgen::gen_program(single_threaded()), jit::Fault::None, limit);
}

TEST(JitDifferential, BrokenCodegenFailsTheProperty) {
  auto failure = verify::find_failure(
      [] {
        check_matches_interpreter(*testgen::gen_program(single_threaded()), jit::Fault::SwapMinMax);
      },
      500);
  ASSERT_TRUE(failure.has_value()) << "swapping min and max went unnoticed";
}

// A function's failures join one call of rl_fail with the failing block's site (jit/README.md,
// "Failure paths"); reporting the first joining site instead is caught: the message or its
// position differs from the interpreter's once a program fails at another site than its
// function's first possible failure.
TEST(JitDifferential, FailureJoinKeepingTheFirstSiteFailsTheProperty) {
  auto failure = verify::find_failure(
      [] {
        check_matches_interpreter(*testgen::gen_program(single_threaded()),
                                  jit::Fault::FailureJoinKeepsFirstSite);
      },
      500);
  ASSERT_TRUE(failure.has_value()) << "a failure reported with another site went unnoticed";
}

} // namespace
} // namespace racelang
