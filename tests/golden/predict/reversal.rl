// RUN: predict --seed=1 --analysis=all %s
// The write is inside thread 1's critical section: a witness must run main's critical section
// first, reversing the observed order of the two sections. SHB and SyncP (sync-preserving:
// sections in their observed order) cannot; M2 and the maximal analysis can, and their witness
// replays. WCP reports the pair too, without a witness of its own.
shared x;
mutex m;

spawn 1 {
  lock m;
  store 1 x;
  unlock m;
}
lock m;
unlock m;
v := load x;
wait 1;

// EXPECT-EXIT: 66
// EXPECT-STDERR: ==================
// EXPECT-STDERR: WARNING: predicted data race on 'x' (wcp, m2, maximal)
// EXPECT-STDERR:   Read of 'x' by thread 0 at tests/golden/predict/reversal.rl:16:1 (event 7):
// EXPECT-STDERR:     v := load x;
// EXPECT-STDERR:     ^~~~~~~~~~~~
// EXPECT-STDERR:   Previous write of 'x' by thread 1 at tests/golden/predict/reversal.rl:11:3 (event 3):
// EXPECT-STDERR:       store 1 x;
// EXPECT-STDERR:       ^~~~~~~~~~
// EXPECT-STDERR:   Witness: racelang run tests/golden/predict/reversal.rl --keep-going --schedule-string=0,0,0,1,1,0
// EXPECT-STDERR: SUMMARY: racelang: predicted data race on 'x' (tests/golden/predict/reversal.rl:16:1 and tests/golden/predict/reversal.rl:11:3)
// EXPECT-STDERR: ==================
// EXPECT-STDERR: note: m2 is complete on this trace: these are all its predictable races
// EXPECT-STDERR: predict: 1 race predicted (all) on 8 events of the run with --seed=1
