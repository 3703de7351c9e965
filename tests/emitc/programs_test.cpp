// The C backend on the example programs: for every race-free program in programs/ (its golden
// expects exit 0 from `racelang run`), the emitted C built with gcc -O2 prints what the
// interpreter prints and exits the same way. With --detector=vc (racelang's instrumentation,
// compiled natively) every program in programs/ exits as the interpreter does, racy ones
// included (66, with a race report). Built with -fsanitize=thread, the emitted C is quiet on
// the race-free programs and ThreadSanitizer reports the racy ones: the C runtime neither
// races itself nor adds happens-before edges that hide the program's races.
#include <gtest/gtest.h>

#include "tests/emitc/c_harness.h"

namespace racelang::emitc_test {
namespace {

std::vector<ProgramSpec> run_programs() {
  std::vector<ProgramSpec> out;
  for (const std::string& path : list_programs(source_root(), "programs")) {
    ProgramSpec spec = read_program_spec(source_root(), path);
    if (!spec.run_args.empty() && spec.run_args[0] == "run" && spec.has_expected_exit)
      out.push_back(spec);
  }
  return out;
}

std::vector<ProgramSpec> programs_expecting(int exit_code) {
  std::vector<ProgramSpec> out;
  for (const ProgramSpec& spec : run_programs())
    if (spec.expected_exit == exit_code) out.push_back(spec);
  return out;
}
std::vector<ProgramSpec> race_free_programs() {
  return programs_expecting(0);
}

std::string test_name(const testing::TestParamInfo<ProgramSpec>& info) {
  std::string name = info.param.path.substr(info.param.path.rfind('/') + 1);
  name = name.substr(0, name.size() - 3);
  for (char& c : name)
    if (!isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

// Emits `spec`'s program as C (with extra emit-c arguments) and builds it; returns the
// executable's path. Skips the test when there is no C compiler.
std::string build(const ProgramSpec& spec, const std::vector<std::string>& emit_args,
                  const std::vector<std::string>& cc_flags, const std::string& suffix) {
  std::vector<std::string> argv{racelang_tool(), "emit-c"};
  argv.insert(argv.end(), emit_args.begin(), emit_args.end());
  argv.push_back(spec.path);
  Outcome emitted = run_process(argv, source_root());
  EXPECT_EQ(emitted.exit_code, 0) << emitted.err;
  EXPECT_EQ(emitted.err, "");
  std::string exe = scratch_dir() + "/" + test_name({spec, 0}) + suffix;
  auto error = compile_c(emitted.out, exe, cc_flags);
  EXPECT_FALSE(error.has_value()) << "the emitted C does not build warning-free:\n" << *error;
  return exe;
}

Outcome interpret(const ProgramSpec& spec) {
  std::vector<std::string> argv{racelang_tool()};
  argv.insert(argv.end(), spec.run_args.begin(), spec.run_args.end());
  return run_process(argv, source_root());
}

class RaceFreeProgram : public testing::TestWithParam<ProgramSpec> {};

TEST_P(RaceFreeProgram, NativeCBehavesLikeTheInterpreter) {
  if (!c_compiler())
    GTEST_SKIP() << "no C compiler (gcc, or $RACELANG_TEST_CC): cannot test emit-c";
  const ProgramSpec& spec = GetParam();
  std::string exe = build(spec, {}, {"-O2"}, "");
  if (HasFailure()) return;
  Outcome expected = interpret(spec);
  ASSERT_EQ(expected.exit_code, 0) << expected.err;
  Outcome actual = run_process({exe}, source_root(), 30);
  ASSERT_FALSE(actual.timed_out) << "the C program did not finish in 30 s";
  EXPECT_EQ(actual.exit_code, expected.exit_code) << actual.err;
  EXPECT_EQ(actual.out, expected.out);
  EXPECT_EQ(actual.err, "");
}

TEST_P(RaceFreeProgram, ThreadSanitizerIsQuiet) {
  if (!c_compiler())
    GTEST_SKIP() << "no C compiler (gcc, or $RACELANG_TEST_CC): cannot test emit-c";
  if (!compiler_supports("-fsanitize=thread")) GTEST_SKIP() << "the compiler has no TSan runtime";
  const ProgramSpec& spec = GetParam();
  std::string exe = build(spec, {}, {"-O1", "-fsanitize=thread"}, ".tsan");
  if (HasFailure()) return;
  Outcome actual = run_process({exe}, source_root(), 60, {"TSAN_OPTIONS=exitcode=66"});
  EXPECT_EQ(actual.exit_code, 0) << actual.err;
  EXPECT_EQ(actual.err.find("WARNING: ThreadSanitizer"), std::string::npos) << actual.err;
}

INSTANTIATE_TEST_SUITE_P(EmitCPrograms, RaceFreeProgram, testing::ValuesIn(race_free_programs()),
                         test_name);

class AnyProgram : public testing::TestWithParam<ProgramSpec> {};

TEST_P(AnyProgram, VectorClockInCExitsLikeTheInterpreter) {
  if (!c_compiler())
    GTEST_SKIP() << "no C compiler (gcc, or $RACELANG_TEST_CC): cannot test emit-c";
  const ProgramSpec& spec = GetParam();
  std::string exe = build(spec, {"--detector=vc"}, {"-O2"}, ".vc");
  if (HasFailure()) return;
  Outcome expected = interpret(spec);
  Outcome actual = run_process({exe}, source_root(), 30);
  ASSERT_FALSE(actual.timed_out) << "the C program did not finish in 30 s";
  EXPECT_EQ(actual.exit_code, expected.exit_code) << actual.err;
  if (expected.exit_code == 0) {
    EXPECT_EQ(actual.out, expected.out);
    EXPECT_EQ(actual.err, "");
  } else if (expected.exit_code == 66) {
    EXPECT_NE(actual.err.find("WARNING: data race on '"), std::string::npos) << actual.err;
    EXPECT_NE(actual.err.find("SUMMARY: racelang: data race on '"), std::string::npos)
        << actual.err;
  }
}

INSTANTIATE_TEST_SUITE_P(EmitCPrograms, AnyProgram, testing::ValuesIn(run_programs()), test_name);

class RacyProgram : public testing::TestWithParam<ProgramSpec> {};

// The racy examples run natively only under ThreadSanitizer: built plainly with -O2, a racy
// spin loop may never end (emitc/README.md).
TEST_P(RacyProgram, ThreadSanitizerReportsTheRace) {
  if (!c_compiler())
    GTEST_SKIP() << "no C compiler (gcc, or $RACELANG_TEST_CC): cannot test emit-c";
  if (!compiler_supports("-fsanitize=thread")) GTEST_SKIP() << "the compiler has no TSan runtime";
  const ProgramSpec& spec = GetParam();
  std::string exe = build(spec, {}, {"-O1", "-fsanitize=thread"}, ".tsan");
  if (HasFailure()) return;
  Outcome actual = run_process({exe}, source_root(), 60, {"TSAN_OPTIONS=exitcode=66"});
  EXPECT_EQ(actual.exit_code, 66) << actual.err;
  EXPECT_NE(actual.err.find("WARNING: ThreadSanitizer: data race"), std::string::npos)
      << actual.err;
}

INSTANTIATE_TEST_SUITE_P(EmitCPrograms, RacyProgram, testing::ValuesIn(programs_expecting(66)),
                         test_name);

// The selection itself must not be empty or silently shrink to nothing.
TEST(EmitCPrograms, SelectionIsDerivedFromTheGoldens) {
  auto all = run_programs();
  auto race_free = race_free_programs();
  EXPECT_GE(race_free.size(), 5u);
  EXPECT_GE(programs_expecting(66).size(), 2u) << "programs/ has racy examples too";
  EXPECT_LE(race_free.size() + programs_expecting(66).size(), all.size());
}

} // namespace
} // namespace racelang::emitc_test
