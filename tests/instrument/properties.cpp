// The property checks (see properties.h). Each builds the original and instrumented programs,
// explores them under every schedule and compares projections (instrument_harness.h); on a
// mismatch the message shows both sides, and RapidCheck shows the program as source.
#include "tests/instrument/properties.h"

#include <rapidcheck.h>

#include "tests/instrument/instrument_harness.h"

namespace racelang::testing {
namespace {

std::unique_ptr<Subject> subject_of(const testgen::PaperProgram& program,
                                    const InstrumentOptions& options) {
  std::string error;
  auto s = make_subject(program.source, options, error);
  if (!s) RC_FAIL(error);
  return s;
}

void assert_complete(const ExploreResult& r, const char* what) {
  if (!r.limit.empty()) RC_FAIL(std::string(what) + ": the " + r.limit + " limit stopped it");
}

void assert_equal(const std::set<std::string>& original, const std::set<std::string>& other,
                  const std::string& what, const char* left, const char* right) {
  if (original == other) return;
  RC_FAIL(what + " differ.\n" + left + ": " + show(original) + "\n" + right + ": " + show(other));
}

} // namespace

void check_theorem4(const testgen::PaperProgram& program, const InstrumentOptions& options) {
  auto s = subject_of(program, options);
  ExploreResult original = explore_original(*s);
  assert_complete(original, "exploring the original");
  ExploreResult small = explore_instrumented(*s, Semantics::SmallStep);
  assert_complete(small, "exploring the instrumented program");
  RC_TAG(original.races.empty() ? "race-free" : "racy");
  assert_equal(finals(s->original, original.race_free_final_states),
               finals(s->instrumented, small.final_states), "Final states",
               "original, race-free executions", "instrumented (small-step)");
  // Nothing else may happen to the instrumented program: no deadlock, no other failure.
  RC_ASSERT(small.deadlocks.size() == original.deadlocks.size());
  RC_ASSERT(small.runtime_errors.empty());
  RC_ASSERT(small.assertion_failures.empty());
}

void check_theorem5(const testgen::PaperProgram& program, const InstrumentOptions& options) {
  auto s = subject_of(program, options);
  ExploreResult original = explore_original(*s);
  assert_complete(original, "exploring the original");
  ExploreResult bigger = explore_instrumented(*s, Semantics::BiggerStep);
  assert_complete(bigger, "exploring the instrumented program (bigger-step)");
  ExploreResult small = explore_instrumented(*s, Semantics::SmallStep);
  assert_complete(small, "exploring the instrumented program (small-step)");
  bool racy = !original.races.empty();
  RC_TAG(racy ? "racy" : "race-free");
  auto small_fails = check_failure_identities(s->instrumented, small);
  if (racy != !small_fails.empty())
    RC_FAIL(std::string(racy ? "the original races but no check fails"
                             : "a check fails but the original never races") +
            "\nfailing checks: " + show(small_fails));
  assert_equal(first_race_points(s->original, original, true),
               check_failure_points(s->instrumented, bigger, true), "States before the first race",
               "original (state => race)", "instrumented, bigger-step (state => failing check)");
  assert_equal(first_race_identities(s->original, original), small_fails, "First races", "original",
               "instrumented, small-step failing checks");
}

void check_lemmas_3_8_10(const testgen::PaperProgram& program, const InstrumentOptions& options) {
  auto s = subject_of(program, options);
  ExploreResult bigger = explore_instrumented(*s, Semantics::BiggerStep);
  assert_complete(bigger, "exploring the instrumented program (bigger-step)");
  ExploreResult small = explore_instrumented(*s, Semantics::SmallStep);
  assert_complete(small, "exploring the instrumented program (small-step)");
  RC_TAG(bigger.failure_states.empty() ? "no failing check" : "failing check");
  assert_equal(finals(s->instrumented, small.final_states),
               finals(s->instrumented, bigger.final_states), "Final states", "small-step",
               "bigger-step");
  assert_equal(completed_check_failure_points(s->instrumented, small),
               check_failure_points(s->instrumented, bigger, false),
               "States before a failing check", "small-step (sections completed)", "bigger-step");
  RC_ASSERT(small.deadlocks.size() == bigger.deadlocks.size());
}

void check_lemma4(const testgen::PaperProgram& program, const InstrumentOptions& options) {
  auto s = subject_of(program, options);
  ExploreResult small = explore_instrumented(*s, Semantics::SmallStep, /*with_detector=*/true);
  assert_complete(small, "exploring the instrumented program with VectorClock");
  for (const ExploreRace& race : small.races) {
    std::string name = s->instrumented.info.cell_name(race.report.cell);
    if (is_instrumentation_name(name))
      RC_FAIL("the instrumentation races with itself on '" + name + "': thread " +
              std::to_string(race.report.current.thread) + " and thread " +
              std::to_string(race.report.previous.thread));
  }
}

} // namespace racelang::testing
