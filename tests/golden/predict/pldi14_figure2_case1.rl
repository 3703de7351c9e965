// RUN: predict --seed=2 --analysis=all %s
// Maximal Sound Predictive Race Detection with Control Flow Abstraction (PLDI'14), Figure 2,
// case 1: thread 2 reads y into r1 and never uses it, then reads x. The observed run (seed 2)
// is the paper's order 1-2-3-4. The paper's verdict: (1,4), the write and the read of x, is a
// race, because line 4 does not depend on what line 3 read. Only the maximal analysis finds it
// (its witness lets the read of y see 0); every analysis that keeps each read's writer cannot.
// (y is volatile in the paper; racelang has no volatile, so the y pair is a race here too.)
shared x;
shared y;

spawn 2 {
  r1 := load y;
  r2 := load x;
}
store 1 x;
store 1 y;
wait 2;

// EXPECT-EXIT: 66
// EXPECT-STDERR: ==================
// EXPECT-STDERR: WARNING: predicted data race on 'y' (syncp, wcp, m2, maximal)
// EXPECT-STDERR:   Read of 'y' by thread 2 at tests/golden/predict/pldi14_figure2_case1.rl:12:3 (event 4):
// EXPECT-STDERR:       r1 := load y;
// EXPECT-STDERR:       ^~~~~~~~~~~~~
// EXPECT-STDERR:   Previous write of 'y' by thread 0 at tests/golden/predict/pldi14_figure2_case1.rl:16:1 (event 3):
// EXPECT-STDERR:     store 1 y;
// EXPECT-STDERR:     ^~~~~~~~~~
// EXPECT-STDERR:   Witness: racelang run tests/golden/predict/pldi14_figure2_case1.rl --keep-going --schedule-string=0,0,0,2
// EXPECT-STDERR: SUMMARY: racelang: predicted data race on 'y' (tests/golden/predict/pldi14_figure2_case1.rl:12:3 and tests/golden/predict/pldi14_figure2_case1.rl:16:1)
// EXPECT-STDERR: ==================
// EXPECT-STDERR: ==================
// EXPECT-STDERR: WARNING: predicted data race on 'x' (wcp, maximal)
// EXPECT-STDERR:   Read of 'x' by thread 2 at tests/golden/predict/pldi14_figure2_case1.rl:13:3 (event 5):
// EXPECT-STDERR:       r2 := load x;
// EXPECT-STDERR:       ^~~~~~~~~~~~~
// EXPECT-STDERR:   Previous write of 'x' by thread 0 at tests/golden/predict/pldi14_figure2_case1.rl:15:1 (event 2):
// EXPECT-STDERR:     store 1 x;
// EXPECT-STDERR:     ^~~~~~~~~~
// EXPECT-STDERR:   Witness: racelang run tests/golden/predict/pldi14_figure2_case1.rl --keep-going --schedule-string=0,2,0,2
// EXPECT-STDERR: SUMMARY: racelang: predicted data race on 'x' (tests/golden/predict/pldi14_figure2_case1.rl:13:3 and tests/golden/predict/pldi14_figure2_case1.rl:15:1)
// EXPECT-STDERR: ==================
// EXPECT-STDERR: note: m2 is complete on this trace: these are all its predictable races
// EXPECT-STDERR: predict: 2 races predicted (all) on 6 events of the run with --seed=2
