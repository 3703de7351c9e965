// The detector properties on random well-formed traces (ctest runs each with 10,000 cases; the
// traces include volatile reads and writes and barrier phases, FastTrack PLDI'09 §4):
//  (a) VectorClock is stuck exactly at the oracle's first race, naming the expected access
//      (CPP'17 Theorem 1: sound and complete);
//  (b) FastTrack is stuck where VectorClock is, on the same kind of access (Theorem 2);
//  (c) DJIT+ makes exactly VectorClock's first report;
//  (d) the multiple-join VectorClock matches the oracle on traces joining threads several times
//      (Theorem 3);
//  (e) VectorClock run with --keep-going reports exactly the oracle's racy accesses;
//  (f) every detector's first report names an earlier access that really conflicts.
// Plus the positive controls (variants that must still pass) and sanity checks of the generator.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "detect/djit.h"
#include "detect/fasttrack.h"
#include "detect/hb_oracle.h"
#include "detect/multijoin_vector_clock.h"
#include "detect/vector_clock.h"
#include "detect/well_formed.h"
#include "tests/detect/detect_checks.h"
#include "tests/detect/trace_gen.h"

namespace racelang::detect {
namespace {

using checks::Mismatch;
using testgen::gen_trace;
using testgen::multi_join_config;

void hold(const Mismatch& mismatch) {
  if (mismatch) RC_FAIL(*mismatch);
}

Trace single_trace() {
  return *gen_trace();
}
Trace multi_trace() {
  return *gen_trace(multi_join_config());
}

// Generator sanity: the traces are in the theorems' domain, and they exercise what the properties
// are about (classified so a run with RC verbose output shows the mix).
RC_GTEST_PROP(DetectGenerator, SingleJoinTracesAreWellFormed, ()) {
  const Trace trace = single_trace();
  const auto error = check_well_formed(trace, JoinDiscipline::Single);
  RC_ASSERT(!error);
  RC_ASSERT(trace.size() <= testgen::TraceGenConfig{}.max_events);
}

RC_GTEST_PROP(DetectGenerator, MultiJoinTracesAreWellFormed, ()) {
  const Trace trace = multi_trace();
  const auto error = check_well_formed(trace, JoinDiscipline::Multiple);
  RC_ASSERT(!error);
}

// (a)
RC_GTEST_PROP(DetectProperties, VectorClockMatchesOracle, ()) {
  VectorClockDetector vc;
  hold(checks::matches_oracle(vc, single_trace()));
}

// (b)
RC_GTEST_PROP(DetectProperties, FastTrackAgreesWithVectorClock, ()) {
  const Trace trace = single_trace();
  FastTrackDetector ft;
  VectorClockDetector vc;
  hold(checks::agrees_with(ft, vc, trace, /*exact_report=*/false));
}

// (c)
RC_GTEST_PROP(DetectProperties, DjitAgreesWithVectorClock, ()) {
  const Trace trace = single_trace();
  DjitDetector djit;
  VectorClockDetector vc;
  hold(checks::agrees_with(djit, vc, trace, /*exact_report=*/true));
}

// (d)
RC_GTEST_PROP(DetectProperties, MultiJoinVectorClockMatchesOracle, ()) {
  MultiJoinVectorClockDetector mj;
  hold(checks::matches_oracle(mj, multi_trace()));
}

// (e)
RC_GTEST_PROP(DetectProperties, VectorClockKeepGoingMatchesOracle, ()) {
  VectorClockDetector vc;
  hold(checks::keep_going_matches_oracle(vc, single_trace()));
}

// (f)
RC_GTEST_PROP(DetectProperties, EveryReportNamesARealConflict, ()) {
  const Trace trace = single_trace();
  VectorClockDetector vc;
  FastTrackDetector ft;
  DjitDetector djit;
  hold(checks::names_real_conflict(vc, trace));
  hold(checks::names_real_conflict(ft, trace));
  hold(checks::names_real_conflict(djit, trace));
  const Trace multi = multi_trace();
  MultiJoinVectorClockDetector mj;
  hold(checks::names_real_conflict(mj, multi));
}

// The single-join algorithms on multiple-join traces: Figure 2's detectors are not defined on
// them, but since the joined thread never acts again the extra increments are harmless.
RC_GTEST_PROP(DetectProperties, SingleJoinDetectorsAgreeOnMultiJoinTraces, ()) {
  const Trace trace = multi_trace();
  VectorClockDetector vc;
  FastTrackDetector ft;
  hold(checks::matches_oracle(vc, trace));
  hold(checks::names_real_conflict(ft, trace));
}

// Positive controls.

// RoadRunner's release (L_m := L_m ⊔ C_t) is still correct (CPP'17 §4).
RC_GTEST_PROP(DetectPositiveControls, RoadRunnerReleaseMatchesOracle, ()) {
  VectorClockOptions options;
  options.release_joins_lock = true;
  VectorClockDetector vc(options);
  hold(checks::matches_oracle(vc, single_trace()));
}

// The join increment only maintains the invariant C_u(u) > C_t(u) (§3.2): on well-formed traces
// dropping it changes no verdict.
RC_GTEST_PROP(DetectPositiveControls, VectorClockWithoutJoinIncrementMatchesOracle, ()) {
  VectorClockOptions options;
  options.increment_on_join = false;
  VectorClockDetector vc(options);
  hold(checks::matches_oracle(vc, single_trace()));
}

// ... and putting it back into the multiple-join variant is harmless for verdicts too: §3.4
// removes it because concurrent joiners would race on C_u, not because it gives wrong answers.
RC_GTEST_PROP(DetectPositiveControls, MultiJoinWithJoinIncrementMatchesOracle, ()) {
  MultiJoinOptions options;
  options.increment_on_join = true;
  MultiJoinVectorClockDetector mj(options);
  hold(checks::matches_oracle(mj, multi_trace()));
}

} // namespace
} // namespace racelang::detect
