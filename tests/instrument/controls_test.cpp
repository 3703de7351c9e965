// The controls that give the instrumentation properties their teeth (docs/instrumentation.md,
// "Controls"): each deliberately broken variant of the pass must make one of the properties
// fail on some generated program (found with a fixed seed and shrunk; the counterexample is
// printed as racelang source), and the harmless RoadRunner variant must pass them all.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <iostream>

#include "frontend/diagnostics.h"
#include "frontend/parse.h"
#include "tests/instrument/properties.h"
#include "tests/support/property_runner.h"

namespace racelang {
namespace {

using testgen::gen_paper_program;
using testgen::PaperProgram;
using Check = void (*)(const PaperProgram&, const InstrumentOptions&);

constexpr int kMaxCases = 2000;

// Runs `check` with the broken `options` on generated programs until one fails; expects that
// to happen, prints the shrunk counterexample and returns it (empty if none failed).
std::string expect_caught(Check check, const InstrumentOptions& options, const char* what) {
  auto failure = testing::find_failure(
      [&] {
        PaperProgram program = *gen_paper_program();
        check(program, options);
      },
      kMaxCases);
  EXPECT_TRUE(failure.has_value()) << what << " was not caught in " << kMaxCases << " programs";
  if (!failure) return "";
  std::string text = testing::counterexample_text(*failure);
  std::cout << what << " is caught (seed " << testing::kTeethSeed << "): " << failure->description
            << "\nshrunk counterexample:" << text;
  return text;
}

InstrumentOptions variant(bool InstrumentOptions::*field, bool value) {
  InstrumentOptions options;
  options.*field = value;
  return options;
}

// The program of a counterexample (its text after RapidCheck's type line).
std::optional<Program> parse_counterexample(const std::string& text) {
  size_t start = text.find('\n');
  if (start == std::string::npos) return std::nullopt;
  SourceFile file("counterexample.rl", text.substr(start + 1));
  DiagnosticEngine diags(file, nullptr);
  return parse_program(file, diags);
}

TEST(NegativeControls, NoLocationLocksMakesTheInstrumentationRace) {
  // Figure 10: without X[x], the metadata of a racing location is itself raced on.
  expect_caught(testing::check_lemma4, variant(&InstrumentOptions::location_locks, false),
                "the pass without per-location locks (Lemma 4)");
}

TEST(NegativeControls, NoLocationLocksMissesOrMisplacesRaces) {
  // ... and its checks can interleave so that a race goes unreported or is reported as
  // another one.
  expect_caught(testing::check_theorem5, variant(&InstrumentOptions::location_locks, false),
                "the pass without per-location locks (Theorem 5)");
}

TEST(NegativeControls, NoIncrementOnUnlockReportsFalseRaces) {
  // Without C[t][t] += 1 at unlock, accesses after a release look ordered before the next
  // acquirer's view of the lock... and accesses before it look concurrent with later ones:
  // race-free executions fail a check, so their final states go missing.
  expect_caught(testing::check_theorem4, variant(&InstrumentOptions::increment_on_release, false),
                "the pass without the increment on unlock (Theorem 4)");
}

TEST(NegativeControls, StoreCheckingOnlyWritesMissesReadWriteRaces) {
  expect_caught(testing::check_theorem5, variant(&InstrumentOptions::store_checks_reads, false),
                "the store rule without the R[x] check (Theorem 5)");
}

TEST(NegativeControls, Figure9WaitRacesWhenTwoThreadsWait) {
  // §3.4: Figure 9's inc(u, C[u]) after `wait u` is a write to u's clock by the waiter, so
  // two waiters of one thread race on it.
  std::string text =
      expect_caught(testing::check_lemma4, variant(&InstrumentOptions::increment_on_join, true),
                    "Figure 9's wait with two waiters (Lemma 4)");
  auto program = parse_counterexample(text);
  ASSERT_TRUE(program.has_value()) << text;
  EXPECT_TRUE(testgen::has_two_waiters(*program)) << text;
}

// ... and exactly there: with one waiter per thread, Figure 9's wait passes every property.
RC_GTEST_PROP(NegativeControls, Figure9WaitIsHarmlessWithOneWaiterPerThread, ()) {
  PaperProgram program = *gen_paper_program();
  std::string error;
  auto parsed = parse_counterexample("\n" + program.source);
  RC_ASSERT(parsed.has_value());
  RC_PRE(!testgen::has_two_waiters(*parsed));
  InstrumentOptions options = variant(&InstrumentOptions::increment_on_join, true);
  testing::check_lemma4(program, options);
  testing::check_theorem4(program, options);
  testing::check_theorem5(program, options);
}

// RoadRunner's release, L[m] := L[m] ⊔ C[t], is different code for the same algorithm (§4):
// every property holds for it.
RC_GTEST_PROP(PositiveControl, RoadRunnerReleasePassesEveryProperty, ()) {
  PaperProgram program = *gen_paper_program();
  InstrumentOptions options = variant(&InstrumentOptions::release_joins_lock, true);
  testing::check_theorem4(program, options);
  testing::check_theorem5(program, options);
  testing::check_lemmas_3_8_10(program, options);
  testing::check_lemma4(program, options);
}

} // namespace
} // namespace racelang
