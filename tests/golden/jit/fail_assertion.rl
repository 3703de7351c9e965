// RUN: %s
// A user assertion failure: the condition and the locals it reads, exit 1.
shared x;

store 5 x;
spawn 1 {
  v := load x;
  store v * 2 x;
}
wait 1;
total := load x;
assert(total == 11);

// EXPECT-EXIT: 1
// EXPECT-STDERR: tests/golden/jit/fail_assertion.rl:12:1: error: thread 0: assertion failed: total == 11 (with total = 10)
// EXPECT-STDERR: assert(total == 11);
// EXPECT-STDERR: ^~~~~~~~~~~~~~~~~~~~
// EXPECT-STDERR: Real threads cannot be replayed; the interpreter ends the same way with seed 1.
// EXPECT-STDERR: To replay: racelang run tests/golden/jit/fail_assertion.rl --backend=interp --detector=fasttrack --seed=1
