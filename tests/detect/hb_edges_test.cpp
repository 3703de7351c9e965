// The direct happens-before edges: exactly the expected edges on hand-written traces (locks,
// fork/join, volatiles, barriers), their closure with program order equal to the oracle's
// relation on generated traces (both join disciplines, with volatiles and barriers), and negative
// controls: each broken rule of HbEdgeOptions is caught.
#include <iostream>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "detect/hb_edges.h"
#include "tests/detect/detect_checks.h"
#include "tests/detect/trace_gen.h"

namespace racelang::detect {

void PrintTo(const HbEdge& e, std::ostream* os) {
  *os << to_string(e.kind) << " " << e.from << "->" << e.to;
}

namespace {

using K = HbEdgeKind;

TEST(DetectHbEdges, LockHandOffForkAndJoin) {
  const Trace trace = {Event::fork(0, 1),    Event::acquire(0, 0), Event::write(0, 0),
                       Event::release(0, 0), Event::acquire(1, 0), Event::read(1, 0),
                       Event::release(1, 0), Event::acquire(0, 0), Event::release(0, 0),
                       Event::join(0, 1)};
  const std::vector<HbEdge> expected = {
      {0, 4, K::Fork},           // fork -> the child's first event
      {3, 4, K::ReleaseAcquire}, // hand-off to thread 1
      {6, 7, K::ReleaseAcquire}, // and back: only the last release, not the one at 3
      {6, 9, K::Join},           // the child's last event -> join
  };
  EXPECT_EQ(direct_hb_edges(trace), expected);
  EXPECT_EQ(checks::edges_match_oracle(trace, expected), std::nullopt);
}

TEST(DetectHbEdges, EmptyThreadForkStandsForItsEnd) {
  const Trace trace = {Event::fork(0, 1), Event::write(0, 0), Event::join(0, 1)};
  const std::vector<HbEdge> expected = {{0, 2, K::Join}};
  EXPECT_EQ(direct_hb_edges(trace), expected);
}

TEST(DetectHbEdges, EveryJoinOfAThreadGetsAnEdge) {
  const Trace trace = {Event::fork(0, 1), Event::fork(0, 2), Event::write(1, 0),
                       Event::exit(1),    Event::join(0, 1), Event::join(2, 1)};
  // join(2,1) is also thread 2's first event, so it gets thread 2's fork edge too.
  const std::vector<HbEdge> expected = {
      {0, 2, K::Fork}, {3, 4, K::Join}, {1, 5, K::Fork}, {3, 5, K::Join}};
  EXPECT_EQ(direct_hb_edges(trace), expected);
  EXPECT_EQ(checks::edges_match_oracle(trace, expected), std::nullopt);
}

TEST(DetectHbEdges, RacyAccessesHaveNoEdges) {
  const Trace trace = {Event::fork(0, 1), Event::write(0, 0), Event::write(1, 0)};
  const std::vector<HbEdge> expected = {{0, 2, K::Fork}};
  EXPECT_EQ(direct_hb_edges(trace), expected);
}

// A volatile read needs the last write of every other thread that wrote v (writes are not ordered
// with each other), except writes its thread's previous read of v already reaches.
TEST(DetectHbEdges, VolatileReadGetsTheLastWriteOfEachThread) {
  const Trace trace = {Event::fork(0, 1),           Event::fork(0, 2),
                       Event::volatile_write(1, 0), Event::volatile_write(2, 0),
                       Event::volatile_read(0, 0),  Event::volatile_read(0, 0),
                       Event::volatile_write(1, 0), Event::volatile_write(0, 0),
                       Event::volatile_read(0, 0),  Event::volatile_read(2, 1)};
  const std::vector<HbEdge> expected = {
      {0, 2, K::Fork},
      {1, 3, K::Fork},
      {2, 4, K::VolatileWriteRead}, // both writers: neither write happens before the other
      {3, 4, K::VolatileWriteRead},
      // 5: nothing new since the read at 4; 8: thread 1's new write, not thread 0's own at 7
      {6, 8, K::VolatileWriteRead},
      // 9 reads another volatile: nothing
  };
  EXPECT_EQ(direct_hb_edges(trace), expected);
  EXPECT_EQ(checks::edges_match_oracle(trace, expected), std::nullopt);
  HbEdgeOptions last_only;
  last_only.volatile_from_last_write_only = true;
  EXPECT_NE(checks::edges_match_oracle(trace, direct_hb_edges(trace, last_only)), std::nullopt);
}

// Each departure gets an edge from every other thread's arrival in its phase, and nothing from an
// earlier phase.
TEST(DetectHbEdges, BarrierArrivalsToDeparturesOfTheirPhase) {
  const Trace trace = {
      Event::fork(0, 1),           Event::fork(0, 2),           Event::write(1, 0),
      Event::barrier_arrive(1, 0), Event::barrier_arrive(2, 0), Event::barrier_arrive(0, 0),
      Event::barrier_depart(0, 0), Event::barrier_depart(1, 0), Event::barrier_depart(2, 0),
      Event::barrier_arrive(1, 0), Event::barrier_depart(1, 0)};
  const std::vector<HbEdge> expected = {
      {0, 2, K::Fork},         {1, 4, K::Fork},         {3, 6, K::ArriveDepart},
      {4, 6, K::ArriveDepart}, {4, 7, K::ArriveDepart}, {5, 7, K::ArriveDepart},
      {3, 8, K::ArriveDepart}, {5, 8, K::ArriveDepart},
      // 9 opens a new phase of thread 1 alone: no edges into 10
  };
  EXPECT_EQ(direct_hb_edges(trace), expected);
  EXPECT_EQ(checks::edges_match_oracle(trace, expected), std::nullopt);
}

TEST(DetectHbEdges, OracleCheckRejectsMisshapenEdges) {
  const Trace trace = {Event::release(0, 0), Event::acquire(1, 1)};
  EXPECT_NE(checks::edges_match_oracle(trace, {{0, 1, K::ReleaseAcquire}}), std::nullopt);
}

RC_GTEST_PROP(DetectHbEdges, ClosureIsTheOracleSingleJoin, ()) {
  const Trace trace = *testgen::gen_trace();
  if (auto mismatch = checks::edges_match_oracle(trace, direct_hb_edges(trace)))
    RC_FAIL(to_string(trace) + " -- " + *mismatch);
}

RC_GTEST_PROP(DetectHbEdges, ClosureIsTheOracleMultipleJoins, ()) {
  const Trace trace = *testgen::gen_trace(testgen::multi_join_config());
  if (auto mismatch = checks::edges_match_oracle(trace, direct_hb_edges(trace)))
    RC_FAIL(to_string(trace) + " -- " + *mismatch);
}

// Negative controls: each broken rule must be caught within the generator's traces.
void expect_caught(const HbEdgeOptions& broken, const testgen::TraceGenConfig& config = {}) {
  auto found = checks::find_counterexample(testgen::gen_trace(config), [&](const Trace& t) {
    return checks::edges_match_oracle(t, direct_hb_edges(t, broken));
  });
  ASSERT_TRUE(found.has_value()) << "the broken variant passed every generated trace";
  std::cout << "counterexample: " << *found << "\n";
}

HbEdgeOptions flipped(bool HbEdgeOptions::*rule) {
  HbEdgeOptions options;
  options.*rule = !(options.*rule);
  return options;
}

TEST(DetectHbEdgesNegativeControls, WithoutReleaseAcquire) {
  expect_caught(flipped(&HbEdgeOptions::release_acquire));
}
TEST(DetectHbEdgesNegativeControls, WithoutFork) {
  expect_caught(flipped(&HbEdgeOptions::fork));
}
TEST(DetectHbEdgesNegativeControls, WithoutJoin) {
  expect_caught(flipped(&HbEdgeOptions::join));
}
TEST(DetectHbEdgesNegativeControls, AcquireFromFirstRelease) {
  expect_caught(flipped(&HbEdgeOptions::acquire_from_first_release));
}
TEST(DetectHbEdgesNegativeControls, WithoutVolatileWriteRead) {
  expect_caught(flipped(&HbEdgeOptions::volatile_write_read));
}
TEST(DetectHbEdgesNegativeControls, WithoutArriveDepart) {
  expect_caught(flipped(&HbEdgeOptions::arrive_depart));
}
// The tempting hand-off reading of volatiles, as for locks: only the last write reaches a read.
TEST(DetectHbEdgesNegativeControls, VolatileFromLastWriteOnly) {
  expect_caught(flipped(&HbEdgeOptions::volatile_from_last_write_only));
}
TEST(DetectHbEdgesNegativeControls, WithoutJoinMultipleJoins) {
  expect_caught(flipped(&HbEdgeOptions::join), testgen::multi_join_config());
}

} // namespace
} // namespace racelang::detect
