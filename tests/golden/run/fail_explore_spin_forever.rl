// RUN: explore --strategy=states %s
// Thread 1 spins on a flag nobody sets, and thread 0 waits for it: no schedule ends. Explore
// reports the cycle as non-terminating with a witness (exit 1), not as a complete, successful
// search; the replay stops at the step limit where the cycle closes
// (fail_replay_spin_forever.rl).
shared f;

spawn 1 {
  g := 0;
  while (g == 0) {
    g := load f;
  }
}
wait 1;

// EXPECT-EXIT: 1
// EXPECT-STDOUT: explored tests/golden/run/fail_explore_spin_forever.rl
// EXPECT-STDOUT: executions: at least 0 (finished 0, failed 0, deadlocked 0, step limit 0), racy 0
// EXPECT-STDOUT: states: 3
// EXPECT-STDOUT: note: some schedules never end (the state graph has a cycle, e.g. a spin loop); execution counts are lower bounds
// EXPECT-STDOUT: final states: 0
// EXPECT-STDOUT: data races: 0
// EXPECT-STDOUT: assertion failures: 0
// EXPECT-STDOUT: runtime errors: 0
// EXPECT-STDOUT: deadlocks: 0
// EXPECT-STDOUT: non-terminating: 1
// EXPECT-STDOUT:   a cycle no schedule leaves, the program never ends: thread 0 at tests/golden/run/fail_explore_spin_forever.rl:14:1 (blocked), thread 1 at tests/golden/run/fail_explore_spin_forever.rl:11:5
// EXPECT-STDOUT:     replay: racelang run tests/golden/run/fail_explore_spin_forever.rl --detector=none --max-steps=9 --schedule-string=0,1,1
