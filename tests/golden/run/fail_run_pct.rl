// RUN: run --schedule=pct --depth=2 --seed=8 --detector=none %s
// One PCT run replayed from the seed `racelang test` reported for the lost update
// (fail_test_pct.rl): the same assertion failure, and the same replay hint.
shared x;

spawn 1 {
  v := load x;
  store v + 1 x;
}
spawn 2 {
  v := load x;
  store v + 1 x;
}
wait 1;
wait 2;
v := load x;
assert(v == 2);
print(v);

// EXPECT-EXIT: 1
// EXPECT-STDERR: tests/golden/run/fail_run_pct.rl:17:1: error: thread 0: assertion failed: v == 2 (with v = 1)
// EXPECT-STDERR: assert(v == 2);
// EXPECT-STDERR: ^~~~~~~~~~~~~~~
// EXPECT-STDERR: To replay: racelang run tests/golden/run/fail_run_pct.rl --detector=none --schedule=pct --depth=2 --seed=8
