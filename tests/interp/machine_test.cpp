// Unit tests of the labelled small-step machine: each statement's effect and label (Figure 7),
// blocking, thread exits, arithmetic corner cases, and every runtime error's message. These
// drive Machine::step directly, one instruction at a time, as a later instrumentation-checking
// layer would.
#include <gtest/gtest.h>

#include <limits>

#include "interp/machine.h"
#include "tests/interp/interp_harness.h"

namespace racelang {
namespace {

using testing::compile;
using testing::Compiled;
using testing::local_value;
using testing::shared_value;

// Runs thread index k to its end or until it cannot step; returns the last result.
StepResult run_thread(Machine& m, uint32_t k) {
  StepResult r;
  while (m.status(k) == ThreadStatus::Running) {
    r = m.step(k);
    if (r.status != StepStatus::Done) break;
  }
  return r;
}

std::string failure_of(const std::string& text) {
  auto c = compile(text);
  if (!c) return "";
  auto r = testing::run_seed(*c, 1);
  return r.result.failure ? r.result.failure->message : "(no failure)";
}

TEST(Machine, AssignmentAndArithmetic) {
  auto c = compile("a := 7; b := a * 3 - 1; q := -7 / 2; r := -7 % 2; m := max(a, b) + min(a, "
                   "b); n := -(a - 10);");
  ASSERT_TRUE(c);
  Machine m(c->code);
  StepResult last = run_thread(m, 0);
  EXPECT_EQ(last.status, StepStatus::Done);
  EXPECT_EQ(m.status(0), ThreadStatus::Finished);
  const MachineState& s = m.state();
  EXPECT_EQ(local_value(*c, s, 0, "b"), 20);
  EXPECT_EQ(local_value(*c, s, 0, "q"), -3); // truncates toward zero
  EXPECT_EQ(local_value(*c, s, 0, "r"), -1); // sign of the dividend
  EXPECT_EQ(local_value(*c, s, 0, "m"), 27);
  EXPECT_EQ(local_value(*c, s, 0, "n"), 3);
}

TEST(Machine, ArithmeticWraps) {
  auto c = compile("big := 9223372036854775807; w := big + 1; lo := -big - 1; d := lo / -1; "
                   "r := lo % -1; p := big * 2; n := -lo;");
  ASSERT_TRUE(c);
  Machine m(c->code);
  run_thread(m, 0);
  const MachineState& s = m.state();
  constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
  EXPECT_EQ(local_value(*c, s, 0, "w"), kMin);
  EXPECT_EQ(local_value(*c, s, 0, "d"), kMin); // INT64_MIN / -1 wraps
  EXPECT_EQ(local_value(*c, s, 0, "r"), 0);
  EXPECT_EQ(local_value(*c, s, 0, "p"), -2);
  EXPECT_EQ(local_value(*c, s, 0, "n"), kMin);
}

TEST(Machine, LoadAndStoreAreLabelledWithCells) {
  auto c = compile("shared x; shared buf[3]; i := 2; store 5 buf[i]; store 1 x; a := load "
                   "buf[i]; b := load x;");
  ASSERT_TRUE(c);
  Machine m(c->code);
  std::vector<Label> labels;
  while (m.status(0) == ThreadStatus::Running) {
    StepResult r = m.step(0);
    ASSERT_EQ(r.status, StepStatus::Done);
    if (r.step.label.kind != LabelKind::None) labels.push_back(r.step.label);
  }
  uint32_t x = c->info.find_symbol("x")->first_cell;
  uint32_t buf2 = c->info.find_symbol("buf")->first_cell + 2;
  std::vector<Label> expected{{LabelKind::Write, 0, buf2},
                              {LabelKind::Write, 0, x},
                              {LabelKind::Read, 0, buf2},
                              {LabelKind::Read, 0, x}};
  EXPECT_EQ(labels, expected);
  EXPECT_EQ(local_value(*c, m.state(), 0, "a"), 5);
  EXPECT_EQ(local_value(*c, m.state(), 0, "b"), 1);
  EXPECT_EQ(c->info.cell_name(buf2), "buf[2]");
}

TEST(Machine, StepsCarryTheStatementPosition) {
  auto c = compile("shared x;\n  store 1 x;\n");
  ASSERT_TRUE(c);
  Machine m(c->code);
  StepResult r = m.step(0);
  EXPECT_EQ(r.step.range.begin, (SourceLoc{2, 3}));
  EXPECT_EQ(r.step.range.end, (SourceLoc{2, 13}));
}

TEST(Machine, LocksHoldThreadPlusOneAndBlock) {
  auto c = compile("mutex m; spawn 1 { lock m; unlock m; } lock m; unlock m; wait 1;");
  ASSERT_TRUE(c);
  Machine m(c->code);
  uint32_t cell = c->info.find_symbol("m")->first_cell;
  EXPECT_EQ(m.step(0).step.label, (Label{LabelKind::Fork, 0, 1}));
  StepResult acq = m.step(0);
  EXPECT_EQ(acq.step.label, (Label{LabelKind::Acquire, 0, cell}));
  EXPECT_EQ(m.state().memory[cell], 1); // held by thread 0: 0 + 1
  EXPECT_FALSE(m.can_step(1));
  Blocker b = m.blocker(1);
  EXPECT_EQ(b.kind, Blocker::Lock);
  EXPECT_EQ(b.holder, 0);
  MachineState before = m.state();
  EXPECT_EQ(m.step(1).status, StepStatus::Blocked);
  EXPECT_EQ(m.state(), before); // a blocked step changes nothing
  EXPECT_EQ(m.step(0).step.label, (Label{LabelKind::Release, 0, cell}));
  EXPECT_EQ(m.state().memory[cell], 0);
  EXPECT_EQ(m.step(1).step.label, (Label{LabelKind::Acquire, 1, cell}));
  EXPECT_EQ(m.state().memory[cell], 2);
}

TEST(Machine, WaitBlocksUntilTheThreadHasFinished) {
  auto c = compile("shared x; wait 1; spawn 1 { store 1 x; }");
  ASSERT_TRUE(c);
  Machine m(c->code);
  // Waiting for a thread that has not been spawned blocks (here: forever, a deadlock).
  EXPECT_FALSE(m.can_step(0));
  Blocker b = m.blocker(0);
  EXPECT_EQ(b.kind, Blocker::Wait);
  EXPECT_EQ(b.waited, 1);
  EXPECT_FALSE(b.waited_spawned);
  EXPECT_TRUE(m.runnable().empty());

  auto d = compile("shared x; spawn 1 { store 1 x; } wait 1; a := load x;");
  ASSERT_TRUE(d);
  Machine n(d->code);
  n.step(0);
  EXPECT_FALSE(n.can_step(0));
  EXPECT_TRUE(n.blocker(0).waited_spawned);
  StepResult st = n.step(1);
  EXPECT_EQ(st.exit_count, 1); // the store was thread 1's last instruction
  EXPECT_EQ(st.exits[0], 1);
  EXPECT_EQ(n.status(1), ThreadStatus::Finished);
  EXPECT_EQ(n.step(0).step.label, (Label{LabelKind::Join, 0, 1}));
}

TEST(Machine, SpawnedThreadsStartWithZeroLocals) {
  auto c = compile("shared x; a := 5; spawn 1 { b := a + 1; store b x; } wait 1; r := load x;");
  ASSERT_TRUE(c);
  auto run = testing::run_seed(*c, 3);
  EXPECT_EQ(run.result.outcome, Outcome::Finished);
  EXPECT_EQ(testing::shared_value(*c, run.final_state, "x"), 1);
}

TEST(Machine, EmptySpawnFinishesAtOnce) {
  auto c = compile("spawn 1 { } wait 1;");
  ASSERT_TRUE(c);
  Machine m(c->code);
  StepResult r = m.step(0);
  EXPECT_EQ(r.step.label, (Label{LabelKind::Fork, 0, 1}));
  ASSERT_EQ(r.exit_count, 1);
  EXPECT_EQ(r.exits[0], 1);
  EXPECT_TRUE(m.can_step(0));
}

TEST(Machine, IfWhileAndShortCircuit) {
  auto c = compile("i := 0; s := 0; while (i < 5) { if (i % 2 == 0) { s := s + i; } else { s := "
                   "s - 1; } i := i + 1; } z := 0; if (z != 0 && 10 / z > 1) { s := 100; } if "
                   "(z == 0 || 10 / z > 1) { t := 1; } if (!(s > 100)) { u := 1; }");
  ASSERT_TRUE(c);
  Machine m(c->code);
  EXPECT_EQ(run_thread(m, 0).status, StepStatus::Done);
  EXPECT_EQ(local_value(*c, m.state(), 0, "s"), 4);
  EXPECT_EQ(local_value(*c, m.state(), 0, "t"), 1);
  EXPECT_EQ(local_value(*c, m.state(), 0, "u"), 1);
}

TEST(Machine, PrintWritesOneLine) {
  auto c = compile("a := 3; print(a, -a, a * 2);");
  ASSERT_TRUE(c);
  auto run = testing::run_seed(*c, 1);
  EXPECT_EQ(run.output, (std::vector<std::string>{"3 -3 6"}));
}

TEST(Machine, AssertionFailureNamesTheLocals) {
  auto c = compile("shared x;\nspawn 1 {\n  v := load x;\n  assert(v == 2 && w >= 0);\n}\n");
  ASSERT_TRUE(c);
  auto run = testing::run_seed(*c, 1);
  ASSERT_EQ(run.result.outcome, Outcome::AssertionFailure);
  EXPECT_EQ(run.result.failure->message,
            "thread 1: assertion failed: v == 2 && w >= 0 (with v = 0, w = 0)");
  EXPECT_EQ(run.result.failure->range.begin, (SourceLoc{4, 3}));
  EXPECT_EQ(run_exit_code(run.result), 1);
  EXPECT_EQ(failure_of("assert(1 > 2);"), "thread 0: assertion failed: 1 > 2");
}

TEST(Machine, RuntimeErrorMessages) {
  EXPECT_EQ(failure_of("a := 1; b := 0; c := a / b;"),
            "thread 0: division by zero (a / b with a = 1, b = 0)");
  EXPECT_EQ(failure_of("a := 1; c := a % (a - 1);"),
            "thread 0: modulo by zero (a % (a - 1) with a = 1)");
  EXPECT_EQ(failure_of("c := 5 / 0;"), "thread 0: division by zero (5 / 0)");
  EXPECT_EQ(failure_of("shared buf[4]; i := 3; store 1 buf[i + 1];"),
            "thread 0: index 4 is out of range for 'buf' of size 4 (buf[i + 1] with i = 3)");
  EXPECT_EQ(failure_of("shared buf[4]; v := load buf[-1];"),
            "thread 0: index -1 is out of range for 'buf' of size 4");
  EXPECT_EQ(failure_of("mutex m; unlock m;"),
            "thread 0: unlock of 'm', which it does not hold (it is free)");
  EXPECT_EQ(failure_of("mutex m; lock m; spawn 1 { unlock m; } wait 1;"),
            "thread 1: unlock of 'm', which it does not hold (it is held by thread 0)");
  EXPECT_EQ(failure_of("i := 0; while (i < 2) { spawn 1 { } i := i + 1; }"),
            "thread 0: thread 1 has already been spawned (it has finished); a thread id is "
            "spawned at most once");
  EXPECT_EQ(failure_of("mutex m; lock m; i := 0; while (i < 2) { spawn 1 { lock m; } i := i + "
                       "1; }"),
            "thread 0: thread 1 has already been spawned (it is still running); a thread id is "
            "spawned at most once");
  EXPECT_EQ(failure_of("mutex m[2]; i := 2; lock m[i];"),
            "thread 0: index 2 is out of range for 'm' of size 2 (m[i] with i = 2)");
}

TEST(Machine, ErrorsPointAtTheFailingExpression) {
  auto c = compile("a := 1;\nb := 2 + a / (a - 1);\n");
  ASSERT_TRUE(c);
  auto run = testing::run_seed(*c, 1);
  ASSERT_TRUE(run.result.failure);
  EXPECT_EQ(run.result.failure->range.begin, (SourceLoc{2, 10}));
  EXPECT_EQ(run.result.failure->range.end, (SourceLoc{2, 21}));
}

TEST(Machine, FailedStepLeavesTheStateUnchanged) {
  auto c = compile("shared buf[2]; a := 7; store a buf[a];");
  ASSERT_TRUE(c);
  Machine m(c->code);
  m.step(0);
  MachineState before = m.state();
  EXPECT_EQ(m.step(0).status, StepStatus::Failed);
  EXPECT_EQ(m.state(), before);
  EXPECT_TRUE(m.failure());
}

TEST(Machine, StatesCompareAndHash) {
  auto c = compile("shared x; spawn 1 { store 1 x; } store 2 x;");
  ASSERT_TRUE(c);
  Machine a(c->code), b(c->code);
  EXPECT_EQ(a.state(), b.state());
  EXPECT_EQ(a.state().hash(), b.state().hash());
  a.step(0);
  EXPECT_NE(a.state(), b.state());
  b.set_state(a.state());
  EXPECT_EQ(a.state(), b.state());
  std::string ka, kb;
  a.state().serialize(ka);
  b.state().serialize(kb);
  EXPECT_EQ(ka, kb);
  a.step(0);
  b.step(1);
  EXPECT_NE(a.state().hash(), b.state().hash());
}

TEST(Machine, AdvanceRunsLocalCodeEagerly) {
  auto c = compile("shared x; a := 1; spawn 1 { b := 2; c := b * 2; store c x; d := 1; } a := "
                   "a + 1; store a x;");
  ASSERT_TRUE(c);
  Machine m(c->code);
  StepResult start = m.start(100);
  EXPECT_EQ(start.small_steps, 1u); // a := 1
  EXPECT_TRUE(m.at_visible(0));
  StepResult fork = m.advance(0, 100);
  EXPECT_EQ(fork.step.label.kind, LabelKind::Fork);
  EXPECT_EQ(fork.small_steps, 4u); // spawn, a := a + 1, and the child's b := 2; c := b * 2
  EXPECT_TRUE(m.at_visible(1));
  StepResult store = m.advance(1, 100);
  EXPECT_EQ(store.exit_count, 1); // d := 1 ran too, and thread 1 finished
  StepResult limited = m.advance(0, 0);
  EXPECT_EQ(limited.status, StepStatus::Done); // the visible step is always taken
}

TEST(Machine, AdvanceStopsRunawayLocalLoops) {
  auto c = compile("i := 0; while (i >= 0) { i := i + 1; }");
  ASSERT_TRUE(c);
  Machine m(c->code);
  StepResult r = m.start(1000);
  EXPECT_EQ(r.status, StepStatus::StepLimit);
  EXPECT_EQ(r.small_steps, 1000u);
}

} // namespace
} // namespace racelang
