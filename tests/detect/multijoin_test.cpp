// The multiple-join VectorClock of CPP'17 §3.4 on hand-written traces: several threads joining
// one exited thread, the invariant the missing increment gives up, the exit discipline enforced
// with ProtocolError, and the broken "merge only at the first join" variant.
#include <gtest/gtest.h>

#include "detect/multijoin_vector_clock.h"
#include "detect/vector_clock.h"
#include "tests/detect/detect_checks.h"
#include "tests/detect/trace_gen.h"

namespace racelang::detect {
namespace {

// t3 writes x and exits; t1 and t2 both join it and read x.
const Trace kTwoJoiners = {Event::fork(0, 1),  Event::fork(0, 2), Event::fork(0, 3),
                           Event::write(3, 0), Event::exit(3),    Event::join(1, 3),
                           Event::join(2, 3),  Event::read(1, 0), Event::read(2, 0)};

TEST(DetectMultiJoin, SeveralThreadsJoinOneExitedThread) {
  MultiJoinVectorClockDetector mj;
  EXPECT_EQ(checks::first_report(mj, kTwoJoiners), std::nullopt);
  EXPECT_TRUE(mj.has_exited(3));
  EXPECT_FALSE(mj.has_exited(1));
  // Both joiners now know t3's write, and a thread that did not join still races with it.
  EXPECT_EQ(mj.thread_clock(1).get(3), mj.thread_clock(2).get(3));
  EXPECT_EQ(mj.step(Event::read(4, 0)), (Race{Event::read(4, 0), EventKind::Write, 3}));
}

TEST(DetectMultiJoin, JoinDoesNotWriteTheJoinedThreadsClock) {
  MultiJoinVectorClockDetector mj;
  ASSERT_EQ(checks::first_report(mj, kTwoJoiners), std::nullopt);
  const VectorClock::Clock own = mj.thread_clock(3).get(3);
  EXPECT_EQ(own, 1u); // untouched by both joins
  // The invariant C_u(u) > C_t(u) is given up for exited threads...
  EXPECT_EQ(mj.thread_clock(1).get(3), own);
  // ... which Figure 2's increment would have kept (at the price of joiners writing C_u).
  MultiJoinVectorClockDetector with_increment(MultiJoinOptions{.increment_on_join = true});
  ASSERT_EQ(checks::first_report(with_increment, kTwoJoiners), std::nullopt);
  EXPECT_GT(with_increment.thread_clock(3).get(3), with_increment.thread_clock(1).get(3));
  EXPECT_GT(with_increment.thread_clock(3).get(3), with_increment.thread_clock(2).get(3));
}

TEST(DetectMultiJoin, SameThreadMayJoinTwice) {
  MultiJoinVectorClockDetector mj;
  EXPECT_EQ(checks::first_report(mj, {Event::fork(0, 1), Event::write(1, 0), Event::exit(1),
                                      Event::join(0, 1), Event::join(0, 1), Event::write(0, 0)}),
            std::nullopt);
}

TEST(DetectMultiJoin, MergingOnlyAtTheFirstJoinReportsAFalseRace) {
  MultiJoinVectorClockDetector broken(MultiJoinOptions{.merge_on_repeated_join = false});
  const auto report = checks::first_report(broken, kTwoJoiners);
  EXPECT_EQ(report, (checks::Report{8, Race{Event::read(2, 0), EventKind::Write, 3}}));
}

TEST(DetectMultiJoinProtocol, ActingAfterExitIsRejected) {
  MultiJoinVectorClockDetector mj;
  ASSERT_EQ(mj.step(Event::fork(0, 1)), std::nullopt);
  ASSERT_EQ(mj.step(Event::exit(1)), std::nullopt);
  const VectorClock before = mj.thread_clock(1);
  EXPECT_THROW(mj.step(Event::write(1, 0)), ProtocolError);
  EXPECT_THROW(mj.force(Event::write(1, 0)), ProtocolError);
  EXPECT_THROW(mj.step(Event::release(1, 0)), ProtocolError);
  EXPECT_THROW(mj.step(Event::exit(1)), ProtocolError); // exiting twice
  EXPECT_EQ(mj.thread_clock(1), before);
  EXPECT_EQ(mj.write_clock(0), VectorClock{});
}

TEST(DetectMultiJoinProtocol, JoiningBeforeExitIsRejected) {
  MultiJoinVectorClockDetector mj;
  ASSERT_EQ(mj.step(Event::fork(0, 1)), std::nullopt);
  const VectorClock before = mj.thread_clock(0);
  try {
    mj.step(Event::join(0, 1));
    FAIL() << "no ProtocolError";
  } catch (const ProtocolError& error) {
    EXPECT_STREQ(error.what(), "join(t0,t1): thread t1 is joined before its exit");
  }
  EXPECT_EQ(mj.thread_clock(0), before);
  // After the exit the same join is fine.
  ASSERT_EQ(mj.step(Event::exit(1)), std::nullopt);
  EXPECT_NO_THROW(mj.step(Event::join(0, 1)));
}

TEST(DetectMultiJoinProtocol, ForkingAnExitedThreadIsRejected) {
  MultiJoinVectorClockDetector mj;
  ASSERT_EQ(mj.step(Event::exit(2)), std::nullopt);
  EXPECT_THROW(mj.step(Event::fork(0, 2)), ProtocolError);
}

// On traces that join every thread at most once it reports what VectorClock reports.
TEST(DetectMultiJoin, ReportsLikeVectorClock) {
  const Trace trace = {Event::fork(0, 1), Event::fork(0, 2), Event::read(1, 0), Event::read(2, 0),
                       Event::exit(1),    Event::join(0, 1), Event::write(0, 0)};
  MultiJoinVectorClockDetector mj;
  VectorClockDetector vc;
  const auto report = checks::first_report(mj, trace);
  EXPECT_EQ(report, checks::first_report(vc, trace));
  EXPECT_EQ(report, (checks::Report{6, Race{Event::write(0, 0), EventKind::Read, 2}}));
}

} // namespace
} // namespace racelang::detect
