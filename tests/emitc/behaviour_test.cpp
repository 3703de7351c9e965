// The C backend on tests/emitc/programs/: small programs aimed at the translation's corners
// (wrapping arithmetic, every runtime error and its message, evaluation order, the waiters of
// one thread). Expectations are not written down: each program is run by `racelang run` with
// its RUN line, and the emitted C, built with gcc -O2, must exit the same way with the same
// stdout and the same stderr apart from the interpreter's replay hint. Programs the
// interpreter reports as racy must be reported by ThreadSanitizer on the emitted C and by the
// emitted C with --detector=vc.
#include <gtest/gtest.h>

#include "tests/emitc/c_harness.h"

namespace racelang::emitc_test {
namespace {

std::vector<ProgramSpec> corner_programs(bool racy) {
  return emitc_test::corner_programs("tests/emitc/programs", racy);
}

std::string test_name(const testing::TestParamInfo<ProgramSpec>& info) {
  std::string name = info.param.path.substr(info.param.path.rfind('/') + 1);
  name = name.substr(0, name.size() - 3);
  for (char& c : name)
    if (!isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

class Corner : public testing::TestWithParam<ProgramSpec> {
protected:
  // Emits and builds; returns the executable, or "" after a failure.
  std::string build(const std::vector<std::string>& emit_args,
                    const std::vector<std::string>& flags, const std::string& suffix) {
    const ProgramSpec& spec = GetParam();
    std::vector<std::string> argv{racelang_tool(), "emit-c"};
    argv.insert(argv.end(), emit_args.begin(), emit_args.end());
    argv.push_back(spec.path);
    Outcome emitted = run_process(argv, source_root());
    EXPECT_EQ(emitted.exit_code, 0) << emitted.err;
    std::string exe = scratch_dir() + "/" + test_name({spec, 0}) + suffix;
    if (auto error = compile_c(emitted.out, exe, flags)) {
      ADD_FAILURE() << "the emitted C does not build warning-free:\n" << *error;
      return "";
    }
    return exe;
  }
  Outcome interpret() {
    std::vector<std::string> argv{racelang_tool()};
    argv.insert(argv.end(), GetParam().run_args.begin(), GetParam().run_args.end());
    return run_process(argv, source_root());
  }
};

class CornerProgram : public Corner {};
class RacyCornerProgram : public Corner {};

TEST_P(CornerProgram, BehavesLikeTheInterpreter) {
  if (!c_compiler())
    GTEST_SKIP() << "no C compiler (gcc, or $RACELANG_TEST_CC): cannot test emit-c";
  Outcome expected = interpret();
  ASSERT_NE(expected.exit_code, 66) << "racy programs are named race_*";
  std::string exe = build({}, {"-O2"}, "");
  if (exe.empty()) return;
  Outcome actual = run_process({exe}, source_root(), 30);
  ASSERT_FALSE(actual.timed_out);
  EXPECT_EQ(actual.exit_code, expected.exit_code);
  EXPECT_EQ(actual.out, expected.out);
  EXPECT_EQ(actual.err, without_replay_hint(expected.err));
}

TEST_P(RacyCornerProgram, IsReportedByBothDetectors) {
  if (!c_compiler())
    GTEST_SKIP() << "no C compiler (gcc, or $RACELANG_TEST_CC): cannot test emit-c";
  Outcome expected = interpret();
  ASSERT_EQ(expected.exit_code, 66) << "the interpreter finds no race:\n" << expected.err;
  std::string vc = build({"--detector=vc"}, {"-O2"}, ".vc");
  if (vc.empty()) return;
  Outcome detected = run_process({vc}, source_root(), 30);
  EXPECT_EQ(detected.exit_code, 66) << detected.err;
  if (!compiler_supports("-fsanitize=thread")) GTEST_SKIP() << "the compiler has no TSan runtime";
  std::string tsan = build({}, {"-O1", "-fsanitize=thread"}, ".tsan");
  if (tsan.empty()) return;
  Outcome reported = run_process({tsan}, source_root(), 60, {"TSAN_OPTIONS=exitcode=66"});
  EXPECT_EQ(reported.exit_code, 66) << reported.err;
  EXPECT_NE(reported.err.find("WARNING: ThreadSanitizer: data race"), std::string::npos)
      << reported.err;
}

INSTANTIATE_TEST_SUITE_P(EmitCCorners, CornerProgram, testing::ValuesIn(corner_programs(false)),
                         test_name);
// The synchronisation's corners (tests/emitc/programs/sync/); their racy ones and the
// ThreadSanitizer checks are in sync_test.cpp.
INSTANTIATE_TEST_SUITE_P(EmitCSync, CornerProgram,
                         testing::ValuesIn(emitc_test::corner_programs("tests/emitc/programs/sync",
                                                                       false)),
                         test_name);
INSTANTIATE_TEST_SUITE_P(EmitCCorners, RacyCornerProgram, testing::ValuesIn(corner_programs(true)),
                         test_name);

} // namespace
} // namespace racelang::emitc_test
