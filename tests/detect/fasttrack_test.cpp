// FastTrack on hand-written traces: every read and write rule of PLDI'09 Figure 2 with its
// counter, the epoch shapes of CPP'17 Figures 4 to 6, race reports, and the broken read rule.
#include <gtest/gtest.h>

#include "detect/fasttrack.h"
#include "detect/vector_clock.h"
#include "tests/detect/detect_checks.h"
#include "tests/detect/trace_gen.h"

namespace racelang::detect {
namespace {

FastTrackDetector run_clean(const Trace& trace, const FastTrackOptions& options = {}) {
  FastTrackDetector ft(options);
  for (const Event& e : trace) {
    auto race = ft.step(e);
    EXPECT_EQ(race, std::nullopt) << "at " << to_string(e);
  }
  return ft;
}

TEST(DetectFastTrackEpoch, ComparesWithOneEntry) {
  const Epoch e{3, 1};
  EXPECT_TRUE(e.leq(VectorClock{0, 3}));
  EXPECT_TRUE(e.leq(VectorClock{0, 4}));
  EXPECT_FALSE(e.leq(VectorClock{9, 2}));
  EXPECT_TRUE(Epoch{}.leq(VectorClock{})); // ⊥_e = 0@0
  EXPECT_EQ(e.to_string(), "3@1");
  EXPECT_EQ(Epoch{}.to_string(), "0@0");
}

// CPP'17 Figure 4: the write epoch moves from 1@t0 to 1@t1.
TEST(DetectFastTrack, PaperFigure4WriteEpochs) {
  FastTrackDetector ft;
  ASSERT_EQ(ft.step(Event::write(0, 0)), std::nullopt);
  EXPECT_EQ(ft.write_epoch(0), (Epoch{1, 0}));
  for (Event e : {Event::release(0, 0), Event::acquire(1, 0), Event::write(1, 0)})
    ASSERT_EQ(ft.step(e), std::nullopt) << to_string(e);
  EXPECT_EQ(ft.write_epoch(0), (Epoch{1, 1}));
  EXPECT_EQ(ft.counters().write_exclusive, 2u);
}

// CPP'17 Figure 6: t0's read is forgotten once t1's ordered read replaces it; t2's concurrent
// read inflates R_x to [0,1,1], where VectorClock has [1,1,1].
TEST(DetectFastTrack, PaperFigure6ReadVectorClock) {
  const Trace trace = {Event::read(0, 0), Event::release(0, 0), Event::acquire(1, 0),
                       Event::read(1, 0), Event::read(2, 0)};
  FastTrackDetector ft = run_clean(trace);
  EXPECT_TRUE(ft.read_is_shared(0));
  EXPECT_EQ(ft.read_clock(0).to_string(3), "[0,1,1]");
  VectorClockDetector vc;
  for (const Event& e : trace) ASSERT_EQ(vc.step(e), std::nullopt);
  EXPECT_EQ(vc.read_clock(0).to_string(3), "[1,1,1]");
  EXPECT_EQ(ft.counters().read_exclusive, 2u);
  EXPECT_EQ(ft.counters().read_share, 1u);
}

// PLDI'09 Figure 4: epoch, then read-shared vector clock, then back to epochs after a write that
// follows every read ([FT WRITE SHARED]).
TEST(DetectFastTrack, PaperFigure4AdaptiveReadHistory) {
  FastTrackDetector ft = run_clean({Event::read(1, 0), Event::read(0, 0)});
  EXPECT_EQ(ft.read_clock(0), (VectorClock{1, 1}));
  for (Event e : {Event::join(0, 1), Event::write(0, 0)}) ASSERT_EQ(ft.step(e), std::nullopt);
  EXPECT_FALSE(ft.read_is_shared(0));
  EXPECT_EQ(ft.read_epoch(0), Epoch{});
  EXPECT_EQ(ft.write_epoch(0), (Epoch{1, 0}));
  ASSERT_EQ(ft.step(Event::read(0, 0)), std::nullopt);
  EXPECT_EQ(ft.read_epoch(0), (Epoch{1, 0}));
  const FastTrackCounters& c = ft.counters();
  EXPECT_EQ(c.read_exclusive, 2u);
  EXPECT_EQ(c.read_share, 1u);
  EXPECT_EQ(c.write_shared, 1u);
  EXPECT_EQ(c.join, 1u);
}

TEST(DetectFastTrack, SameEpochAndSharedFastPaths) {
  FastTrackDetector ft =
      run_clean({Event::read(0, 0), Event::read(0, 0), Event::write(0, 1), Event::write(0, 1),
                 Event::read(1, 0), Event::read(2, 0), Event::read(1, 0)});
  const FastTrackCounters& c = ft.counters();
  EXPECT_EQ(c.read_same_epoch, 1u);
  EXPECT_EQ(c.write_same_epoch, 1u);
  EXPECT_EQ(c.read_share, 1u);  // t1's read next to t0's
  EXPECT_EQ(c.read_shared, 2u); // t2's, then t1's again (R_x is a vector clock by now)
  EXPECT_EQ(c.reads(), 5u);
  EXPECT_EQ(c.writes(), 2u);
  EXPECT_EQ(ft.read_clock(0), (VectorClock{1, 1, 1}));
}

TEST(DetectFastTrackRaces, NamesTheEpochsThread) {
  FastTrackDetector ft = run_clean({Event::fork(0, 1), Event::write(1, 0)});
  EXPECT_EQ(ft.step(Event::read(0, 0)), (Race{Event::read(0, 0), EventKind::Write, 1}));
  EXPECT_EQ(ft.step(Event::write(0, 0)), (Race{Event::write(0, 0), EventKind::Write, 1}));
  FastTrackDetector rw = run_clean({Event::fork(0, 1), Event::read(1, 0)});
  EXPECT_EQ(rw.step(Event::write(0, 0)), (Race{Event::write(0, 0), EventKind::Read, 1}));
  EXPECT_EQ(rw.counters().races, 1u);
}

TEST(DetectFastTrackRaces, SharedReadsNameTheLowestConcurrentReader) {
  FastTrackDetector ft = run_clean({Event::fork(0, 1), Event::fork(0, 2), Event::fork(0, 3),
                                    Event::read(3, 0), Event::read(2, 0), Event::join(0, 2)});
  // t2's read is ordered before t0 by the join, t3's is not.
  EXPECT_EQ(ft.step(Event::write(0, 0)), (Race{Event::write(0, 0), EventKind::Read, 3}));
  EXPECT_EQ(ft.step(Event::write(1, 0)), (Race{Event::write(1, 0), EventKind::Read, 2}));
}

// FastTrack keeps only the last write: when two ordered writes both race with a third access it
// names the later writer, where VectorClock names the lowest thread.
TEST(DetectFastTrackRaces, NamesTheLastWriterNotTheLowest) {
  const Trace trace = {Event::write(1, 0), Event::release(1, 0), Event::acquire(2, 0),
                       Event::write(2, 0), Event::write(0, 0)};
  FastTrackDetector ft;
  VectorClockDetector vc;
  EXPECT_EQ(checks::first_report(ft, trace),
            (checks::Report{4, Race{Event::write(0, 0), EventKind::Write, 2}}));
  EXPECT_EQ(checks::first_report(vc, trace),
            (checks::Report{4, Race{Event::write(0, 0), EventKind::Write, 1}}));
}

TEST(DetectFastTrackRaces, StuckStepLeavesStateUnchangedAndForceApplies) {
  FastTrackDetector ft = run_clean({Event::fork(0, 1), Event::read(0, 0), Event::read(1, 0)});
  ASSERT_TRUE(ft.read_is_shared(0));
  const VectorClock reads = ft.read_clock(0);
  ASSERT_TRUE(ft.step(Event::write(1, 0)).has_value());
  EXPECT_TRUE(ft.read_is_shared(0));
  EXPECT_EQ(ft.read_clock(0), reads);
  EXPECT_EQ(ft.write_epoch(0), Epoch{});
  ft.force(Event::write(1, 0)); // [FT WRITE SHARED] without its checks
  EXPECT_FALSE(ft.read_is_shared(0));
  EXPECT_EQ(ft.write_epoch(0), (Epoch{1, 1}));
  EXPECT_EQ(ft.counters().write_shared, 1u);
}

TEST(DetectFastTrackOptions, WithoutReadShareAConcurrentReadIsForgotten) {
  // t1's read is concurrent with t2's; t0's write follows t2's read (via m) but not t1's.
  const Trace trace = {Event::read(1, 0), Event::read(2, 0), Event::release(2, 0),
                       Event::acquire(0, 0), Event::write(0, 0)};
  FastTrackDetector good;
  EXPECT_EQ(checks::first_report(good, trace),
            (checks::Report{4, Race{Event::write(0, 0), EventKind::Read, 1}}));
  FastTrackDetector broken(FastTrackOptions{.share_concurrent_reads = false});
  EXPECT_EQ(checks::first_report(broken, trace), std::nullopt);
}

} // namespace
} // namespace racelang::detect
