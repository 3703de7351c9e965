// RUN: explore %s
// Threads spawned in mixed id order (3, 1, 2). Explore's witnesses choose among runnable threads
// that are not in id order; each replays with the `racelang run` command printed
// (fail_replay_spawn_mixed.rl replays the first).
shared x;

spawn 3 {
  store 3 x;
}
spawn 1 {
  v := load x;
}
spawn 2 {
  store 2 x;
}
wait 1;
wait 2;
wait 3;

// EXPECT-EXIT: 66
// EXPECT-STDOUT: explored tests/golden/run/fail_explore_spawn_mixed.rl
// EXPECT-STDOUT: executions: 6 (finished 6, failed 0, deadlocked 0, step limit 0), racy 6
// EXPECT-STDOUT: traces: 6 (DPOR: one finished execution per Mazurkiewicz trace)
// EXPECT-STDOUT: final states: 2
// EXPECT-STDOUT:   x = 2
// EXPECT-STDOUT:   x = 3
// EXPECT-STDOUT: data races: 3
// EXPECT-STDOUT:   race on 'x': write by thread 3 at tests/golden/run/fail_explore_spawn_mixed.rl:8:3, read by thread 1 at tests/golden/run/fail_explore_spawn_mixed.rl:11:3
// EXPECT-STDOUT:     replay: racelang run tests/golden/run/fail_explore_spawn_mixed.rl --schedule-string=0,0,1,3
// EXPECT-STDOUT:   race on 'x': write by thread 3 at tests/golden/run/fail_explore_spawn_mixed.rl:8:3, write by thread 2 at tests/golden/run/fail_explore_spawn_mixed.rl:14:3
// EXPECT-STDOUT:     replay: racelang run tests/golden/run/fail_explore_spawn_mixed.rl --keep-going --schedule-string=0,0,0,1,2,3
// EXPECT-STDOUT:   race on 'x': write by thread 2 at tests/golden/run/fail_explore_spawn_mixed.rl:14:3, read by thread 1 at tests/golden/run/fail_explore_spawn_mixed.rl:11:3
// EXPECT-STDOUT:     replay: racelang run tests/golden/run/fail_explore_spawn_mixed.rl --schedule-string=0,0,0,1,2
// EXPECT-STDOUT: assertion failures: 0
// EXPECT-STDOUT: runtime errors: 0
// EXPECT-STDOUT: deadlocks: 0
