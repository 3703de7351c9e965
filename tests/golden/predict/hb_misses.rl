// RUN: predict --seed=1 --analysis=all %s
// The observed run orders the write and the read through the lock (thread 1 goes first), so
// happens-before sees no race (`racelang run --seed=1` exits 0). SyncP, WCP, M2 and maximal predict it:
// main's critical section can run before thread 1's write. SHB does not: its edge from a read's
// writer to the read orders this very pair. The witness replays.
shared x;
mutex m;

spawn 1 {
  store 1 x;
  lock m;
  unlock m;
}
lock m;
unlock m;
v := load x;
wait 1;

// EXPECT-EXIT: 66
// EXPECT-STDERR: ==================
// EXPECT-STDERR: WARNING: predicted data race on 'x' (syncp, wcp, m2, maximal)
// EXPECT-STDERR:   Read of 'x' by thread 0 at tests/golden/predict/hb_misses.rl:16:1 (event 7):
// EXPECT-STDERR:     v := load x;
// EXPECT-STDERR:     ^~~~~~~~~~~~
// EXPECT-STDERR:   Previous write of 'x' by thread 1 at tests/golden/predict/hb_misses.rl:10:3 (event 2):
// EXPECT-STDERR:       store 1 x;
// EXPECT-STDERR:       ^~~~~~~~~~
// EXPECT-STDERR:   Witness: racelang run tests/golden/predict/hb_misses.rl --keep-going --schedule-string=0,0,0,1,0
// EXPECT-STDERR: SUMMARY: racelang: predicted data race on 'x' (tests/golden/predict/hb_misses.rl:16:1 and tests/golden/predict/hb_misses.rl:10:3)
// EXPECT-STDERR: ==================
// EXPECT-STDERR: note: m2 is complete on this trace: these are all its predictable races
// EXPECT-STDERR: predict: 1 race predicted (all) on 8 events of the run with --seed=1
