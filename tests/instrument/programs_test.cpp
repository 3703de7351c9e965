// Acceptance over the example programs (programs/*.rl): `racelang instrument`'s output
// re-parses and checks (with the reserved names allowed), and running it on the interpreter
// gives the race verdicts of `racelang run --detector=vc` on the original. In the bigger-step
// semantics the instrumented program has the original's scheduling points (plus the prologue's
// forced one), so one seed gives one schedule of both, and everything must agree run by run:
// the verdict, the race (location, both accesses' threads, kinds and positions), the output
// and the exit code. In the small-step semantics the schedules differ; the verdicts over all
// seeds must agree.
#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <sstream>

#include "frontend/diagnostics.h"
#include "frontend/parse.h"
#include "frontend/print.h"
#include "frontend/procedures.h"
#include "instrument/groups.h"
#include "instrument/instrument.h"
#include "interp/report.h"
#include "verify/subject.h"

namespace racelang {
namespace {

constexpr uint64_t kSeeds = 100;

std::vector<std::string> example_programs(const std::string& dir = "programs") {
  std::vector<std::string> out;
  for (const auto& entry : std::filesystem::directory_iterator(RACELANG_SOURCE_DIR "/" + dir))
    if (entry.path().extension() == ".rl") out.push_back(entry.path().filename().string());
  std::sort(out.begin(), out.end());
  return out;
}

// A program parsed and checked from text; nullptr with the diagnostics in `error`.
std::unique_ptr<verify::RunnableProgram> load(const SourceFile& file, bool reserved, bool groups,
                                              std::string& error) {
  auto p = std::make_unique<verify::RunnableProgram>();
  std::ostringstream out;
  DiagnosticEngine diags(file, &out);
  auto program = parse_program(file, diags);
  if (!program || !expand_procedures(*program, diags)) { // as the driver loads programs
    error = out.str();
    return nullptr;
  }
  p->program = std::move(*program);
  if (groups) restore_groups(p->program);
  auto info = check_program(p->program, diags, CheckOptions{reserved});
  if (!info) {
    error = out.str();
    return nullptr;
  }
  error = out.str(); // warnings
  p->info = std::move(*info);
  p->code = compile_program(p->program, p->info);
  return p;
}

struct SeededRun {
  RunResult result;
  std::vector<std::string> output;
};

SeededRun run_seeded(const Code& code, uint64_t seed, InterpreterOptions options) {
  SeededRun r;
  options.print = [&](std::string_view line) { r.output.emplace_back(line); };
  auto scheduler = make_random_scheduler(seed);
  r.result = run_program(code, *scheduler, options);
  return r;
}

// A race as both programs can name it: the location by name and both accesses.
std::string describe(const Code& code, const RaceReport& race) {
  auto access = [](const RaceAccess& a) {
    return "thread " + std::to_string(a.thread) + " " + spelling(a.kind) + " at " +
           std::to_string(a.range.begin.line) + ":" + std::to_string(a.range.begin.col);
  };
  return code.info->cell_name(race.cell) + ": " + access(race.current) + ", after " +
         access(race.previous);
}

// programs/<name> and what `racelang instrument` prints for it with `options`, read back as
// a file; both null after a gtest failure.
struct Instrumented {
  std::unique_ptr<verify::RunnableProgram> original;
  std::unique_ptr<verify::RunnableProgram> reparsed;
};

Instrumented instrument_example(const std::string& path, const PassOptions& options) {
  Instrumented out;
  SourceFile file(path, "");
  std::string error;
  EXPECT_TRUE(SourceFile::read(RACELANG_SOURCE_DIR "/" + path, file, error)) << error;
  SourceFile named(path, file.text());
  auto original = load(named, false, false, error);
  EXPECT_NE(original, nullptr) << error;
  if (!original) return out;

  auto instrumented = instrument_program(original->program, original->info, options, error);
  EXPECT_NE(instrumented, nullptr) << error;
  if (!instrumented) return out;
  SourceFile printed(path + ".instrumented", instrumented_file_header(path, options) +
                                                 print_program(instrumented->program));
  EXPECT_TRUE(read_instrumented_header(printed).has_value());
  auto reparsed = load(printed, true, true, error);
  EXPECT_NE(reparsed, nullptr) << error << printed.text();
  if (!reparsed) return out;
  EXPECT_EQ(error, "") << "diagnostics for the instrumented program";
  // The header names the original: its races are reported at the original's lines.
  CheckSites sites = check_sites_of(printed, reparsed->code);
  EXPECT_EQ(sites.kind, CheckSites::Kind::Original);
  EXPECT_EQ(sites.path, path);
  out.original = std::move(original);
  out.reparsed = std::move(reparsed);
  return out;
}

// Instruments programs/<name> with `options` as `racelang instrument` prints it, reads that
// back, and compares runs seed by seed; every disagreement is a gtest failure when `expect`
// is set. Returns the number of seeds on which the bigger-step verdict differs.
int compare_runs(const std::string& name, const PassOptions& options, bool expect) {
  std::string path = "programs/" + name;
  Instrumented pair = instrument_example(path, options);
  if (!pair.reparsed) return -1;
  const auto& original = pair.original;
  const auto& reparsed = pair.reparsed;

  InterpreterOptions reference; // the detector the pass implements, on the original
  reference.detector = pass_info(options.pass).reference;
  InterpreterOptions checks;
  checks.detector = std::nullopt; // the instrumentation's checks are the detector
  InterpreterOptions bigger = checks;
  bigger.machine.bigger_step = true;
  int racy_original = 0, racy_small = 0, mismatches = 0;
  for (uint64_t seed = 0; seed < kSeeds; ++seed) {
    SCOPED_TRACE(path + " --seed=" + std::to_string(seed));
    SeededRun a = run_seeded(original->code, seed, reference);
    SeededRun b = run_seeded(reparsed->code, seed, bigger);
    racy_original += !a.result.races.empty();
    std::string race_a = a.result.races.empty() ? "" : describe(original->code, a.result.races[0]);
    std::string race_b = b.result.races.empty() ? "" : describe(reparsed->code, b.result.races[0]);
    mismatches += race_a != race_b;
    if (!expect) continue;
    EXPECT_EQ(race_a, race_b);
    if (!b.result.races.empty()) {
      EXPECT_TRUE(b.result.races[0].from_instrumentation);
    }
    EXPECT_EQ(run_exit_code(a.result), run_exit_code(b.result));
    EXPECT_EQ(a.output, b.output);
    // The instrumented program's first step is its prologue (C[t][t] := 1), unless the pass
    // left the program as it is (no access needs a check: no group markers at all).
    bool has_prologue = !reparsed->program.body.empty() && reparsed->program.body.front().group;
    size_t prologue = has_prologue ? 1 : 0;
    EXPECT_GE(b.result.schedule.size(), prologue);
    if (b.result.schedule.size() >= prologue) {
      EXPECT_EQ(a.result.schedule,
                Schedule(b.result.schedule.begin() + static_cast<std::ptrdiff_t>(prologue),
                         b.result.schedule.end()));
    }
    SeededRun c = run_seeded(reparsed->code, seed, checks);
    racy_small += !c.result.races.empty();
  }
  if (expect) {
    EXPECT_EQ(racy_original > 0, racy_small > 0)
        << racy_original << " of " << kSeeds << " seeds race in the original, " << racy_small
        << " in the small-step semantics of the instrumented program";
  }
  return mismatches;
}

class ExamplePrograms : public ::testing::TestWithParam<std::string> {};

std::string param_name(const ::testing::TestParamInfo<std::string>& param) {
  std::string name = param.param.substr(0, param.param.size() - 3);
  for (char& c : name)
    if (!isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}
class SyncExamplePrograms : public ::testing::TestWithParam<std::string> {};

using Comparison = int (*)(const std::string& name, const PassOptions& options, bool expect);

// Every pass of the table, in its default variant, with the default check eliminations and
// with none.
void expect_agreement_under_every_pass(Comparison compare, const std::string& name) {
  for (const PassInfo& pass : instrumentation_passes())
    for (bool eliminate : {true, false}) {
      PassOptions options{pass.kind, "", std::nullopt};
      if (!eliminate) options.elide = std::vector<std::string>{};
      SCOPED_TRACE(std::string("--pass=") + std::string(pass.name) +
                   " --elide=" + elimination_names(options));
      EXPECT_EQ(compare(name, options, true), 0);
    }
}

// The disagreements of a broken vc variant over the programs of `dir`.
int broken_variant_mismatches(Comparison compare, const char* variant, const std::string& dir) {
  PassOptions options{PassKind::VectorClock, variant, std::nullopt};
  int mismatches = 0;
  for (const std::string& name : example_programs(dir)) mismatches += compare(name, options, false);
  return mismatches;
}

TEST_P(ExamplePrograms, InstrumentedRunsGiveTheSameVerdicts) {
  expect_agreement_under_every_pass(compare_runs, GetParam());
}

// The comparison has teeth: a store rule that does not check reads misses read-write races,
// which some example programs have on some seeds. (The examples have no race that only the
// increment on release reveals, and per-location locks make no difference to atomic groups:
// the generated programs of properties_test.cpp catch those.)
TEST(ExampleProgramsControl, StoresThatDoNotCheckReadsGiveOtherVerdicts) {
  EXPECT_GT(broken_variant_mismatches(compare_runs, "store-skips-reads", "programs"), 0);
}

// programs/sync/ (volatiles, cas, conditions, barriers): a woken thread's departure from a
// barrier is a step of its own in the instrumented program, so schedules do not correspond
// seed by seed as above. Over kSeeds seeds in each semantics: the instrumented program fails a
// check on some seed exactly when the original races on some seed (with the pass's reference
// detector), and its runs end with the original's exit codes (a check is exit 66). Returns the
// number of disagreements (each a gtest failure when `expect` is set).
int compare_sync_verdicts(const std::string& name, const PassOptions& options, bool expect) {
  std::string path = "programs/sync/" + name;
  Instrumented pair = instrument_example(path, options);
  if (!pair.reparsed) return -1;
  InterpreterOptions reference;
  reference.detector = pass_info(options.pass).reference;
  std::set<int> original_exits;
  int racy_original = 0, mismatches = 0;
  for (uint64_t seed = 0; seed < kSeeds; ++seed) {
    SeededRun a = run_seeded(pair.original->code, seed, reference);
    racy_original += !a.result.races.empty();
    original_exits.insert(run_exit_code(a.result));
  }
  for (bool bigger_step : {false, true}) {
    SCOPED_TRACE(bigger_step ? "bigger-step" : "small-step");
    InterpreterOptions checks;
    checks.detector = std::nullopt; // the instrumentation's checks are the detector
    checks.machine.bigger_step = bigger_step;
    int racy = 0;
    for (uint64_t seed = 0; seed < kSeeds; ++seed) {
      SeededRun b = run_seeded(pair.reparsed->code, seed, checks);
      racy += !b.result.races.empty();
      bool known_exit = original_exits.count(run_exit_code(b.result)) > 0;
      mismatches += !known_exit;
      if (expect) {
        EXPECT_TRUE(known_exit) << "--seed=" << seed << " exits " << run_exit_code(b.result);
      }
    }
    mismatches += (racy_original > 0) != (racy > 0);
    if (expect) {
      EXPECT_EQ(racy_original > 0, racy > 0)
          << racy_original << " of " << kSeeds << " seeds race in the original, " << racy
          << " fail a check in the instrumented program";
    }
  }
  return mismatches;
}

TEST_P(SyncExamplePrograms, InstrumentedRunsGiveTheSameVerdicts) {
  expect_agreement_under_every_pass(compare_sync_verdicts, GetParam());
}

// The comparison has teeth: a volatile write that adds no edge makes the programs that hand
// data over through a volatile (Peterson's, Dekker's, the spin lock, the bounded queue) fail
// checks their originals never race on.
TEST(SyncExampleProgramsControl, VolatileWritesWithoutEdgesGiveOtherVerdicts) {
  EXPECT_GT(
      broken_variant_mismatches(compare_sync_verdicts, "volatile-write-no-edge", "programs/sync"),
      0);
}

INSTANTIATE_TEST_SUITE_P(Programs, ExamplePrograms, ::testing::ValuesIn(example_programs()),
                         param_name);

INSTANTIATE_TEST_SUITE_P(Programs, SyncExamplePrograms,
                         ::testing::ValuesIn(example_programs("programs/sync")), param_name);

} // namespace
} // namespace racelang
