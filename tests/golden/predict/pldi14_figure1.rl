// RUN: predict --seed=2 --analysis=all %s
// PLDI'14 Figure 1, the program behind its Figure 4 trace. (The extracted text of the figure is
// lost; this follows Figure 4's events and the paper's prose: the race on x can spoil z, which
// main uses after the join.) The observed run (seed 2) is the paper's: main's critical section
// first. The paper's verdict: the write of x and thread 2's read of x race; only the maximal
// analysis sees it, through a reordering in which thread 2's read of y sees 0, and its witness
// replays on the program. y's and z's accesses do not race (the lock, the join).
shared x;
shared y;
shared z;
mutex l;

spawn 2 {
  lock l;
  r1 := load y;
  unlock l;
  r2 := load x;
  if (r2 == 1) {
    store 1 z;
  }
}
lock l;
store 1 x;
store 1 y;
unlock l;
wait 2;
r3 := load z;
assert(r3 == 1);

// EXPECT-EXIT: 66
// EXPECT-STDERR: ==================
// EXPECT-STDERR: WARNING: predicted data race on 'x' (maximal)
// EXPECT-STDERR:   Read of 'x' by thread 2 at tests/golden/predict/pldi14_figure1.rl:17:3 (event 9):
// EXPECT-STDERR:       r2 := load x;
// EXPECT-STDERR:       ^~~~~~~~~~~~~
// EXPECT-STDERR:   Previous write of 'x' by thread 0 at tests/golden/predict/pldi14_figure1.rl:23:1 (event 3):
// EXPECT-STDERR:     store 1 x;
// EXPECT-STDERR:     ^~~~~~~~~~
// EXPECT-STDERR:   Witness: racelang run tests/golden/predict/pldi14_figure1.rl --keep-going --schedule-string=0,2,2,2,0,0,2
// EXPECT-STDERR: SUMMARY: racelang: predicted data race on 'x' (tests/golden/predict/pldi14_figure1.rl:17:3 and tests/golden/predict/pldi14_figure1.rl:23:1)
// EXPECT-STDERR: ==================
// EXPECT-STDERR: note: m2 is complete on this trace: these are all its predictable races
// EXPECT-STDERR: predict: 1 race predicted (all) on 14 events of the run with --seed=2
