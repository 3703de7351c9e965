// FastTrack's volatile and barrier rules (PLDI'09 §4 "Extensions") on tiny hand-written traces:
// for each rule, a trace where it orders two accesses and one where it must not, checked against
// the happens-before oracle for all four detectors; the clocks SyncClocks keeps (V_v, B_b and
// the phase flag) and the accessors each detector exposes for state fingerprints; and each
// broken option of VectorClockOptions getting the one trace it exists for wrong.
#include <gtest/gtest.h>

#include <optional>

#include "detect/djit.h"
#include "detect/fasttrack.h"
#include "detect/hb_oracle.h"
#include "detect/multijoin_vector_clock.h"
#include "detect/vector_clock.h"
#include "detect/well_formed.h"
#include "tests/detect/detect_checks.h"

namespace racelang::detect {
namespace {

using E = Event;

// The oracle's first race (nullopt or its index), and every detector agreeing with it.
std::optional<std::size_t> race_index(const Trace& trace) {
  EXPECT_EQ(check_well_formed(trace, JoinDiscipline::Single), std::nullopt) << to_string(trace);
  VectorClockDetector vc;
  FastTrackDetector ft;
  DjitDetector djit;
  MultiJoinVectorClockDetector mj;
  for (Detector* d : std::initializer_list<Detector*>{&vc, &ft, &djit, &mj})
    EXPECT_EQ(checks::matches_oracle(*d, trace), std::nullopt) << to_string(trace);
  const auto race = first_race(trace);
  return race ? std::optional<std::size_t>(race->index) : std::nullopt;
}

// What VectorClock with one rule broken reports first (nullopt: no race).
std::optional<std::size_t> broken_report(bool VectorClockOptions::*rule, const Trace& trace) {
  VectorClockOptions options;
  options.*rule = false;
  VectorClockDetector vc(options);
  const auto report = checks::first_report(vc, trace);
  return report ? std::optional<std::size_t>(report->index) : std::nullopt;
}

// --- volatiles ---------------------------------------------------------------------------------

// vwr(t0,v) vrd(t1,v) orders t0's earlier write before t1's later read.
const Trace kVolatileHandOff = {E::write(0, 0), E::volatile_write(0, 0), E::volatile_read(1, 0),
                                E::read(1, 0)};

TEST(DetectVolatiles, WriteThenReadOrders) {
  EXPECT_EQ(race_index(kVolatileHandOff), std::nullopt);
  EXPECT_TRUE(HappensBefore(kVolatileHandOff).ordered(1, 2));
  // Without the join into V_v, the read acquires nothing: a false race.
  EXPECT_EQ(broken_report(&VectorClockOptions::volatile_write_adds_edge, kVolatileHandOff), 3u);
}

TEST(DetectVolatiles, TwoReadsDoNotSynchronise) {
  EXPECT_EQ(
      race_index({E::write(0, 0), E::volatile_read(0, 0), E::volatile_read(1, 0), E::read(1, 0)}),
      3u);
}

TEST(DetectVolatiles, TwoWritesDoNotSynchronise) {
  // A volatile write is a release, not an acquire: it does not see earlier writes of v.
  const Trace trace = {E::write(0, 0), E::volatile_write(0, 0), E::volatile_write(1, 0),
                       E::read(1, 0)};
  EXPECT_EQ(race_index(trace), 3u);
  EXPECT_FALSE(HappensBefore(trace).ordered(1, 2));
}

TEST(DetectVolatiles, AReadSeesEveryEarlierWriteNotOnlyTheLast) {
  // Unlike a lock's L_m := C_t, V_v accumulates: thread 0's write still reaches thread 2's read
  // after thread 1's write.
  EXPECT_EQ(
      race_index({E::write(0, 0), E::volatile_write(0, 0), E::write(1, 1), E::volatile_write(1, 0),
                  E::volatile_read(2, 0), E::read(2, 0), E::read(2, 1)}),
      std::nullopt);
}

TEST(DetectVolatiles, EventsAfterTheWriteAreNotOrdered) {
  const Trace trace = {E::volatile_write(0, 0), E::write(0, 0), E::volatile_read(1, 0),
                       E::read(1, 0)};
  EXPECT_EQ(race_index(trace), 3u);
  // Without the increment, thread 0's later write looks like part of what the read acquired.
  EXPECT_EQ(broken_report(&VectorClockOptions::volatile_write_increments, trace), std::nullopt);
}

TEST(DetectVolatiles, VolatilesLocksAndBarriersAreSeparateNameSpaces) {
  // Id 0 names a lock, a volatile and a barrier at once; none synchronises with the others.
  EXPECT_EQ(race_index({E::write(0, 0), E::volatile_write(0, 0), E::acquire(1, 0), E::read(1, 0)}),
            3u);
  EXPECT_EQ(race_index({E::acquire(0, 0), E::write(0, 0), E::release(0, 0), E::volatile_read(1, 0),
                        E::read(1, 0)}),
            4u);
  EXPECT_EQ(race_index({E::write(0, 0), E::volatile_write(0, 0), E::barrier_arrive(1, 0),
                        E::barrier_depart(1, 0), E::read(1, 0)}),
            4u);
  EXPECT_EQ(race_index({E::write(0, 0), E::barrier_arrive(0, 0), E::barrier_depart(0, 0),
                        E::volatile_read(1, 0), E::read(1, 0)}),
            4u);
}

// --- barriers ----------------------------------------------------------------------------------

// Both threads write before the barrier and read the other's location after it.
const Trace kBarrier = {E::write(0, 0),          E::write(1, 1),
                        E::barrier_arrive(0, 0), E::barrier_arrive(1, 0),
                        E::barrier_depart(0, 0), E::barrier_depart(1, 0),
                        E::read(1, 0),           E::read(0, 1)};

TEST(DetectBarriers, EverythingBeforeTheBarrierHappensBeforeEverythingAfter) {
  EXPECT_EQ(race_index(kBarrier), std::nullopt);
  const HappensBefore hb(kBarrier);
  EXPECT_TRUE(hb.ordered(2, 5));  // arr(t0) -> dep(t1)
  EXPECT_TRUE(hb.ordered(3, 4));  // arr(t1) -> dep(t0), although later in the trace than arr(t0)
  EXPECT_FALSE(hb.ordered(2, 3)); // arrivals are not ordered with each other
  EXPECT_FALSE(hb.ordered(4, 5)); // nor are departures
}

TEST(DetectBarriers, ADepartedThreadIsNotOrderedBeforeTheOthersDepartures) {
  // Between departures (a trace the checker allows, though the interpreter groups departures).
  const Trace between = {E::barrier_arrive(0, 0), E::barrier_arrive(1, 0), E::barrier_depart(0, 0),
                         E::write(0, 0),          E::barrier_depart(1, 0), E::read(1, 0)};
  EXPECT_EQ(race_index(between), 5u);
  // After all departures: the departure's increment is what keeps t0's write out of B_b.
  const Trace after = {E::barrier_arrive(0, 0), E::barrier_arrive(1, 0), E::barrier_depart(0, 0),
                       E::barrier_depart(1, 0), E::write(0, 0),          E::read(1, 0)};
  EXPECT_EQ(race_index(after), 5u);
  EXPECT_EQ(broken_report(&VectorClockOptions::barrier_depart_increments, after), std::nullopt);
  EXPECT_EQ(broken_report(&VectorClockOptions::barrier_depart_increments, between), std::nullopt);
}

TEST(DetectBarriers, ThreadsNotAtTheBarrierAreNotOrdered) {
  EXPECT_EQ(race_index({E::write(2, 0), E::barrier_arrive(0, 0), E::barrier_arrive(1, 0),
                        E::barrier_depart(0, 0), E::barrier_depart(1, 0), E::read(1, 0)}),
            5u);
}

TEST(DetectBarriers, PhasesAreSeparate) {
  // Thread 0 alone in phase 1, thread 1 alone in phase 2: nothing orders them.
  const Trace trace = {E::write(0, 0),          E::barrier_arrive(0, 0), E::barrier_depart(0, 0),
                       E::barrier_arrive(1, 0), E::barrier_depart(1, 0), E::read(1, 0)};
  EXPECT_EQ(race_index(trace), 5u);
  EXPECT_FALSE(HappensBefore(trace).ordered(1, 4));
  // Without the reset, phase 2's departure inherits phase 1's arrival.
  EXPECT_EQ(broken_report(&VectorClockOptions::barrier_resets_per_phase, trace), std::nullopt);
  // A thread taking part in both phases carries the first phase's order into the second.
  EXPECT_EQ(race_index({E::write(0, 0), E::barrier_arrive(0, 0), E::barrier_arrive(2, 0),
                        E::barrier_depart(0, 0), E::barrier_depart(2, 0), E::barrier_arrive(1, 0),
                        E::barrier_arrive(2, 0), E::barrier_depart(1, 0), E::barrier_depart(2, 0),
                        E::read(1, 0)}),
            std::nullopt);
}

// --- the state the rules keep --------------------------------------------------------------------

TEST(DetectSyncClocks, VolatileClocks) {
  SyncClocks s;
  s.volatile_write(0, 3); // V_3 := [1]; C_0 := [2]
  EXPECT_EQ(s.volatile_clock(3), (VectorClock{1}));
  EXPECT_EQ(s.thread_copy(0), (VectorClock{2}));
  EXPECT_EQ(s.volatile_clock(2), VectorClock{});
  EXPECT_EQ(s.lock(3), VectorClock{}); // a separate table
  s.volatile_read(1, 3);               // C_1 := [1,1], no increment
  EXPECT_EQ(s.thread_copy(1), (VectorClock{1, 1}));
  s.volatile_write(1, 3); // joined, not assigned: V_3 := [1,1]
  EXPECT_EQ(s.volatile_clock(3), (VectorClock{1, 1}));
  s.volatile_write(2, 3);
  EXPECT_EQ(s.volatile_clock(3), (VectorClock{1, 1, 1}));
}

TEST(DetectSyncClocks, BarrierClocksAndPhases) {
  for (bool resets : {true, false}) {
    VectorClockOptions options;
    options.barrier_resets_per_phase = resets;
    SyncClocks s(options);
    EXPECT_FALSE(s.barrier_between_phases(0));
    EXPECT_TRUE(s.apply(E::barrier_arrive(0, 0)));
    EXPECT_TRUE(s.apply(E::barrier_arrive(1, 0)));
    EXPECT_EQ(s.barrier_clock(0), (VectorClock{1, 1}));
    EXPECT_FALSE(s.barrier_between_phases(0));
    EXPECT_TRUE(s.apply(E::barrier_depart(0, 0)));
    EXPECT_TRUE(s.barrier_between_phases(0));
    EXPECT_EQ(s.thread_copy(0), (VectorClock{2, 1})); // inc_0([1,0] ⊔ [1,1])
    s.apply(E::barrier_depart(1, 0));
    EXPECT_EQ(s.thread_copy(1), (VectorClock{1, 2}));
    EXPECT_EQ(s.barrier_clock(0), (VectorClock{1, 1})); // departures leave B_b alone
    s.apply(E::barrier_arrive(2, 0));                   // a new phase
    EXPECT_FALSE(s.barrier_between_phases(0));
    EXPECT_EQ(s.barrier_clock(0), resets ? (VectorClock{0, 0, 1}) : (VectorClock{1, 1, 1}));
  }
}

TEST(DetectSyncClocks, ApplyTakesOnlySynchronisation) {
  SyncClocks s;
  EXPECT_TRUE(s.apply(E::volatile_read(0, 0)));
  EXPECT_TRUE(s.apply(E::volatile_write(0, 0)));
  EXPECT_FALSE(s.apply(E::read(0, 0)));
  EXPECT_FALSE(s.apply(E::write(0, 0)));
  EXPECT_FALSE(s.apply(E::exit(0)));
}

// Every detector exposes the same V_v, B_b and phase flag (what the interpreter fingerprints).
TEST(DetectSyncClocks, EveryDetectorExposesVolatileAndBarrierState) {
  const Trace trace = {E::fork(0, 1),           E::volatile_write(0, 2), E::volatile_read(1, 2),
                       E::barrier_arrive(1, 4), E::barrier_arrive(0, 4), E::barrier_depart(0, 4)};
  VectorClockDetector vc;
  FastTrackDetector ft;
  DjitDetector djit;
  MultiJoinVectorClockDetector mj;
  for (const Event& e : trace) {
    EXPECT_EQ(vc.step(e), std::nullopt);
    EXPECT_EQ(ft.step(e), std::nullopt);
    EXPECT_EQ(djit.step(e), std::nullopt);
    EXPECT_EQ(mj.step(e), std::nullopt);
  }
  // fork: C_0 = [2], C_1 = [1,1]; vwr: V_2 = [2], C_0 = [3]; vrd: C_1 = [2,1];
  // B_4 = [2,1] ⊔ [3] = [3,1]; dep: C_0 = [4,1].
  const VectorClock v2{2}, b4{3, 1}, c0{4, 1};
  EXPECT_EQ(vc.volatile_clock(2), v2);
  EXPECT_EQ(vc.barrier_clock(4), b4);
  EXPECT_TRUE(vc.barrier_between_phases(4));
  EXPECT_FALSE(vc.barrier_between_phases(2));
  EXPECT_EQ(vc.thread_clock(0), c0);
  EXPECT_EQ(ft.volatile_clock(2), v2);
  EXPECT_EQ(ft.barrier_clock(4), b4);
  EXPECT_TRUE(ft.barrier_between_phases(4));
  EXPECT_EQ(djit.volatile_clock(2), v2);
  EXPECT_EQ(djit.barrier_clock(4), b4);
  EXPECT_TRUE(djit.barrier_between_phases(4));
  EXPECT_EQ(mj.volatile_clock(2), v2);
  EXPECT_EQ(mj.barrier_clock(4), b4);
  EXPECT_TRUE(mj.barrier_between_phases(4));
  EXPECT_EQ(ft.counters().volatile_write, 1u);
  EXPECT_EQ(ft.counters().volatile_read, 1u);
  EXPECT_EQ(ft.counters().barrier_arrive, 2u);
  EXPECT_EQ(djit.counters().barrier_depart, 1u);
}

TEST(DetectEvents, VolatileAndBarrierNotation) {
  EXPECT_EQ(to_string(Trace{E::volatile_read(1, 0), E::volatile_write(0, 2),
                            E::barrier_arrive(2, 1), E::barrier_depart(2, 1)}),
            "vrd(t1,v0) vwr(t0,v2) arr(t2,b1) dep(t2,b1)");
  EXPECT_FALSE(is_access(E::volatile_read(0, 0))); // never a race
  EXPECT_FALSE(conflicts(E::volatile_write(0, 0), E::volatile_write(1, 0)));
}

} // namespace
} // namespace racelang::detect
