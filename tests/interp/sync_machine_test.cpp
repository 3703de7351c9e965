// Unit tests of the machine's synchronisation steps (docs/language.md, "Volatiles, conditions,
// barriers"), in the style of machine_test.cpp: each step's effect on memory, locals and the
// parked threads, and the labels it emits, driven one scheduling step at a time so the tests
// can say which thread moves when. Covers cas and fetch_add, wait/notify/notify_all with the
// FIFO wake-up order, a barrier's filling arrival, assume, the runtime error of a wait without
// the lock, and the deadlock reports that name conditions and barriers.
#include <gtest/gtest.h>

#include "interp/machine.h"
#include "tests/interp/interp_harness.h"

namespace racelang {
namespace {

using testing::compile;
using testing::local_value;
using testing::shared_value;

uint32_t cell(const testing::Compiled& c, const std::string& name) {
  return c.info.find_symbol(name)->first_cell;
}

std::vector<Label> labels_of(const Machine& m) {
  std::vector<Label> out;
  for (const LabelledStep& e : m.events()) out.push_back(e.label);
  return out;
}

// Steps thread k (advance: its visible instruction and the local ones after it).
std::vector<Label> advance(Machine& m, uint32_t k) {
  EXPECT_TRUE(m.can_step(k)) << "thread index " << k;
  StepResult r = m.advance(k, 1000);
  EXPECT_EQ(r.status, StepStatus::Done);
  return labels_of(m);
}

TEST(SyncMachine, CasWritesOnlyWhenItMatchesAndReturnsTheOldValue) {
  auto c = compile("volatile v; a := cas(v, 0, 5); b := cas(v, 0, 7); d := cas(v, 5, 9);");
  ASSERT_TRUE(c);
  Machine m(c->code);
  uint32_t v = cell(*c, "v");
  using K = LabelKind;
  EXPECT_EQ(advance(m, 0), (std::vector<Label>{{K::VolatileRead, 0, v}, {K::VolatileWrite, 0, v}}));
  EXPECT_EQ(local_value(*c, m.state(), 0, "a"), 0);
  EXPECT_EQ(shared_value(*c, m.state(), "v"), 5);
  // A failing cas reads and does not write: one vrd, memory unchanged.
  EXPECT_EQ(advance(m, 0), (std::vector<Label>{{K::VolatileRead, 0, v}}));
  EXPECT_EQ(local_value(*c, m.state(), 0, "b"), 5);
  EXPECT_EQ(shared_value(*c, m.state(), "v"), 5);
  advance(m, 0);
  EXPECT_EQ(local_value(*c, m.state(), 0, "d"), 5);
  EXPECT_EQ(shared_value(*c, m.state(), "v"), 9);
}

TEST(SyncMachine, FetchAddReturnsTheOldValueAndWrapsTheSum) {
  auto c = compile("volatile v; store 3 v; a := fetch_add(v, 4); store 9223372036854775807 v; "
                   "b := fetch_add(v, 1);");
  ASSERT_TRUE(c);
  Machine m(c->code);
  uint32_t v = cell(*c, "v");
  using K = LabelKind;
  EXPECT_EQ(advance(m, 0), (std::vector<Label>{{K::VolatileWrite, 0, v}}));
  EXPECT_EQ(advance(m, 0), (std::vector<Label>{{K::VolatileRead, 0, v}, {K::VolatileWrite, 0, v}}));
  EXPECT_EQ(local_value(*c, m.state(), 0, "a"), 3);
  EXPECT_EQ(shared_value(*c, m.state(), "v"), 7);
  advance(m, 0);
  advance(m, 0);
  EXPECT_EQ(local_value(*c, m.state(), 0, "b"), 9223372036854775807);
  EXPECT_EQ(shared_value(*c, m.state(), "v"), std::numeric_limits<int64_t>::min());
}

TEST(SyncMachine, WaitReleasesTheLockAndParks) {
  auto c = compile("mutex m; condition c; lock m; wait(c, m); unlock m;");
  ASSERT_TRUE(c);
  Machine m(c->code);
  uint32_t mc = cell(*c, "m"), cc = cell(*c, "c");
  advance(m, 0);
  EXPECT_EQ(m.state().memory[mc], 1);
  using K = LabelKind;
  EXPECT_EQ(advance(m, 0), (std::vector<Label>{{K::Release, 0, mc}, {K::CondWait, 0, cc}}));
  EXPECT_EQ(m.state().memory[mc], 0);
  EXPECT_EQ(m.parked(0).kind, ParkKind::Condition);
  EXPECT_EQ(m.parked(0).cell, cc);
  EXPECT_EQ(m.parked(0).place, 1u);
  EXPECT_FALSE(m.can_step(0));
  EXPECT_EQ(m.blocker(0).kind, Blocker::Condition);
  EXPECT_EQ(m.blocker(0).cell, cc);
  EXPECT_TRUE(m.runnable().empty());
  EXPECT_FALSE(m.assumption_failed());
}

// Threads 1 and 2 wait on c with 2 first; each notify wakes the longest waiter, who then
// re-acquires m as an ordinary lock step.
const char* kTwoWaiters = "mutex m; condition c; shared x;\n"
                          "spawn 1 { lock m; wait(c, m); store 1 x; unlock m; }\n"
                          "spawn 2 { lock m; wait(c, m); store 2 x; unlock m; }\n";

TEST(SyncMachine, NotifyWakesTheLongestWaiterFirst) {
  auto c = compile(std::string(kTwoWaiters) + "notify(c); notify(c);");
  ASSERT_TRUE(c);
  Machine m(c->code);
  uint32_t mc = cell(*c, "m"), cc = cell(*c, "c");
  advance(m, 0); // spawn 1
  advance(m, 0); // spawn 2
  advance(m, 2); // lock
  advance(m, 2); // wait: place 1
  advance(m, 1);
  advance(m, 1); // wait: place 2
  EXPECT_EQ(m.parked(2).place, 1u);
  EXPECT_EQ(m.parked(1).place, 2u);
  EXPECT_EQ(advance(m, 0), (std::vector<Label>{{LabelKind::Notify, 0, cc}}));
  EXPECT_EQ(m.parked(2).kind, ParkKind::None); // thread 2 waited longest
  EXPECT_EQ(m.parked(1).kind, ParkKind::Condition);
  EXPECT_EQ(m.parked(1).place, 1u); // moved up
  EXPECT_FALSE(m.can_step(1));
  ASSERT_TRUE(m.can_step(2));
  EXPECT_EQ(m.next_label(2), (Label{LabelKind::Acquire, 2, mc})); // the re-acquisition
  advance(m, 0);
  EXPECT_EQ(m.parked(1).kind, ParkKind::None);
  EXPECT_TRUE(m.can_step(1));
}

TEST(SyncMachine, NotifyAllWakesEveryWaiter) {
  auto c = compile(std::string(kTwoWaiters) + "notify_all(c);");
  ASSERT_TRUE(c);
  Machine m(c->code);
  advance(m, 0);
  advance(m, 0);
  for (uint32_t k : {1u, 2u}) {
    advance(m, k);
    advance(m, k);
  }
  advance(m, 0);
  EXPECT_EQ(m.parked(1).kind, ParkKind::None);
  EXPECT_EQ(m.parked(2).kind, ParkKind::None);
  // Both compete for m again: one gets it, the other blocks on the lock, not the condition.
  advance(m, 1);
  EXPECT_EQ(m.blocker(2).kind, Blocker::Lock);
}

TEST(SyncMachine, ANotifyWithNobodyWaitingDoesNothing) {
  auto c = compile("condition c; shared x; notify(c); notify_all(c); store 1 x;");
  ASSERT_TRUE(c);
  Machine m(c->code);
  MachineState before = m.state();
  EXPECT_EQ(advance(m, 0), (std::vector<Label>{{LabelKind::Notify, 0, cell(*c, "c")}}));
  advance(m, 0);
  MachineState after = m.state();
  after.pc = before.pc;
  EXPECT_EQ(after, before); // only the program counter moved
}

TEST(SyncMachine, TheFillingArrivalReleasesEveryoneInOneStep) {
  auto c = compile("barrier b(3); shared x;\n"
                   "spawn 1 { await b; }\n"
                   "spawn 2 { await b; store 2 x; }\n"
                   "await b; wait 1;");
  ASSERT_TRUE(c);
  Machine m(c->code);
  uint32_t b = cell(*c, "b");
  using K = LabelKind;
  advance(m, 0);
  advance(m, 0);
  EXPECT_EQ(advance(m, 1), (std::vector<Label>{{K::BarrierArrive, 1, b}}));
  // Thread 1's await was its last statement: it is parked, not finished, until released.
  EXPECT_EQ(m.status(1), ThreadStatus::Running);
  EXPECT_EQ(m.parked(1).kind, ParkKind::Barrier);
  advance(m, 2);
  Blocker blocked = m.blocker(2);
  EXPECT_EQ(blocked.kind, Blocker::Barrier);
  EXPECT_EQ(blocked.arrived, 2);
  EXPECT_EQ(blocked.needed, 3);
  EXPECT_EQ(m.runnable(), (std::vector<uint32_t>{0}));
  // Main fills the phase: its arr, one dep per thread of the phase (in thread order), then the
  // exit of thread 1, whose await was its last statement.
  EXPECT_EQ(advance(m, 0), (std::vector<Label>{{K::BarrierArrive, 0, b},
                                               {K::BarrierDepart, 0, b},
                                               {K::BarrierDepart, 1, b},
                                               {K::BarrierDepart, 2, b},
                                               {K::Exit, 1, 0}}));
  // Each departure stands at its own thread's await (lines 4, 2 and 3 of the source), so a
  // report or a picture shows where that thread waited, not where the phase filled.
  const std::vector<LabelledStep>& events = m.events();
  ASSERT_EQ(events.size(), 5u);
  EXPECT_EQ(events[1].range.begin.line, 4u); // main's await
  EXPECT_EQ(events[2].range.begin.line, 2u); // thread 1's
  EXPECT_EQ(events[3].range.begin.line, 3u); // thread 2's
  EXPECT_EQ(m.status(1), ThreadStatus::Finished);
  EXPECT_EQ(m.parked(2).kind, ParkKind::None);
  EXPECT_TRUE(m.can_step(2));
  // The barrier is ready for its next phase: nobody is parked at it.
  advance(m, 2);
  EXPECT_EQ(m.status(2), ThreadStatus::Finished);
}

TEST(SyncMachine, AFalseAssumeParksForGoodAndTheRunIsDiscarded) {
  auto c = compile("shared x; spawn 1 { store 1 x; } v := load x; assume(v == 1); store 2 x;");
  ASSERT_TRUE(c);
  Machine m(c->code);
  advance(m, 0);
  advance(m, 0); // main loads 0 first; the assume is local and runs in the same step
  EXPECT_EQ(m.parked(0).kind, ParkKind::Assume);
  EXPECT_TRUE(m.assumption_failed());
  EXPECT_EQ(m.blocker(0).kind, Blocker::Assume);
  advance(m, 1); // the other thread goes on; nothing unparks main
  EXPECT_EQ(m.parked(0).kind, ParkKind::Assume);
  EXPECT_TRUE(m.runnable().empty());
  // As a run (no detector: x races): main loads before the store and the run is discarded.
  InterpreterOptions bare;
  bare.detector = std::nullopt;
  auto run = testing::run_schedule(*c, Schedule{0, 0, 1}, bare);
  EXPECT_EQ(run.result.outcome, Outcome::Discarded);
  auto kept = testing::run_schedule(*c, Schedule{0, 1, 0, 0}, bare);
  EXPECT_EQ(kept.result.outcome, Outcome::Finished);
}

TEST(SyncMachine, AWaitWithoutTheLockIsARuntimeErrorNamingBoth) {
  auto c = compile("mutex m; condition c; wait(c, m);");
  ASSERT_TRUE(c);
  auto run = testing::run_seed(*c, 1);
  ASSERT_EQ(run.result.outcome, Outcome::RuntimeError);
  ASSERT_TRUE(run.result.failure);
  EXPECT_NE(run.result.failure->message.find("wait on condition 'c' needs lock 'm' held by this "
                                             "thread (it is free)"),
            std::string::npos)
      << run.result.failure->message;
  auto held = compile("mutex m; condition c; spawn 1 { lock m; } wait 1; wait(c, m);");
  ASSERT_TRUE(held);
  auto other = testing::run_seed(*held, 1);
  ASSERT_TRUE(other.result.failure);
  EXPECT_NE(other.result.failure->message.find("it is held by thread 1"), std::string::npos)
      << other.result.failure->message;
}

TEST(SyncMachine, DeadlocksNameConditionsAndBarriers) {
  auto c = compile("mutex m; condition c; lock m; wait(c, m);");
  ASSERT_TRUE(c);
  auto run = testing::run_seed(*c, 1);
  ASSERT_EQ(run.result.outcome, Outcome::Deadlock);
  ASSERT_EQ(run.result.blocked.size(), 1u);
  EXPECT_EQ(run.result.blocked[0].blocker.kind, Blocker::Condition);
  EXPECT_EQ(run.result.blocked[0].blocker.cell, cell(*c, "c"));

  auto b = compile("barrier b(3); spawn 1 { await b; } await b; wait 1;");
  ASSERT_TRUE(b);
  auto stuck = testing::run_seed(*b, 1);
  ASSERT_EQ(stuck.result.outcome, Outcome::Deadlock);
  ASSERT_EQ(stuck.result.blocked.size(), 2u);
  for (const BlockedThread& t : stuck.result.blocked) {
    EXPECT_EQ(t.blocker.kind, Blocker::Barrier) << t.thread;
    EXPECT_EQ(t.blocker.cell, cell(*b, "b"));
    EXPECT_EQ(t.blocker.arrived, 2);
    EXPECT_EQ(t.blocker.needed, 3);
  }
}

} // namespace
} // namespace racelang
