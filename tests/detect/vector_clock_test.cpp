// The vector-clock value type (with its lattice laws as properties) and the VectorClock algorithm
// of CPP'17 Figure 2 on hand-written traces, including the paper's Figure 4 and each broken rule
// missing the race it exists for.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <limits>
#include <stdexcept>
#include <utility>

#include "detect/vector_clock.h"
#include "tests/detect/detect_checks.h"
#include "tests/detect/trace_gen.h"

namespace racelang::detect {
namespace {

TEST(DetectVectorClockValue, BottomAndUnit) {
  const VectorClock bottom;
  EXPECT_EQ(bottom.get(0), 0u);
  EXPECT_EQ(bottom.get(1000), 0u);
  EXPECT_EQ(VectorClock::unit(2), (VectorClock{0, 0, 1}));
  EXPECT_EQ(bottom.size(), 0u);
}

TEST(DetectVectorClockValue, GrowsOnDemand) {
  VectorClock v;
  v.set(5, 0); // a zero needs no storage
  EXPECT_EQ(v.size(), 0u);
  v.set(3000, 7);
  EXPECT_EQ(v.get(3000), 7u);
  EXPECT_EQ(v.get(2999), 0u);
  EXPECT_EQ(v.size(), 3001u);
  v.inc(3000);
  v.inc(4);
  EXPECT_EQ(v.get(3000), 8u);
  EXPECT_EQ(v.get(4), 1u);
}

// A clock keeps its first ClockEntries::kInline entries in place and moves them to the heap
// when it grows past them: every entry survives the move, and copies made on either side of it
// are clocks of their own.
TEST(DetectVectorClockValue, KeepsItsEntriesWhenItOutgrowsItsPlace) {
  constexpr auto n = static_cast<ThreadId>(ClockEntries::kInline);
  VectorClock v;
  for (ThreadId t = 0; t < n; ++t) v.set(t, t + 1);
  VectorClock in_place = v;
  v.set(n + 3, 7);
  for (ThreadId t = 0; t < n; ++t) EXPECT_EQ(v.get(t), t + 1);
  EXPECT_EQ(v.get(n), 0u);
  EXPECT_EQ(v.get(n + 3), 7u);
  VectorClock on_heap = v;
  v.inc(0);
  v.join(VectorClock{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5});
  EXPECT_EQ(v.get(0), 2u);
  EXPECT_EQ(v.get(10), 5u);
  EXPECT_EQ(in_place.size(), ClockEntries::kInline);
  EXPECT_EQ(in_place.get(0), 1u);
  EXPECT_EQ(on_heap.get(0), 1u);
  EXPECT_EQ(on_heap.get(10), 0u);
  EXPECT_EQ(on_heap.to_string(), "[1,2,3,4,5,6,0,0,0,7]");
  in_place.join(on_heap);
  EXPECT_EQ(in_place, on_heap);
}

TEST(DetectVectorClockValue, JoinIsPointwiseMax) {
  EXPECT_EQ(join(VectorClock{1, 0, 2}, VectorClock{0, 3}), (VectorClock{1, 3, 2}));
  EXPECT_EQ(join(VectorClock{0, 3}, VectorClock{1, 0, 2}), (VectorClock{1, 3, 2}));
  VectorClock v{4};
  v.join(v); // self-join is harmless
  EXPECT_EQ(v, VectorClock{4});
}

TEST(DetectVectorClockValue, LeqIsPointwise) {
  EXPECT_TRUE((VectorClock{1, 0}).leq(VectorClock{1, 1}));
  EXPECT_FALSE((VectorClock{1, 1}).leq(VectorClock{1, 0}));
  EXPECT_TRUE(VectorClock{}.leq(VectorClock{}));
  EXPECT_TRUE((VectorClock{0, 0, 0}).leq(VectorClock{}));
  EXPECT_FALSE((VectorClock{0, 0, 1}).leq(VectorClock{5, 5}));
  EXPECT_FALSE((VectorClock{1, 0}).leq(VectorClock{0, 1})); // incomparable
  EXPECT_FALSE((VectorClock{0, 1}).leq(VectorClock{1, 0}));
}

TEST(DetectVectorClockValue, FirstExceedingNamesTheLowestWitness) {
  EXPECT_EQ((VectorClock{0, 2, 3}).first_exceeding(VectorClock{0, 1, 1}), 1u);
  EXPECT_EQ((VectorClock{0, 1, 3}).first_exceeding(VectorClock{0, 1}), 2u);
  EXPECT_EQ((VectorClock{1, 1}).first_exceeding(VectorClock{1, 1, 1}), std::nullopt);
}

TEST(DetectVectorClockValue, EqualityIgnoresTrailingZeros) {
  EXPECT_EQ((VectorClock{1, 0, 0}), VectorClock{1});
  EXPECT_EQ(VectorClock{}, (VectorClock{0, 0}));
  EXPECT_NE((VectorClock{1, 0, 1}), VectorClock{1});
}

TEST(DetectVectorClockValue, Printing) {
  EXPECT_EQ((VectorClock{1, 0, 2}).to_string(), "[1,0,2]");
  EXPECT_EQ((VectorClock{1, 0, 0}).to_string(), "[1]");
  EXPECT_EQ(VectorClock{}.to_string(), "[]");
  EXPECT_EQ(VectorClock{}.to_string(2), "[0,0]");
  EXPECT_EQ((VectorClock{1}).to_string(3), "[1,0,0]");
}

TEST(DetectVectorClockValue, IncrementRefusesToWrap) {
  VectorClock v;
  v.set(1, std::numeric_limits<VectorClock::Clock>::max());
  EXPECT_THROW(v.inc(1), std::overflow_error);
}

// Lattice laws, on clocks over at most 6 threads with small entries (so that equal entries, the
// interesting case for ⊑, are common).
rc::Gen<VectorClock> gen_clock() {
  return rc::gen::map(rc::gen::container<std::vector<VectorClock::Clock>>(
                          rc::gen::inRange<VectorClock::Clock>(0, 4)),
                      [](const std::vector<VectorClock::Clock>& entries) {
                        VectorClock v;
                        // Up to ten entries: past ClockEntries::kInline, so the laws hold
                        // for clocks kept in place, on the heap, and one of each.
                        for (std::size_t i = 0; i < entries.size() && i < 10; ++i)
                          v.set(static_cast<ThreadId>(i), entries[i]);
                        return v;
                      });
}

using ClockTriple = std::tuple<VectorClock, VectorClock, VectorClock>;

rc::Gen<ClockTriple> gen_triple() {
  return rc::gen::tuple(gen_clock(), gen_clock(), gen_clock());
}

// a ⊔ b is the least upper bound of a and b under ⊑, and ⊑ agrees with first_exceeding.
checks::Mismatch lub_law(const ClockTriple& abc,
                         VectorClock (*join_fn)(VectorClock, const VectorClock&)) {
  const auto& [a, b, c] = abc;
  const VectorClock ab = join_fn(a, b);
  const std::string shown = a.to_string() + " ⊔ " + b.to_string() + " = " + ab.to_string();
  if (!a.leq(ab) || !b.leq(ab)) return shown + " is not an upper bound";
  if (a.leq(c) && b.leq(c) && !ab.leq(c)) return shown + " is not below " + c.to_string();
  if (a.leq(b) != !a.first_exceeding(b)) return "leq and first_exceeding disagree";
  if ((a.leq(b) && b.leq(a)) != (a == b)) return "⊑ is not antisymmetric w.r.t. ==";
  return std::nullopt;
}

RC_GTEST_PROP(DetectVectorClockLaws, JoinIsTheLeastUpperBound, ()) {
  if (auto mismatch = lub_law(*gen_triple(), &join)) RC_FAIL(*mismatch);
}

// Negative control: a join that forgets to grow (iterates over its own entries only) is a
// plausible bug, and the law catches it.
VectorClock truncating_join(VectorClock a, const VectorClock& b) {
  for (std::size_t i = 0; i < a.size(); ++i) {
    const auto t = static_cast<ThreadId>(i);
    a.set(t, std::max(a.get(t), b.get(t)));
  }
  return a;
}

TEST(DetectVectorClockLaws, TruncatingJoinFailsTheLaw) {
  const auto found = checks::find_counterexample<ClockTriple>(
      gen_triple(), [](const ClockTriple& abc) { return lub_law(abc, &truncating_join); });
  ASSERT_TRUE(found.has_value());
  std::cout << "counterexample: " << *found << "\n";
}

// --- The algorithm ----------------------------------------------------------------------------

// Runs a trace that must not race and returns the detector for inspection.
VectorClockDetector run_clean(const Trace& trace, const VectorClockOptions& options = {}) {
  VectorClockDetector vc(options);
  for (const Event& e : trace) {
    auto race = vc.step(e);
    EXPECT_EQ(race, std::nullopt) << "at " << to_string(e);
  }
  return vc;
}

TEST(DetectVectorClock, InitialState) {
  const VectorClockDetector vc;
  EXPECT_EQ(vc.thread_clock(0), VectorClock::unit(0));
  EXPECT_EQ(vc.thread_clock(7), VectorClock::unit(7)); // C_t = inc_t(⊥) for every t
  EXPECT_EQ(vc.lock_clock(0), VectorClock{});
  EXPECT_EQ(vc.read_clock(0), VectorClock{});
  EXPECT_EQ(vc.write_clock(0), VectorClock{});
}

TEST(DetectVectorClock, SynchronizationRulesOfFigure2) {
  VectorClockDetector vc;
  ASSERT_EQ(vc.step(Event::release(0, 0)), std::nullopt); // L_0 := C_0; C_0 := inc_0(C_0)
  EXPECT_EQ(vc.lock_clock(0), (VectorClock{1}));
  EXPECT_EQ(vc.thread_clock(0), (VectorClock{2}));
  ASSERT_EQ(vc.step(Event::acquire(1, 0)), std::nullopt); // C_1 := C_1 ⊔ L_0
  EXPECT_EQ(vc.thread_clock(1), (VectorClock{1, 1}));
  ASSERT_EQ(vc.step(Event::fork(1, 2)), std::nullopt); // C_2 := C_2 ⊔ C_1; C_1 := inc_1(C_1)
  EXPECT_EQ(vc.thread_clock(2), (VectorClock{1, 1, 1}));
  EXPECT_EQ(vc.thread_clock(1), (VectorClock{1, 2}));
  ASSERT_EQ(vc.step(Event::join(0, 2)), std::nullopt); // C_0 := C_0 ⊔ C_2; C_2 := inc_2(C_2)
  EXPECT_EQ(vc.thread_clock(0), (VectorClock{2, 1, 1}));
  EXPECT_EQ(vc.thread_clock(2), (VectorClock{1, 1, 2}));
  ASSERT_EQ(vc.step(Event::exit(1)), std::nullopt); // not a Figure 2 operation: no-op
  EXPECT_EQ(vc.thread_clock(1), (VectorClock{1, 2}));
}

// CPP'17 Figure 4: W_x is [1,0] after t0's write and [1,1] after t1's.
TEST(DetectVectorClock, PaperFigure4LockHandoff) {
  VectorClockDetector vc;
  ASSERT_EQ(vc.step(Event::write(0, 0)), std::nullopt);
  EXPECT_EQ(vc.write_clock(0).to_string(2), "[1,0]");
  for (Event e : {Event::release(0, 0), Event::acquire(1, 0), Event::write(1, 0)})
    ASSERT_EQ(vc.step(e), std::nullopt) << to_string(e);
  EXPECT_EQ(vc.write_clock(0).to_string(2), "[1,1]");
}

TEST(DetectVectorClock, UnsynchronizedAccessesRace) {
  // write-write, write-read, read-write between two initial threads
  EXPECT_EQ(VectorClockDetector().step(Event::write(1, 0)), std::nullopt);
  struct Case {
    Event first, second;
    EventKind previous_kind;
  };
  for (const Case& c : {Case{Event::write(0, 0), Event::write(1, 0), EventKind::Write},
                        Case{Event::write(0, 0), Event::read(1, 0), EventKind::Write},
                        Case{Event::read(0, 0), Event::write(1, 0), EventKind::Read}}) {
    VectorClockDetector vc;
    ASSERT_EQ(vc.step(c.first), std::nullopt);
    EXPECT_EQ(vc.step(c.second), (Race{c.second, c.previous_kind, 0}))
        << to_string(c.first) << " " << to_string(c.second);
  }
  VectorClockDetector reads;
  ASSERT_EQ(reads.step(Event::read(0, 0)), std::nullopt);
  EXPECT_EQ(reads.step(Event::read(1, 0)), std::nullopt); // reads never conflict
}

TEST(DetectVectorClock, ForkAndJoinOrderParentAndChild) {
  run_clean({Event::write(0, 0), Event::fork(0, 1), Event::write(1, 0), Event::read(1, 0),
             Event::join(0, 1), Event::write(0, 0)});
  VectorClockDetector vc;
  for (Event e : {Event::fork(0, 1), Event::write(0, 0)}) ASSERT_EQ(vc.step(e), std::nullopt);
  // The parent's write after the fork is concurrent with the child.
  EXPECT_EQ(vc.step(Event::read(1, 0)), (Race{Event::read(1, 0), EventKind::Write, 0}));
}

TEST(DetectVectorClock, ReadSharedThenWriteNamesTheLowestReader) {
  const Trace reads = {Event::fork(0, 1), Event::fork(0, 2), Event::fork(0, 3), Event::read(3, 0),
                       Event::read(2, 0)};
  VectorClockDetector vc = run_clean(reads);
  EXPECT_EQ(vc.read_clock(0), (VectorClock{0, 0, 1, 1}));
  EXPECT_EQ(vc.step(Event::write(1, 0)), (Race{Event::write(1, 0), EventKind::Read, 2}));
  // After joining both readers the write is ordered after every read.
  Trace joined = reads;
  joined.insert(joined.end(), {Event::join(0, 3), Event::join(0, 2), Event::write(0, 0)});
  run_clean(joined);
}

TEST(DetectVectorClock, WriteConflictsAreReportedBeforeReadConflicts) {
  // t2's write races with t0's read and t1's write: the write is named, though t0 < t1.
  VectorClockDetector vc = run_clean(
      {Event::read(0, 0), Event::release(0, 0), Event::acquire(1, 0), Event::write(1, 0)});
  EXPECT_EQ(vc.step(Event::write(2, 0)), (Race{Event::write(2, 0), EventKind::Write, 1}));
}

TEST(DetectVectorClock, StuckStepLeavesStateUnchangedAndForceApplies) {
  VectorClockDetector vc = run_clean({Event::fork(0, 1), Event::write(0, 0)});
  const auto before = std::make_pair(vc.write_clock(0), vc.read_clock(0));
  ASSERT_TRUE(vc.step(Event::write(1, 0)).has_value());
  EXPECT_EQ(std::make_pair(vc.write_clock(0), vc.read_clock(0)), before);
  ASSERT_TRUE(vc.step(Event::write(1, 0)).has_value()); // still stuck, still unchanged
  vc.force(Event::write(1, 0));
  EXPECT_EQ(vc.write_clock(0), (VectorClock{2, 1}));
  // Forcing does not hide the remaining conflict: t0's write is still concurrent with t1.
  EXPECT_EQ(vc.step(Event::read(1, 0)), (Race{Event::read(1, 0), EventKind::Write, 0}));
}

TEST(DetectVectorClock, ThreadIdsInTheThousands) {
  VectorClockDetector vc = run_clean(
      {Event::fork(0, 2999), Event::write(2999, 5), Event::fork(2999, 3000), Event::read(3000, 5),
       Event::join(0, 3000), Event::join(0, 2999), Event::write(0, 5)});
  EXPECT_EQ(vc.thread_clock(3000).get(2999), 1u);
  EXPECT_EQ(vc.step(Event::read(4000, 5)), (Race{Event::read(4000, 5), EventKind::Write, 0}));
}

// Each deliberately broken rule misses the race it exists for.
TEST(DetectVectorClockOptions, WithoutReleaseIncrementLaterEventsLookOrdered) {
  const Trace trace = {Event::acquire(0, 0), Event::release(0, 0), Event::write(0, 0),
                       Event::acquire(1, 0), Event::read(1, 0)};
  VectorClockDetector good;
  EXPECT_TRUE(checks::first_report(good, trace).has_value());
  VectorClockDetector broken(VectorClockOptions{.increment_on_release = false});
  EXPECT_EQ(checks::first_report(broken, trace), std::nullopt);
}

TEST(DetectVectorClockOptions, WithoutForkIncrementTheParentLooksOrderedBeforeTheChild) {
  const Trace trace = {Event::fork(0, 1), Event::write(0, 0), Event::read(1, 0)};
  VectorClockDetector good;
  EXPECT_TRUE(checks::first_report(good, trace).has_value());
  VectorClockDetector broken(VectorClockOptions{.increment_on_fork = false});
  EXPECT_EQ(checks::first_report(broken, trace), std::nullopt);
}

TEST(DetectVectorClockOptions, WithoutReadCheckOnWriteReadWriteRacesAreMissed) {
  const Trace trace = {Event::fork(0, 1), Event::read(1, 0), Event::write(0, 0)};
  VectorClockDetector good;
  EXPECT_TRUE(checks::first_report(good, trace).has_value());
  VectorClockDetector broken(VectorClockOptions{.check_reads_on_write = false});
  EXPECT_EQ(checks::first_report(broken, trace), std::nullopt);
}

TEST(DetectVectorClockOptions, WithoutJoinIncrementOnlyTheInvariantChanges) {
  const Trace trace = {Event::fork(0, 1), Event::write(1, 0), Event::join(0, 1), Event::read(0, 0)};
  VectorClockDetector with = run_clean(trace);
  VectorClockDetector without = run_clean(trace, VectorClockOptions{.increment_on_join = false});
  EXPECT_GT(with.thread_clock(1).get(1), with.thread_clock(0).get(1)); // C_u(u) > C_t(u)
  EXPECT_EQ(without.thread_clock(1).get(1), without.thread_clock(0).get(1));
}

TEST(DetectVectorClockOptions, RoadRunnerReleaseJoinsIntoTheLockClock) {
  // Two releases with no acquire between them (not a well-formed trace; it shows the rule).
  const Trace trace = {Event::release(0, 0), Event::release(1, 0)};
  VectorClockDetector paper = run_clean(trace);
  EXPECT_EQ(paper.lock_clock(0), (VectorClock{0, 1}));
  VectorClockDetector roadrunner = run_clean(trace, VectorClockOptions{.release_joins_lock = true});
  EXPECT_EQ(roadrunner.lock_clock(0), (VectorClock{1, 1}));
}

} // namespace
} // namespace racelang::detect
