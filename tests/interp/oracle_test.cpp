// The interpreter's race verdicts agree with the happens-before oracle (detect/hb_oracle.h) on
// the traces its runs produce: generated programs run under random seeds with each detector, and
// the recorded label trace is checked by brute force. A run stops at a race exactly when the
// oracle finds one, at the same event, naming an earlier access the oracle says is concurrent;
// with --keep-going, the accesses reported are exactly the oracle's racy accesses (up to the
// run's deduplication). Also checks that every trace a run produces is well formed.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>

#include "detect/hb_oracle.h"
#include "detect/vector_clock.h"
#include "detect/well_formed.h"
#include "frontend/print.h"
#include "interp/race_observer.h"
#include "tests/interp/concurrent_gen.h"
#include "tests/interp/interp_harness.h"
#include "tests/support/program_gen.h"
#include "verify/property_runner.h"

namespace racelang {
namespace {

// Mostly programs made to race (concurrent_gen.h); some from the general program generator,
// whose arbitrary expressions and control flow also exercise runtime errors and loops.
std::unique_ptr<testing::Compiled> gen_compiled() {
  std::string text;
  if (*rc::gen::weightedElement<bool>({{4, true}, {1, false}})) {
    text = *testing::gen_concurrent_source({.loops = *rc::gen::arbitrary<bool>()});
  } else {
    testgen::GenConfig config;
    config.weights.print = 0;
    text = print_program(*testgen::gen_program(config));
  }
  RC_LOG() << text;
  return testing::compile(text);
}

detect::Trace trace_of(const std::vector<LabelledStep>& events) {
  detect::Trace trace;
  for (const LabelledStep& e : events)
    if (auto event = to_event(e.label)) trace.push_back(*event);
  return trace;
}

using DetectorFactory = std::function<std::unique_ptr<detect::Detector>()>;

// `broken`, when set, replaces the detector (the negative control).
void check_first_race(const DetectorFactory& broken) {
  auto c = gen_compiled();
  RC_ASSERT(c != nullptr);
  auto kind =
      *rc::gen::element(detect::DetectorKind::VectorClock, detect::DetectorKind::FastTrack,
                        detect::DetectorKind::Djit, detect::DetectorKind::MultiJoinVectorClock);
  uint64_t seed = *rc::gen::inRange<uint64_t>(0, 1000000);
  InterpreterOptions options;
  options.detector = kind;
  options.detector_factory = broken;
  options.max_steps = 5000;
  auto run = testing::run_seed(*c, seed, options);
  detect::Trace trace = trace_of(run.events);
  RC_ASSERT(!detect::check_well_formed(trace, detect::JoinDiscipline::Multiple).has_value());
  auto oracle = detect::first_race(trace);
  RC_TAG(run.result.outcome == Outcome::Race ? "race" : "no race");
  if (run.result.outcome != Outcome::Race) {
    RC_ASSERT(!oracle.has_value());
    return;
  }
  RC_ASSERT(oracle.has_value());
  // The run stops right after the racing access: it is the trace's last event.
  RC_ASSERT(oracle->index + 1 == trace.size());
  const RaceReport& report = run.result.races.back();
  RC_ASSERT(report.cell == trace.back().target);
  // The earlier access the report names is one the oracle finds concurrent.
  bool named = false;
  for (size_t i : oracle->conflicting) {
    const detect::Event& e = trace[i];
    bool write = e.kind == detect::EventKind::Write;
    named = named || (static_cast<int64_t>(e.thread) == report.previous.thread &&
                      write == (report.previous.kind == AccessKind::Write));
  }
  RC_ASSERT(named);
}

RC_GTEST_PROP(OracleAgreement, FirstRaceIsTheOraclesFirstRace, ()) {
  check_first_race({});
}

TEST(OracleAgreement, PropertyCatchesABrokenDetector) {
  // VectorClock without the increment on release misses races after a lock handover.
  auto failure = verify::find_failure(
      [] {
        check_first_race([] {
          detect::VectorClockOptions broken;
          broken.increment_on_release = false;
          return std::make_unique<detect::VectorClockDetector>(broken);
        });
      },
      500);
  ASSERT_TRUE(failure.has_value());
}

RC_GTEST_PROP(OracleAgreement, KeepGoingReportsExactlyTheRacyAccesses, ()) {
  auto c = gen_compiled();
  RC_ASSERT(c != nullptr);
  uint64_t seed = *rc::gen::inRange<uint64_t>(0, 1000000);
  InterpreterOptions options; // VectorClock: exact after force() too (detect/vector_clock.h)
  options.keep_going = true;
  options.max_steps = 5000;
  // Count the races as the detector reports them, event by event (the run itself reports
  // each distinct race once).
  std::vector<size_t> racy_events;
  size_t labelled = 0;
  options.on_event = [&](const LabelledStep& e) {
    if (to_event(e.label)) ++labelled;
  };
  options.on_race = [&](const RaceReport&) { racy_events.push_back(labelled - 1); };
  auto run = testing::run_seed(*c, seed, options);
  detect::Trace trace = trace_of(run.events);
  std::vector<size_t> oracle;
  for (const detect::OracleRace& r : detect::all_races(trace)) oracle.push_back(r.index);
  RC_TAG(oracle.empty() ? "no race" : oracle.size() == 1 ? "one racy access" : "several");
  // Every distinct race reported is at an access the oracle calls racy, and every racy access
  // of the oracle is covered by a reported race on its location involving its source position
  // (a race is reported once per location and pair of positions, in either order).
  for (size_t i : racy_events)
    RC_ASSERT(std::find(oracle.begin(), oracle.end(), i) != oracle.end());
  std::vector<LabelledStep> accesses;
  for (const LabelledStep& e : run.events)
    if (to_event(e.label)) accesses.push_back(e);
  for (size_t i : oracle) {
    bool covered = false;
    for (const RaceReport& r : run.result.races)
      covered = covered || (r.cell == accesses[i].label.target &&
                            (r.current.range.begin == accesses[i].range.begin ||
                             r.previous.range.begin == accesses[i].range.begin));
    RC_ASSERT(covered);
  }
}

} // namespace
} // namespace racelang
