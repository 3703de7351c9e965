// The property checks (see properties.h). Each builds the original and instrumented programs,
// explores them under every schedule and compares projections (subject.h); on a mismatch the
// message shows both sides and a schedule on which the difference shows, and RapidCheck shows
// the program as source.
#include "verify/properties.h"

#include <algorithm>

#include <rapidcheck.h>

#include "interp/scheduler.h"
#include "verify/subject.h"

namespace racelang::verify {
namespace {

bool evidence_wanted = true;

std::unique_ptr<Subject> subject_of(const PaperProgram& program, const PassOptions& pass) {
  std::string error;
  auto s = make_subject(program.source, pass, error);
  if (!s) RC_FAIL(error);
  return s;
}

void assert_complete(const ExploreResult& r, const char* what) {
  if (!r.limit.empty()) RC_FAIL(std::string(what) + ": the " + r.limit + " limit stopped it");
}

// One side of a comparison: the program it comes from, how to run it, and whether its
// elements are final states or (state =>) race identities.
struct Side {
  const char* name;
  const RunnableProgram* program;
  std::optional<detect::DetectorKind> detector;
  bool bigger_step = false;
};

enum class Elements { FinalStates, Races };

// "schedule (the instrumented program, small-step): 0,1,1" for the first element that only
// one side has, or "" if no random schedule shows it.
std::string evidence(const std::set<std::string>& only, const Side& side, Elements elements) {
  if (!evidence_wanted) return "";
  for (const std::string& element : only) {
    WitnessGoal goal;
    if (elements == Elements::FinalStates) {
      goal.final_state = element;
    } else {
      size_t arrow = element.rfind(" => ");
      goal.race = arrow == std::string::npos ? element : element.substr(arrow + 4);
    }
    auto schedule = find_witness(*side.program, side.detector, side.bigger_step, goal);
    if (schedule)
      return std::string("\nschedule showing ") + element + " (" + side.name +
             "): --schedule-string=" + format_schedule_string(*schedule) +
             (side.bigger_step ? " --bigger-step" : "");
  }
  return "";
}

void assert_equal(const std::set<std::string>& left, const std::set<std::string>& right,
                  const std::string& what, const Side& left_side, const Side& right_side,
                  Elements elements) {
  if (left == right) return;
  std::set<std::string> only_left, only_right;
  for (const std::string& e : left)
    if (!right.count(e)) only_left.insert(e);
  for (const std::string& e : right)
    if (!left.count(e)) only_right.insert(e);
  std::string shown = evidence(only_left, left_side, elements);
  if (shown.empty()) shown = evidence(only_right, right_side, elements);
  RC_FAIL(what + " differ.\n" + left_side.name + ": " + show(left) + "\n" + right_side.name + ": " +
          show(right) + shown);
}

// Whether the pass coalesces some loop of the subject's program into a range check: then
// Theorem 5 holds in its weaker form (properties.h, docs/instrumentation.md "Range coalescing").
bool coalesces_a_loop(const Subject& s) {
  elide::ElisionOptions options = elision_options(s.pass);
  if (!options.range) return false;
  return elide::plan_elision(s.original.program, s.original.info, options).coalesced_loop_count() >
         0;
}

// `part` ⊆ `whole`, else a failure that shows what only `part` has and a schedule for it.
void assert_subset(const std::set<std::string>& part, const std::set<std::string>& whole,
                   const std::string& what, const Side& part_side, const Side& whole_side) {
  std::set<std::string> only;
  for (const std::string& e : part)
    if (!whole.count(e)) only.insert(e);
  if (only.empty()) return;
  RC_FAIL(what + ".\n" + part_side.name + ": " + show(part) + "\n" + whole_side.name + ": " +
          show(whole) + evidence(only, part_side, Elements::Races));
}

Side original_side(const Subject& s, const char* name) {
  return {name, &s.original, pass_info(s.pass.pass).reference, false};
}
Side small_side(const Subject& s, const char* name) {
  return {name, &s.instrumented, std::nullopt, false};
}
Side bigger_side(const Subject& s, const char* name) {
  return {name, &s.instrumented, std::nullopt, true};
}

} // namespace

void set_failure_evidence(bool on) {
  evidence_wanted = on;
}

void check_theorem4(const PaperProgram& program, const PassOptions& pass) {
  auto s = subject_of(program, pass);
  ExploreResult original = explore_original(*s);
  assert_complete(original, "exploring the original");
  ExploreResult small = explore_instrumented(*s, Semantics::SmallStep);
  assert_complete(small, "exploring the instrumented program");
  RC_TAG(original.races.empty() ? "race-free" : "racy");
  assert_equal(finals(s->original, original.race_free_final_states),
               finals(s->instrumented, small.final_states), "Final states",
               original_side(*s, "original, race-free executions"),
               small_side(*s, "instrumented (small-step)"), Elements::FinalStates);
  // Nothing else may happen to the instrumented program: no deadlock, no other failure.
  RC_ASSERT(small.deadlocks.size() == original.deadlocks.size());
  RC_ASSERT(small.runtime_errors.empty());
  RC_ASSERT(small.assertion_failures.empty());
}

void check_theorem5(const PaperProgram& program, const PassOptions& pass) {
  auto s = subject_of(program, pass);
  ExploreResult original = explore_original(*s);
  assert_complete(original, "exploring the original");
  ExploreResult bigger = explore_instrumented(*s, Semantics::BiggerStep);
  assert_complete(bigger, "exploring the instrumented program (bigger-step)");
  ExploreResult small = explore_instrumented(*s, Semantics::SmallStep);
  assert_complete(small, "exploring the instrumented program (small-step)");
  bool racy = !original.races.empty();
  RC_TAG(racy ? "racy" : "race-free");
  auto small_fails = check_failure_identities(s->instrumented, small);
  if (racy != !small_fails.empty()) {
    std::string shown =
        racy ? "\nschedule on which the original races: --schedule-string=" +
                   format_schedule_string(original.races.front().witness)
             : evidence(small_fails, small_side(*s, "instrumented, small-step"), Elements::Races);
    RC_FAIL(std::string(racy ? "the original races but no check fails"
                             : "a check fails but the original never races") +
            "\nfailing checks: " + show(small_fails) + shown);
  }
  if (!coalesces_a_loop(*s)) {
    assert_equal(first_race_points(s->original, original, true),
                 check_failure_points(s->instrumented, bigger, true),
                 "States before the first race", original_side(*s, "original (state => race)"),
                 bigger_side(*s, "instrumented, bigger-step (state => failing check)"),
                 Elements::Races);
  } else {
    // A range check checks a loop's accesses before the loop makes them, so another thread's
    // access can fail against one the loop has yet to make, and the range check itself reports
    // the loop's race at its head: the races reported are the original's first races, but not
    // every first race of the original is (docs/instrumentation.md, "Range coalescing").
    RC_TAG("range check");
    std::set<std::string> races = first_race_identities(s->original, original);
    assert_subset(check_failure_identities(s->instrumented, bigger), races,
                  "the bigger-step failing checks name races the original never meets first",
                  bigger_side(*s, "instrumented, bigger-step failing checks"),
                  original_side(*s, "original"));
    assert_subset(small_fails, races,
                  "the small-step failing checks name races the original never meets first",
                  small_side(*s, "instrumented, small-step failing checks"),
                  original_side(*s, "original"));
    return;
  }
  assert_equal(first_race_identities(s->original, original), small_fails, "First races",
               original_side(*s, "original"),
               small_side(*s, "instrumented, small-step failing checks"), Elements::Races);
}

void check_lemmas_3_8_10(const PaperProgram& program, const PassOptions& pass) {
  auto s = subject_of(program, pass);
  ExploreResult bigger = explore_instrumented(*s, Semantics::BiggerStep);
  assert_complete(bigger, "exploring the instrumented program (bigger-step)");
  ExploreResult small = explore_instrumented(*s, Semantics::SmallStepSourceSteps);
  assert_complete(small, "exploring the instrumented program (small-step)");
  RC_TAG(bigger.failure_states.empty() ? "no failing check" : "failing check");
  assert_equal(finals(s->instrumented, small.final_states),
               finals(s->instrumented, bigger.final_states), "Final states",
               small_side(*s, "small-step"), bigger_side(*s, "bigger-step"), Elements::FinalStates);
  // Completed on both sides: a bigger-step state can have a thread woken inside a group (from
  // a wait(c, m) or an await, whose group continues after the park) whose rest of the group has
  // not run yet; completing it is the same reordering as for the small-step states.
  assert_equal(completed_check_failure_points(s->instrumented, small),
               completed_check_failure_points(s->instrumented, bigger),
               "States before a failing check", small_side(*s, "small-step (sections completed)"),
               bigger_side(*s, "bigger-step"), Elements::Races);
  RC_ASSERT(small.deadlocks.size() == bigger.deadlocks.size());
}

void check_lemma4(const PaperProgram& program, const PassOptions& pass) {
  auto s = subject_of(program, pass);
  ExploreResult small = explore_instrumented_races(*s);
  assert_complete(small, "exploring the instrumented program with VectorClock");
  const std::vector<std::string_view>& unlocked = pass_info(s->pass.pass).unlocked_reads;
  for (const ExploreRace& race : small.races) {
    std::string name = s->instrumented.info.cell_name(race.report.cell);
    if (!is_instrumentation_name(name)) continue;
    // The documented exception: the pass's same-epoch tests read these outside X[x]; every
    // store to them is under X[x], so a race on them with a read in it is such a test.
    const Symbol* symbol = s->instrumented.info.symbol_of_cell(race.report.cell);
    bool read_side = race.report.current.kind == AccessKind::Read ||
                     race.report.previous.kind == AccessKind::Read;
    if (read_side && symbol &&
        std::find(unlocked.begin(), unlocked.end(), symbol->name) != unlocked.end())
      continue;
    // The reduced exploration's witnesses run several accesses in one step; the plain
    // small-step semantics gives one that `racelang run` replays.
    std::string shown;
    ExploreResult plain;
    if (evidence_wanted)
      plain = explore_instrumented(*s, Semantics::SmallStepUnreduced, /*with_detector=*/true);
    for (const ExploreRace& r : plain.races)
      if (s->instrumented.info.cell_name(r.report.cell) == name) {
        shown = std::string("\nschedule (the instrumented program, small-step, --detector=vc") +
                (r.first_on_witness ? "" : " --keep-going") +
                "): --schedule-string=" + format_schedule_string(r.witness);
        break;
      }
    RC_FAIL("the instrumentation races with itself on '" + name + "': thread " +
            std::to_string(race.report.current.thread) + " and thread " +
            std::to_string(race.report.previous.thread) + shown);
  }
}

const std::vector<Property>& instrumentation_properties() {
  static const std::vector<Property> properties = {
      {"theorem4",
       "the instrumented program's final states are those of the original's race-free runs",
       check_theorem4},
      {"theorem5",
       "a check fails iff the original races; the same first races, from the same states",
       check_theorem5},
      {"lemmas-3-8-10", "small-step and bigger-step semantics agree on the instrumented program",
       check_lemmas_3_8_10},
      {"lemma4", "the instrumentation never races on its own metadata", check_lemma4},
  };
  return properties;
}

const Property* find_property(std::string_view name) {
  for (const Property& p : instrumentation_properties())
    if (p.name == name) return &p;
  return nullptr;
}

} // namespace racelang::verify
