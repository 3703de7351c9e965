// Events, races and the detector registry: printing in the paper's notation, the access and
// conflict predicates, and the `--detector=` spellings.
#include <gtest/gtest.h>

#include "detect/detector.h"
#include "detect/event.h"
#include "tests/detect/trace_gen.h"

namespace racelang::detect {
namespace {

TEST(DetectEvent, PrintsInThePapersNotation) {
  EXPECT_EQ(to_string(Event::read(1, 3)), "rd(t1,x3)");
  EXPECT_EQ(to_string(Event::write(0, 0)), "wr(t0,x0)");
  EXPECT_EQ(to_string(Event::acquire(2, 1)), "acq(t2,m1)");
  EXPECT_EQ(to_string(Event::release(2, 1)), "rel(t2,m1)");
  EXPECT_EQ(to_string(Event::fork(0, 4)), "fork(t0,t4)");
  EXPECT_EQ(to_string(Event::join(0, 4)), "join(t0,t4)");
  EXPECT_EQ(to_string(Event::exit(4)), "exit(t4)");
  EXPECT_EQ(to_string(Trace{Event::write(0, 0), Event::fork(0, 1), Event::read(1, 0)}),
            "wr(t0,x0) fork(t0,t1) rd(t1,x0)");
  EXPECT_EQ(to_string(Trace{}), "");
  EXPECT_EQ(to_string(EventKind::Acquire), "acq");
}

TEST(DetectEvent, FactoriesFillTheFields) {
  EXPECT_EQ(Event::read(1, 3), (Event{EventKind::Read, 1, 3}));
  EXPECT_EQ(Event::join(2, 5), (Event{EventKind::Join, 2, 5}));
  EXPECT_EQ(Event::exit(7), (Event{EventKind::Exit, 7, 0}));
  EXPECT_NE(Event::read(1, 3), Event::write(1, 3));
}

TEST(DetectEvent, AccessesAndConflicts) {
  EXPECT_TRUE(is_access(Event::read(0, 0)));
  EXPECT_TRUE(is_access(Event::write(0, 0)));
  for (Event e : {Event::acquire(0, 0), Event::release(0, 0), Event::fork(0, 1), Event::join(0, 1),
                  Event::exit(0)})
    EXPECT_FALSE(is_access(e)) << to_string(e);

  EXPECT_TRUE(conflicts(Event::write(0, 1), Event::read(1, 1)));
  EXPECT_TRUE(conflicts(Event::read(0, 1), Event::write(1, 1)));
  EXPECT_TRUE(conflicts(Event::write(0, 1), Event::write(1, 1)));
  EXPECT_FALSE(conflicts(Event::read(0, 1), Event::read(1, 1)));   // two reads
  EXPECT_FALSE(conflicts(Event::write(0, 1), Event::write(0, 1))); // same thread
  EXPECT_FALSE(conflicts(Event::write(0, 1), Event::write(1, 2))); // different locations
  EXPECT_FALSE(conflicts(Event::write(0, 1), Event::acquire(1, 1)));
}

TEST(DetectRace, PrintsBothAccesses) {
  EXPECT_EQ(to_string(Race{Event::read(1, 0), EventKind::Write, 0}),
            "rd(t1,x0) races with an earlier wr by t0");
}

TEST(DetectRegistry, MakesEveryKind) {
  EXPECT_EQ(make_detector(DetectorKind::VectorClock)->name(), "VectorClock");
  EXPECT_EQ(make_detector(DetectorKind::FastTrack)->name(), "FastTrack");
  EXPECT_EQ(make_detector(DetectorKind::Djit)->name(), "DJIT+");
  EXPECT_EQ(make_detector(DetectorKind::MultiJoinVectorClock)->name(), "VectorClock-multijoin");
}

TEST(DetectRegistry, ParsesTheOptionSpellings) {
  EXPECT_EQ(parse_detector_kind("vc"), DetectorKind::VectorClock);
  EXPECT_EQ(parse_detector_kind("fasttrack"), DetectorKind::FastTrack);
  EXPECT_EQ(parse_detector_kind("djit"), DetectorKind::Djit);
  EXPECT_EQ(parse_detector_kind("vc-multijoin"), DetectorKind::MultiJoinVectorClock);
  for (std::string_view bad : {"", "VC", "ft", "vc ", "djit+", "multijoin"})
    EXPECT_EQ(parse_detector_kind(bad), std::nullopt) << bad;
  for (DetectorKind kind : {DetectorKind::VectorClock, DetectorKind::FastTrack, DetectorKind::Djit,
                            DetectorKind::MultiJoinVectorClock})
    EXPECT_EQ(parse_detector_kind(detector_kind_option(kind)), kind);
}

// Every detector, through the interface: the same simple race, the same report.
TEST(DetectRegistry, EveryDetectorReportsASimpleRace) {
  for (DetectorKind kind : {DetectorKind::VectorClock, DetectorKind::FastTrack, DetectorKind::Djit,
                            DetectorKind::MultiJoinVectorClock}) {
    auto detector = make_detector(kind);
    EXPECT_EQ(detector->step(Event::fork(0, 1)), std::nullopt);
    EXPECT_EQ(detector->step(Event::write(1, 0)), std::nullopt);
    EXPECT_EQ(detector->step(Event::read(0, 0)), (Race{Event::read(0, 0), EventKind::Write, 1}))
        << detector->name();
  }
}

} // namespace
} // namespace racelang::detect
