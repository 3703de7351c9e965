// The happens-before oracle on hand-written traces: each edge of the definition, transitivity,
// the fork-to-join edge for threads without events, multiple joins, and first_race/all_races.
#include <gtest/gtest.h>

#include "detect/hb_oracle.h"
#include "detect/vector_clock.h"
#include "tests/detect/detect_checks.h"
#include "tests/detect/trace_gen.h"

namespace racelang::detect {
namespace {

TEST(DetectHbOracle, ProgramOrder) {
  const HappensBefore hb({Event::write(0, 0), Event::write(1, 0), Event::read(0, 1)});
  EXPECT_TRUE(hb.ordered(0, 2));
  EXPECT_FALSE(hb.ordered(0, 1));
  EXPECT_FALSE(hb.ordered(1, 2));
  EXPECT_FALSE(hb.ordered(2, 0)); // strict and forward only
  EXPECT_FALSE(hb.ordered(0, 0));
  EXPECT_FALSE(hb.ordered(0, 99));
  EXPECT_EQ(hb.size(), 3u);
}

TEST(DetectHbOracle, ReleaseBeforeLaterAcquire) {
  const Trace trace = {Event::acquire(1, 0), Event::write(0, 0), Event::release(0, 0),
                       Event::acquire(1, 0), Event::read(1, 0),  Event::acquire(2, 1)};
  const HappensBefore hb(trace);
  EXPECT_TRUE(hb.ordered(1, 4)); // transitively through rel -> acq
  EXPECT_TRUE(hb.ordered(2, 3));
  EXPECT_FALSE(hb.ordered(0, 2)); // an acquire does not order later releases of others
  EXPECT_FALSE(hb.ordered(2, 5)); // another lock
}

// The definition orders every earlier release of m before an acquire, not only the last one
// (they coincide on well-formed traces, where VectorClock's L_m := C_t is enough).
TEST(DetectHbOracle, EveryEarlierReleaseCounts) {
  const HappensBefore hb({Event::release(0, 0), Event::release(1, 0), Event::acquire(2, 0)});
  EXPECT_TRUE(hb.ordered(0, 2));
  EXPECT_TRUE(hb.ordered(1, 2));
}

TEST(DetectHbOracle, ForkAndJoin) {
  const Trace trace = {Event::write(0, 0), Event::fork(0, 1), Event::write(0, 1), Event::read(1, 0),
                       Event::write(1, 2), Event::join(0, 1), Event::read(0, 2)};
  const HappensBefore hb(trace);
  EXPECT_TRUE(hb.ordered(0, 3));  // parent before fork -> child
  EXPECT_TRUE(hb.ordered(1, 3));  // fork -> child
  EXPECT_FALSE(hb.ordered(2, 3)); // parent after fork || child
  EXPECT_TRUE(hb.ordered(4, 5));  // child -> join
  EXPECT_TRUE(hb.ordered(4, 6));
  EXPECT_TRUE(hb.ordered(2, 6));
  EXPECT_EQ(first_race(trace), std::nullopt);
}

// A thread with no events between its fork and a join: the fork still orders before the join
// (u's implicit start and end), as VectorClock's clocks do.
TEST(DetectHbOracle, ForkOrdersBeforeJoinOfAnEmptyThread) {
  const Trace trace = {Event::write(0, 0), Event::fork(0, 1), Event::join(2, 1), Event::read(2, 0)};
  const HappensBefore hb(trace);
  EXPECT_TRUE(hb.ordered(1, 2));
  EXPECT_TRUE(hb.ordered(0, 3));
  EXPECT_EQ(first_race(trace), std::nullopt);
  VectorClockDetector vc;
  EXPECT_EQ(checks::first_report(vc, trace), std::nullopt);
}

TEST(DetectHbOracle, EveryJoinOfAThreadFollowsAllItsEvents) {
  const Trace trace = {Event::fork(0, 1),  Event::fork(0, 2), Event::fork(0, 3),
                       Event::write(3, 0), Event::exit(3),    Event::join(1, 3),
                       Event::join(2, 3),  Event::read(1, 0), Event::read(2, 0)};
  const HappensBefore hb(trace);
  EXPECT_TRUE(hb.ordered(3, 7));
  EXPECT_TRUE(hb.ordered(3, 8));
  EXPECT_TRUE(hb.ordered(4, 6));  // exit -> join
  EXPECT_FALSE(hb.ordered(5, 8)); // the two joins are unordered
  EXPECT_EQ(first_race(trace), std::nullopt);
}

TEST(DetectHbOracle, FirstRaceListsEveryConflictingAccess) {
  const Trace trace = {Event::fork(0, 1), Event::fork(0, 2),  Event::read(1, 0), Event::write(2, 1),
                       Event::read(2, 0), Event::write(0, 0), Event::write(1, 1)};
  const auto race = first_race(trace);
  ASSERT_TRUE(race.has_value());
  EXPECT_EQ(race->index, 5u);
  EXPECT_EQ(race->conflicting, (std::vector<std::size_t>{2, 4}));
  EXPECT_EQ(race->previous(), 4u);
  const auto races = all_races(trace);
  ASSERT_EQ(races.size(), 2u);
  EXPECT_EQ(races[0], *race);
  EXPECT_EQ(races[1], (OracleRace{6, {3}}));
  EXPECT_EQ(checks::expected_report(trace, *race), std::make_pair(EventKind::Read, ThreadId{1}));
}

TEST(DetectHbOracle, RaceFreeTraces) {
  EXPECT_EQ(first_race({}), std::nullopt);
  EXPECT_EQ(first_race({Event::read(0, 0), Event::read(1, 0), Event::read(2, 0)}), std::nullopt);
  EXPECT_EQ(first_race({Event::write(0, 0), Event::write(0, 0)}), std::nullopt);
  EXPECT_EQ(first_race({Event::write(0, 0), Event::write(1, 1)}), std::nullopt);
  EXPECT_TRUE(all_races({Event::acquire(0, 0), Event::release(0, 0)}).empty());
}

// Rows longer than one 64-bit word: a chain of lock handoffs across 200 events.
TEST(DetectHbOracle, LongTracesUseManyWords) {
  Trace trace = {Event::write(0, 0)};
  for (ThreadId t = 0; t < 66; ++t) {
    trace.push_back(Event::release(t, 0));
    trace.push_back(Event::acquire(t + 1, 0));
    trace.push_back(Event::read(t + 1, 1));
  }
  trace.push_back(Event::write(66, 0));
  const HappensBefore hb(trace);
  EXPECT_TRUE(hb.ordered(0, trace.size() - 1));
  EXPECT_TRUE(hb.ordered(3, 196)); // each read is before the next release
  EXPECT_EQ(first_race(trace), std::nullopt);
  trace.push_back(Event::write(67, 1)); // concurrent with all 66 reads of x1
  const HappensBefore longer(trace);
  EXPECT_FALSE(longer.ordered(3, trace.size() - 1));
  EXPECT_FALSE(longer.ordered(195, trace.size() - 1));
  const auto race = first_race(trace);
  ASSERT_TRUE(race.has_value());
  EXPECT_EQ(race->index, trace.size() - 1);
  EXPECT_EQ(race->conflicting.size(), 66u);
}

} // namespace
} // namespace racelang::detect
