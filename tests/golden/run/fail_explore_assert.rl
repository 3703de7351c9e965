// RUN: explore %s
// Exploration finds the schedules where the assertion fails (the lost update) and the race,
// each with a replay command.
shared x;

spawn 1 {
  v := load x;
  store v + 1 x;
}
v := load x;
store v + 1 x;
wait 1;
t := load x;
assert(t == 2);

// EXPECT-EXIT: 66
// EXPECT-STDOUT: explored tests/golden/run/fail_explore_assert.rl
// EXPECT-STDOUT: executions: 4 (finished 2, failed 2, deadlocked 0, step limit 0), racy 4
// EXPECT-STDOUT: traces: 4 (DPOR: one finished execution per Mazurkiewicz trace)
// EXPECT-STDOUT: final states: 1
// EXPECT-STDOUT:   x = 2
// EXPECT-STDOUT: data races: 3
// EXPECT-STDOUT:   race on 'x': read by thread 1 at tests/golden/run/fail_explore_assert.rl:7:3, write by thread 0 at tests/golden/run/fail_explore_assert.rl:11:1
// EXPECT-STDOUT:     replay: racelang run tests/golden/run/fail_explore_assert.rl --schedule-string=0,0,0,1
// EXPECT-STDOUT:   race on 'x': write by thread 1 at tests/golden/run/fail_explore_assert.rl:8:3, read by thread 0 at tests/golden/run/fail_explore_assert.rl:10:1
// EXPECT-STDOUT:     replay: racelang run tests/golden/run/fail_explore_assert.rl --schedule-string=0,0,1,1
// EXPECT-STDOUT:   race on 'x': write by thread 1 at tests/golden/run/fail_explore_assert.rl:8:3, write by thread 0 at tests/golden/run/fail_explore_assert.rl:11:1
// EXPECT-STDOUT:     replay: racelang run tests/golden/run/fail_explore_assert.rl --keep-going --schedule-string=0,0,0,1,1
// EXPECT-STDOUT: assertion failures: 1
// EXPECT-STDOUT:   tests/golden/run/fail_explore_assert.rl:14:1: thread 0: assertion failed: t == 2 (with t = 1)
// EXPECT-STDOUT:     replay: racelang run tests/golden/run/fail_explore_assert.rl --detector=none --schedule-string=0,0,1,0,1,0,0
// EXPECT-STDOUT: runtime errors: 0
// EXPECT-STDOUT: deadlocks: 0
