// RUN: predict --seed=2 --analysis=all %s
// PLDI'14 Figure 2, case 2: the same read/write trace as case 1, but thread 2 waits in a loop
// until y is nonzero, so its read of x depends on the read of y (a branch event). The paper's
// verdict: (1,4) is not a race. The maximal analysis agrees; WCP's report on x is not confirmed
// (WCP gives no witness and guarantees only its first report, here the pair on y).
shared x;
shared y;

spawn 2 {
  r1 := load y;
  while (r1 == 0) {
    r1 := load y;
  }
  r2 := load x;
}
store 1 x;
store 1 y;
wait 2;

// EXPECT-EXIT: 66
// EXPECT-STDERR: ==================
// EXPECT-STDERR: WARNING: predicted data race on 'y' (syncp, wcp, m2, maximal)
// EXPECT-STDERR:   Read of 'y' by thread 2 at tests/golden/predict/pldi14_figure2_case2.rl:10:3 (event 4):
// EXPECT-STDERR:       r1 := load y;
// EXPECT-STDERR:       ^~~~~~~~~~~~~
// EXPECT-STDERR:   Previous write of 'y' by thread 0 at tests/golden/predict/pldi14_figure2_case2.rl:17:1 (event 3):
// EXPECT-STDERR:     store 1 y;
// EXPECT-STDERR:     ^~~~~~~~~~
// EXPECT-STDERR:   Witness: racelang run tests/golden/predict/pldi14_figure2_case2.rl --keep-going --schedule-string=0,0,0,2
// EXPECT-STDERR: SUMMARY: racelang: predicted data race on 'y' (tests/golden/predict/pldi14_figure2_case2.rl:10:3 and tests/golden/predict/pldi14_figure2_case2.rl:17:1)
// EXPECT-STDERR: ==================
// EXPECT-STDERR: note: unconfirmed report (wcp) on 'x', events 2 and 6: wcp gives no witness, and the pair is not a sync-preserving race
// EXPECT-STDERR: note: m2 is complete on this trace: these are all its predictable races
// EXPECT-STDERR: predict: 1 race predicted (all) on 7 events of the run with --seed=2
