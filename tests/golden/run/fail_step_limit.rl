// RUN: run --seed=1 --max-steps=1000 %s
// A loop that never ends is stopped by the step limit, with where each thread is.
shared x;

spawn 1 {
  i := 0;
  while (i >= 0) {
    i := (i + 1) % 10;
  }
}
v := load x;
wait 1;

// EXPECT-EXIT: 1
// EXPECT-STDERR: tests/golden/run/fail_step_limit.rl: error: step limit reached: stopped after 1000 steps (--max-steps=1000); the program may not terminate under this schedule
// EXPECT-STDERR: tests/golden/run/fail_step_limit.rl:11:1: note: thread 0 is here
// EXPECT-STDERR: v := load x;
// EXPECT-STDERR: ^~~~~~~~~~~~
// EXPECT-STDERR: tests/golden/run/fail_step_limit.rl:7:3: note: thread 1 is here
// EXPECT-STDERR:   while (i >= 0) {
// EXPECT-STDERR:   ^~~~~~~~~~~~~~~~
// EXPECT-STDERR: To replay: racelang run tests/golden/run/fail_step_limit.rl --max-steps=1000 --seed=1
