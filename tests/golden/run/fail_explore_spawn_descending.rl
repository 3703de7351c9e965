// RUN: explore %s
// Threads spawned in descending id order (2, then 1): the witness schedules explore prints
// replay with `racelang run --schedule-string` (fail_replay_spawn_descending.rl), although the
// runnable threads are not in id order.
shared x;

spawn 2 {
  store 2 x;
}
spawn 1 {
  store 1 x;
}
wait 1;
wait 2;

// EXPECT-EXIT: 66
// EXPECT-STDOUT: explored tests/golden/run/fail_explore_spawn_descending.rl
// EXPECT-STDOUT: executions: 2 (finished 2, failed 0, deadlocked 0, step limit 0), racy 2
// EXPECT-STDOUT: traces: 2 (DPOR: one finished execution per Mazurkiewicz trace)
// EXPECT-STDOUT: final states: 2
// EXPECT-STDOUT:   x = 1
// EXPECT-STDOUT:   x = 2
// EXPECT-STDOUT: data races: 1
// EXPECT-STDOUT:   race on 'x': write by thread 2 at tests/golden/run/fail_explore_spawn_descending.rl:8:3, write by thread 1 at tests/golden/run/fail_explore_spawn_descending.rl:11:3
// EXPECT-STDOUT:     replay: racelang run tests/golden/run/fail_explore_spawn_descending.rl --schedule-string=0,0,1,2
// EXPECT-STDOUT: assertion failures: 0
// EXPECT-STDOUT: runtime errors: 0
// EXPECT-STDOUT: deadlocks: 0
