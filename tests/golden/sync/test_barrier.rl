// RUN: test --iterations=40 --seed=7 --jobs=1 %s
// `racelang test` runs seeded schedules of a program with a barrier: every run finishes with the
// same memory and output, since the barrier orders the writes before it and the reads after it
// (and main reads a[1] only after waiting for thread 1, which writes it after the barrier).
shared a[2];
barrier b(2);

spawn 1 {
  store 1 a[1];
  await b;
  v := load a[0];
  store v + 10 a[1];
}
store 2 a[0];
await b;
wait 1;
w := load a[1];
print(w);

// EXPECT-EXIT: 0
// EXPECT-STDOUT: racelang test: 40 runs of tests/golden/sync/test_barrier.rl under random, seeds 7 to 46: 1 distinct outcome
// EXPECT-STDOUT:
// EXPECT-STDOUT: finished (40 runs, first with seed 7): a = [2, 12]; output: "12"
// EXPECT-STDOUT: To replay: racelang run tests/golden/sync/test_barrier.rl --seed=7
