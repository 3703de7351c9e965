// RUN: test --schedule=pct --depth=2 --seed=1 --iterations=200 --jobs=2 --detector=none %s
// `racelang test` with PCT on a lost update (a bug of depth 2) without a detector: the
// assertion fails on some schedules, each distinct outcome is printed once with the seed that
// replays it, and the output does not depend on --jobs.
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
// EXPECT-STDOUT: racelang test: 200 runs of tests/golden/run/fail_test_pct.rl under pct (depth 2, 10 scheduling points), seeds 1 to 200: 2 distinct outcomes
// EXPECT-STDOUT:
// EXPECT-STDOUT: assertion failure (13 runs, first with seed 8)
// EXPECT-STDOUT: tests/golden/run/fail_test_pct.rl:18:1: error: thread 0: assertion failed: v == 2 (with v = 1)
// EXPECT-STDOUT: assert(v == 2);
// EXPECT-STDOUT: ^~~~~~~~~~~~~~~
// EXPECT-STDOUT: To replay: racelang run tests/golden/run/fail_test_pct.rl --detector=none --schedule=pct --depth=2 --seed=8
// EXPECT-STDOUT:
// EXPECT-STDOUT: finished (187 runs, first with seed 1): x = 2; output: "2"
// EXPECT-STDOUT: To replay: racelang run tests/golden/run/fail_test_pct.rl --detector=none --schedule=pct --depth=2 --seed=1
