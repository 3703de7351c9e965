// The FastTrack pass as C under ThreadSanitizer: its same-epoch tests read metadata outside the
// location locks on purpose (docs/instrumentation.md, "The FastTrack pass"), so emit-c makes
// exactly those accesses relaxed atomics (EmitCOptions::relaxed_atomic_symbols, from the pass
// table's unlocked_reads). Then the generated detector has no data race of its own, and
// ThreadSanitizer, watching it, stays quiet on a race-free program; with plain accesses it
// reports the reads.
#include <gtest/gtest.h>

#include "emitc/emit_c.h"
#include "frontend/diagnostics.h"
#include "frontend/parse.h"
#include "instrument/instrument.h"
#include "tests/emitc/c_harness.h"

namespace racelang::emitc_test {
namespace {

// Two threads read x again and again after main wrote it: every read after a thread's first
// is FastTrack's same-epoch test, made without X[x] while the other thread's first read
// updates R[x] under it. Race-free.
constexpr const char* kReadShared = "shared x;\n"
                                    "store 7 x;\n"
                                    "spawn 1 {\n"
                                    "  i := 0;\n"
                                    "  while (i < 2000) {\n"
                                    "    a := load x;\n"
                                    "    i := i + 1;\n"
                                    "  }\n"
                                    "}\n"
                                    "spawn 2 {\n"
                                    "  i := 0;\n"
                                    "  while (i < 2000) {\n"
                                    "    a := load x;\n"
                                    "    i := i + 1;\n"
                                    "  }\n"
                                    "}\n"
                                    "wait 1;\n"
                                    "wait 2;\n";

// Runs the FastTrack instrumentation of kReadShared as C under ThreadSanitizer.
Outcome run_under_tsan(const EmitCOptions& options, const std::string& name) {
  SourceFile file("read_shared.rl", kReadShared);
  DiagnosticEngine diags(file, nullptr);
  std::optional<Program> program = parse_program(file, diags);
  EXPECT_TRUE(program.has_value());
  std::optional<ProgramInfo> info = check_program(*program, diags);
  EXPECT_TRUE(info.has_value());
  std::string error;
  // No elimination: x is read by two threads anyway, and the loads must stay checked.
  auto instrumented = instrument_program(
      *program, *info, PassOptions{PassKind::FastTrack, "", std::vector<std::string>{}}, error);
  EXPECT_NE(instrumented, nullptr) << error;
  if (!instrumented) return {};
  std::string c = emit_c(instrumented->program, instrumented->info, file, options);
  std::string exe = scratch_dir() + "/" + name;
  if (auto failure = compile_c(c, exe, {"-O1", "-g", "-fsanitize=thread"})) {
    ADD_FAILURE() << *failure;
    return {};
  }
  return run_process({exe}, "", 60, {"TSAN_OPTIONS=exitcode=66"});
}

bool tsan_available() {
  return c_compiler() && compiler_supports("-fsanitize=thread");
}

TEST(FastTrackInC, ThreadSanitizerFindsNoRaceInTheDetector) {
  if (!tsan_available()) GTEST_SKIP() << "no C compiler with a TSan runtime";
  EmitCOptions options;
  options.relaxed_atomic_symbols = unlocked_read_symbols();
  Outcome r = run_under_tsan(options, "ft_relaxed");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err.find("WARNING: ThreadSanitizer"), std::string::npos) << r.err;
}

// The control: the same C with plain accesses to the same-epoch tests' metadata is racy.
TEST(FastTrackInC, PlainSameEpochReadsAreRacesThreadSanitizerReports) {
  if (!tsan_available()) GTEST_SKIP() << "no C compiler with a TSan runtime";
  Outcome r = run_under_tsan(EmitCOptions{}, "ft_plain");
  EXPECT_NE(r.err.find("WARNING: ThreadSanitizer: data race"), std::string::npos) << r.err;
  // ... on FastTrack's metadata (__FR, __FRV or __FW, emitted as s___F...), not elsewhere.
  EXPECT_NE(r.err.find("Location is global 's___F"), std::string::npos) << r.err;
}

} // namespace
} // namespace racelang::emitc_test
