// The C backend on the synchronisation (volatiles, cas, fetch_add, conditions, barriers,
// assume). The race-free synchronisation programs (programs/sync/ and the race-free ones of
// tests/golden/sync/) give the same result under every schedule, so the interpreter's
// `explore` has exactly one final state for each; the emitted C, built with gcc -O2 and run a
// few times, must exit 0 with the interpreter's output and that final memory (printed through
// EmitCOptions::print_final_memory), and ThreadSanitizer must be quiet on it — which fails if
// volatiles were plain accesses or the runtime raced. tests/emitc/programs/sync/ holds the
// corners: runtime errors and a discarded run must print and exit exactly as `racelang run`,
// and the race_* programs must be reported by ThreadSanitizer (plain cells stay plain, and
// neither a notify nor a barrier's later phase adds an edge racelang does not have).
#include <gtest/gtest.h>

#include "emitc/emit_c.h"
#include "frontend/check.h"
#include "frontend/parse.h"
#include "tests/emitc/c_harness.h"

namespace racelang::emitc_test {
namespace {

// The race-free synchronisation programs outside tests/emitc/ (their goldens expect no race;
// racy ones are named race_*).
std::vector<std::string> race_free_sync_programs() {
  std::vector<std::string> out;
  for (const std::string& path : list_programs(source_root(), "programs/sync"))
    if (path.find("/race_") == std::string::npos) out.push_back(path);
  for (const char* name :
       {"explore_barrier_orders_phases", "explore_cas_counter", "explore_condition_handoff",
        "explore_volatile_handoff", "run_volatile_handoff", "test_barrier"})
    out.push_back(std::string("tests/golden/sync/") + name + ".rl");
  return out;
}

std::vector<ProgramSpec> corner_programs(bool racy) {
  return emitc_test::corner_programs("tests/emitc/programs/sync", racy);
}

std::string name_of(const std::string& path) {
  std::string name = path.substr(path.rfind('/') + 1);
  name = name.substr(0, name.size() - 3);
  for (char& c : name)
    if (!isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

// Emits through the library (the CLI has no option for the final memory) and builds.
std::optional<std::string> build_with_final_memory(const std::string& path,
                                                   const std::string& exe) {
  std::string source = read_text(source_root() + "/" + path);
  SourceFile file(path, source);
  DiagnosticEngine diags(file, nullptr);
  std::optional<Program> parsed = parse_program(file, diags);
  if (!parsed) return "does not parse";
  std::optional<ProgramInfo> info = check_program(*parsed, diags);
  if (!info) return "does not check";
  EmitCOptions options;
  options.print_final_memory = true;
  return compile_c(emit_c(*parsed, *info, file, options), exe, {"-O2"});
}

// Emits with the CLI, as a user would, and builds with `flags`; "" after a failure.
std::string build_with_cli(const std::string& path, const std::vector<std::string>& flags,
                           const std::string& suffix) {
  Outcome emitted = run_process({racelang_tool(), "emit-c", path}, source_root());
  EXPECT_EQ(emitted.exit_code, 0) << emitted.err;
  EXPECT_EQ(emitted.err, "");
  std::string exe = scratch_dir() + "/sync_" + name_of(path) + suffix;
  if (auto error = compile_c(emitted.out, exe, flags)) {
    ADD_FAILURE() << "the emitted C does not build warning-free:\n" << *error;
    return "";
  }
  return exe;
}

// What the interpreter says a schedule-independent program ends with.
struct Reference {
  std::string final_state; // "x = 2" (as explore prints it)
  bool can_discard = false;
  std::string out; // the output of a finished run
};

std::optional<Reference> reference(const std::string& path, std::string& why) {
  // explore with the program's own options when its RUN line explores, else with state
  // caching, which ends on the spin loops.
  ProgramSpec spec = read_program_spec(source_root(), path);
  std::vector<std::string> argv{racelang_tool()};
  if (!spec.run_args.empty() && spec.run_args[0] == "explore")
    argv.insert(argv.end(), spec.run_args.begin(), spec.run_args.end());
  else
    argv.insert(argv.end(), {"explore", "--strategy=states", path});
  Outcome explored = run_process(argv, source_root(), 120);
  if (explored.exit_code != 0) {
    why =
        "explore exits " + std::to_string(explored.exit_code) + ":\n" + explored.out + explored.err;
    return std::nullopt;
  }
  Reference ref;
  size_t at = explored.out.find("final states: 1\n  ");
  if (at == std::string::npos) {
    why = "not exactly one final state:\n" + explored.out;
    return std::nullopt;
  }
  at += std::string("final states: 1\n  ").size();
  ref.final_state = explored.out.substr(at, explored.out.find('\n', at) - at);
  ref.can_discard = explored.out.find(", discarded ") != std::string::npos;
  for (int seed = 1; seed <= 50; ++seed) {
    Outcome run = run_process({racelang_tool(), "run", "--seed=" + std::to_string(seed), path},
                              source_root());
    if (run.exit_code == 0 && run.err.empty()) {
      ref.out = run.out;
      return ref;
    }
  }
  why = "no seed of 1 to 50 finishes the run";
  return std::nullopt;
}

class RaceFreeSync : public testing::TestWithParam<std::string> {};

TEST_P(RaceFreeSync, NativeCEndsLikeTheInterpreter) {
  if (!c_compiler())
    GTEST_SKIP() << "no C compiler (gcc, or $RACELANG_TEST_CC): cannot test emit-c";
  const std::string& path = GetParam();
  std::string why;
  std::optional<Reference> ref = reference(path, why);
  ASSERT_TRUE(ref.has_value()) << path << ": " << why;
  std::string exe = scratch_dir() + "/sync_" + name_of(path) + ".mem";
  auto error = build_with_final_memory(path, exe);
  ASSERT_FALSE(error.has_value()) << "the emitted C does not build warning-free:\n" << *error;
  // A few runs, for a few of the schedules the machine picks.
  for (int round = 0; round < 3; ++round) {
    Outcome actual = run_process({exe}, source_root(), 30);
    ASSERT_FALSE(actual.timed_out) << "the C program did not finish in 30 s";
    EXPECT_EQ(actual.exit_code, 0) << actual.err;
    if (ref->can_discard && actual.err.find(": note: execution discarded: ") != std::string::npos)
      continue; // a discarded execution ends the process (emitc/README.md)
    EXPECT_EQ(actual.err, "");
    EXPECT_EQ(actual.out, ref->out + "final memory: " + ref->final_state + "\n");
  }
}

TEST_P(RaceFreeSync, ThreadSanitizerIsQuiet) {
  if (!c_compiler())
    GTEST_SKIP() << "no C compiler (gcc, or $RACELANG_TEST_CC): cannot test emit-c";
  if (!compiler_supports("-fsanitize=thread")) GTEST_SKIP() << "the compiler has no TSan runtime";
  std::string exe = build_with_cli(GetParam(), {"-O1", "-fsanitize=thread"}, ".tsan");
  if (exe.empty()) return;
  Outcome actual = run_process({exe}, source_root(), 60, {"TSAN_OPTIONS=exitcode=66"});
  EXPECT_EQ(actual.exit_code, 0) << actual.err;
  EXPECT_EQ(actual.err.find("WARNING: ThreadSanitizer"), std::string::npos) << actual.err;
}

std::string path_name(const testing::TestParamInfo<std::string>& info) {
  return name_of(info.param);
}

INSTANTIATE_TEST_SUITE_P(EmitCSync, RaceFreeSync, testing::ValuesIn(race_free_sync_programs()),
                         path_name);

std::string spec_name(const testing::TestParamInfo<ProgramSpec>& info) {
  return name_of(info.param.path);
}

Outcome interpret(const ProgramSpec& spec) {
  std::vector<std::string> argv{racelang_tool()};
  argv.insert(argv.end(), spec.run_args.begin(), spec.run_args.end());
  return run_process(argv, source_root());
}

// The race-free corners of tests/emitc/programs/sync/ run through behaviour_test.cpp's
// CornerProgram (same comparison with the interpreter as the other corner programs).

class RacySync : public testing::TestWithParam<ProgramSpec> {};

TEST_P(RacySync, ThreadSanitizerReportsTheRace) {
  if (!c_compiler())
    GTEST_SKIP() << "no C compiler (gcc, or $RACELANG_TEST_CC): cannot test emit-c";
  Outcome expected = interpret(GetParam());
  ASSERT_EQ(expected.exit_code, 66) << "the interpreter finds no race:\n" << expected.err;
  if (!compiler_supports("-fsanitize=thread")) GTEST_SKIP() << "the compiler has no TSan runtime";
  std::string exe = build_with_cli(GetParam().path, {"-O1", "-fsanitize=thread"}, ".tsan");
  if (exe.empty()) return;
  Outcome reported = run_process({exe}, source_root(), 60, {"TSAN_OPTIONS=exitcode=66"});
  EXPECT_EQ(reported.exit_code, 66) << reported.err;
  EXPECT_NE(reported.err.find("WARNING: ThreadSanitizer: data race"), std::string::npos)
      << reported.err;
}

INSTANTIATE_TEST_SUITE_P(EmitCSync, RacySync, testing::ValuesIn(corner_programs(true)), spec_name);

// The selections must not silently shrink.
TEST(EmitCSync, SelectionsAreNotEmpty) {
  EXPECT_GE(race_free_sync_programs().size(), 11u);
  EXPECT_GE(corner_programs(false).size(), 4u);
  EXPECT_GE(corner_programs(true).size(), 3u);
}

// With a detector, emit-c instruments the synchronisation (instrument/sync_rules.cpp) and the
// emitted C runs it: every race-free synchronisation program, under each pass, builds
// warning-free and ends without a report; each racy corner is reported by both passes' checks.
std::string build_with_detector(const std::string& path, const std::string& detector) {
  Outcome emitted =
      run_process({racelang_tool(), "emit-c", "--detector=" + detector, path}, source_root());
  EXPECT_EQ(emitted.exit_code, 0) << emitted.err;
  std::string exe = scratch_dir() + "/sync_" + name_of(path) + "." + detector;
  if (auto error = compile_c(emitted.out, exe, {"-O2"})) {
    ADD_FAILURE() << "the emitted C does not build warning-free:\n" << *error;
    return "";
  }
  return exe;
}

TEST_P(RaceFreeSync, InstrumentedCEndsWithoutARace) {
  if (!c_compiler())
    GTEST_SKIP() << "no C compiler (gcc, or $RACELANG_TEST_CC): cannot test emit-c";
  for (const char* detector : {"vc", "fasttrack"}) {
    SCOPED_TRACE(detector);
    std::string exe = build_with_detector(GetParam(), detector);
    if (exe.empty()) continue;
    Outcome actual = run_process({exe}, source_root(), 30);
    ASSERT_FALSE(actual.timed_out) << "the C program did not finish in 30 s";
    EXPECT_EQ(actual.exit_code, 0) << actual.err;
  }
}

TEST_P(RacySync, InstrumentedCReportsTheRace) {
  if (!c_compiler())
    GTEST_SKIP() << "no C compiler (gcc, or $RACELANG_TEST_CC): cannot test emit-c";
  for (const char* detector : {"vc", "fasttrack"}) {
    SCOPED_TRACE(detector);
    std::string exe = build_with_detector(GetParam().path, detector);
    if (exe.empty()) continue;
    Outcome actual = run_process({exe}, source_root(), 30);
    ASSERT_FALSE(actual.timed_out) << "the C program did not finish in 30 s";
    EXPECT_EQ(actual.exit_code, 66) << actual.err;
    EXPECT_NE(actual.err.find("WARNING: data race on '"), std::string::npos) << actual.err;
  }
}

} // namespace
} // namespace racelang::emitc_test
