// Differential property: on generated single-threaded programs (no spawn, wait, lock or loop,
// so every run is deterministic and ends), the emitted C, built with gcc -O2 and UBSan
// (trapping), behaves exactly like `racelang run`: same stdout, same exit code, same stderr
// apart from the interpreter's replay hint. Generated programs are full of what the
// translation must get right: wrapping arithmetic near INT64_MIN/INT64_MAX, division and
// modulo by zero and their messages with the locals' values, which of two failing operations
// is reported, short-circuit conditions, assertion failures, unlock of a free lock, print.
// Teeth: the same property fails for the naive translation (EmitCOptions::naive_arithmetic).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "emitc/emit_c.h"
#include "frontend/parse.h"
#include "frontend/print.h"
#include "tests/emitc/c_harness.h"
#include "tests/support/program_gen.h"
#include "verify/property_runner.h"

namespace racelang::emitc_test {
namespace {

testgen::GenConfig sequential_config() {
  testgen::GenConfig config;
  config.weights.spawn = 0;
  config.weights.wait = 0;
  config.weights.lock = 0; // a second lock of a held lock would block forever
  config.weights.while_ = 0;
  config.weights.assert_ = 2;
  config.weights.print = 2;
  return config;
}

// Runs `program` under the interpreter (the tool, as a user would) and as C (through the
// library, so that the negative control can change the translation); describes the first
// difference.
std::optional<std::string> difference(const Program& program, const EmitCOptions& options) {
  static int counter = 0;
  std::string base = scratch_dir() + "/gen" + std::to_string(++counter);
  std::string source = print_program(program);
  write_text(base + ".rl", source);
  Outcome expected = run_process({racelang_tool(), "run", "--seed=1", base + ".rl"});

  SourceFile file(base + ".rl", source);
  DiagnosticEngine diags(file, nullptr);
  std::optional<Program> parsed = parse_program(file, diags);
  if (!parsed) return "the printed program does not parse";
  std::optional<ProgramInfo> info = check_program(*parsed, diags);
  if (!info) return "the printed program does not check";
  std::string c = emit_c(*parsed, *info, file, options);
  if (auto error = compile_c(c, base, {"-O2", "-fsanitize=undefined", "-fno-sanitize-recover=all"}))
    return "the C program does not build:\n" + *error;
  Outcome actual = run_process({base}, "", 30);
  if (actual.timed_out) return std::string("the C program did not finish");
  std::string expected_err = without_replay_hint(expected.err);
  if (actual.exit_code != expected.exit_code || actual.out != expected.out ||
      actual.err != expected_err)
    return "interpreter: exit " + std::to_string(expected.exit_code) + "\n--- stdout\n" +
           expected.out + "--- stderr\n" + expected_err + "C: exit " +
           std::to_string(actual.exit_code) + "\n--- stdout\n" + actual.out + "--- stderr\n" +
           actual.err;
  return std::nullopt;
}

bool have_ubsan() {
  static const bool ok = c_compiler() && compiler_supports("-fsanitize=undefined");
  return ok;
}

TEST(EmitCProperty, GeneratedSequentialProgramsBehaveLikeTheInterpreter) {
  if (!have_ubsan()) GTEST_SKIP() << "no C compiler with UBSan (gcc, or $RACELANG_TEST_CC)";
  // RapidCheck's case count and seed come from RC_PARAMS (set by ctest).
  bool ok = rc::check("emitted C behaves like the interpreter", [] {
    const Program p = *testgen::gen_program(sequential_config());
    if (auto problem = difference(p, {})) RC_FAIL(*problem);
  });
  EXPECT_TRUE(ok);
}

TEST(EmitCProperty, CatchesANaiveTranslation) {
  if (!have_ubsan()) GTEST_SKIP() << "no C compiler with UBSan (gcc, or $RACELANG_TEST_CC)";
  // C's own operators: division by zero traps, overflow is undefined (UBSan stops it).
  rc::detail::TestParams params;
  params.seed = racelang::verify::kTeethSeed;
  params.maxSuccess = 60;
  params.maxSize = 100;
  params.disableShrinking = true; // every shrink step compiles a C program
  rc::detail::TestMetadata metadata;
  metadata.id = metadata.description = "teeth";
  racelang::verify::QuietListener listener;
  auto result = rc::detail::checkTestable(
      [] {
        const Program p = *testgen::gen_program(sequential_config());
        EmitCOptions naive;
        naive.naive_arithmetic = true;
        if (auto problem = difference(p, naive)) RC_FAIL(*problem);
      },
      metadata, params, listener);
  ASSERT_TRUE(result.is<rc::detail::FailureResult>())
      << "the naive translation was not caught in 60 cases";
  auto failure = result.get<rc::detail::FailureResult>();
  std::cout << "[ caught the naive translation after " << failure.numSuccess << " passing cases ]\n"
            << failure.description << "\n";
}

} // namespace
} // namespace racelang::emitc_test
