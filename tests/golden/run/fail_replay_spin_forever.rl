// RUN: run --max-steps=9 --detector=none --schedule-string=0,1,1 %s
// The witness `racelang explore` prints for the cycle of fail_explore_spin_forever.rl (the same
// program): replayed with its --max-steps, the run stops at the step limit exactly where the
// cycle closes, thread 1 at its load again and thread 0 waiting for it (exit 1).
shared f;

spawn 1 {
  g := 0;
  while (g == 0) {
    g := load f;
  }
}
wait 1;

// EXPECT-EXIT: 1
// EXPECT-STDERR: tests/golden/run/fail_replay_spin_forever.rl: error: step limit reached: stopped after 9 steps (--max-steps=9); the program may not terminate under this schedule
// EXPECT-STDERR: tests/golden/run/fail_replay_spin_forever.rl:13:1: note: thread 0 is here
// EXPECT-STDERR: wait 1;
// EXPECT-STDERR: ^~~~~~~
// EXPECT-STDERR: tests/golden/run/fail_replay_spin_forever.rl:10:5: note: thread 1 is here
// EXPECT-STDERR:     g := load f;
// EXPECT-STDERR:     ^~~~~~~~~~~~
// EXPECT-STDERR: To replay: racelang run tests/golden/run/fail_replay_spin_forever.rl --detector=none --max-steps=9 --schedule-string=0,1,1
