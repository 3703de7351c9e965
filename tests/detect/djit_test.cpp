// DJIT+ on hand-written traces: the same-epoch fast paths and their counters, reports identical to
// VectorClock's, and the limit of its fast paths after a forced race.
#include <gtest/gtest.h>

#include "detect/djit.h"
#include "detect/vector_clock.h"
#include "tests/detect/detect_checks.h"
#include "tests/detect/trace_gen.h"

namespace racelang::detect {
namespace {

TEST(DetectDjit, SameEpochFastPaths) {
  DjitDetector djit;
  for (Event e : {Event::read(0, 0), Event::read(0, 0), Event::write(0, 0), Event::write(0, 0),
                  Event::release(0, 0), Event::read(0, 0), Event::write(0, 0)})
    ASSERT_EQ(djit.step(e), std::nullopt) << to_string(e);
  const DjitCounters& c = djit.counters();
  EXPECT_EQ(c.read_same_epoch, 1u);
  EXPECT_EQ(c.write_same_epoch, 1u);
  EXPECT_EQ(c.read, 2u); // the first read and the one after the release (a new epoch)
  EXPECT_EQ(c.write, 2u);
  EXPECT_EQ(c.release, 1u);
  EXPECT_EQ(djit.read_clock(0), (VectorClock{2}));
  EXPECT_EQ(djit.write_clock(0), (VectorClock{2}));
}

// The PLDI'09 §2.2 example: the lock handoff orders the two writes.
TEST(DetectDjit, LockHandoffOrdersWrites) {
  DjitDetector djit;
  for (Event e :
       {Event::write(0, 0), Event::release(0, 0), Event::acquire(1, 0), Event::write(1, 0)})
    ASSERT_EQ(djit.step(e), std::nullopt) << to_string(e);
  EXPECT_EQ(djit.write_clock(0), (VectorClock{1, 1}));
}

TEST(DetectDjitRaces, ReportsExactlyWhatVectorClockReports) {
  const Trace trace = {Event::write(1, 0), Event::release(1, 0), Event::acquire(2, 0),
                       Event::write(2, 0), Event::write(0, 0)};
  DjitDetector djit;
  VectorClockDetector vc;
  const auto report = checks::first_report(djit, trace);
  EXPECT_EQ(report, checks::first_report(vc, trace));
  EXPECT_EQ(report, (checks::Report{4, Race{Event::write(0, 0), EventKind::Write, 1}}));
  EXPECT_EQ(djit.counters().races, 1u);
}

// After a forced race the same-epoch fast path skips a check VectorClock still makes: t1's second
// read is in the epoch of its first (racy, forced) read, so DJIT+ does not report it again.
TEST(DetectDjitRaces, FastPathSkipsRepeatedReportsAfterForce) {
  const Trace trace = {Event::fork(0, 1), Event::write(0, 0), Event::read(1, 0), Event::read(1, 0)};
  DjitDetector djit;
  VectorClockDetector vc;
  EXPECT_EQ(checks::keep_going_reports(djit, trace).size(), 1u);
  EXPECT_EQ(checks::keep_going_reports(vc, trace).size(), 2u);
}

} // namespace
} // namespace racelang::detect
