// RUN: run --detector=none --seed=2 %s
// A lost update under one schedule: both threads read 0 and the assertion sees x = 1. The
// failure shows the condition and the values of the locals it reads. With --detector=none the
// race itself is not reported first.
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
total := load x;
assert(total == 2);

// EXPECT-EXIT: 1
// EXPECT-STDERR: tests/golden/run/fail_assertion.rl:18:1: error: thread 0: assertion failed: total == 2 (with total = 1)
// EXPECT-STDERR: assert(total == 2);
// EXPECT-STDERR: ^~~~~~~~~~~~~~~~~~~
// EXPECT-STDERR: To replay: racelang run tests/golden/run/fail_assertion.rl --detector=none --seed=2
