// RUN: run --seed=1 %s
// Modulo by zero is an error too (INT64_MIN % -1, on the other hand, is 0).
lo := -9223372036854775807 - 1;
print(lo % -1, lo / -1);
n := 0;
r := 7 % n;

// RUN-JIT: %s

// EXPECT-EXIT: 1
// EXPECT-STDOUT: 0 -9223372036854775808
// EXPECT-STDERR: tests/golden/run/fail_modulo_by_zero.rl:6:6: error: thread 0: modulo by zero (7 % n with n = 0)
// EXPECT-STDERR: r := 7 % n;
// EXPECT-STDERR:      ^~~~~
// EXPECT-STDERR: To replay: racelang run tests/golden/run/fail_modulo_by_zero.rl --seed=1
// JIT-EXPECT-EXIT: 1
// JIT-EXPECT-STDOUT: 0 -9223372036854775808
// JIT-EXPECT-STDERR: tests/golden/run/fail_modulo_by_zero.rl:6:6: error: thread 0: modulo by zero (7 % n with n = 0)
// JIT-EXPECT-STDERR: r := 7 % n;
// JIT-EXPECT-STDERR:      ^~~~~
// JIT-EXPECT-STDERR: Real threads cannot be replayed; the interpreter ends the same way with seed 1.
// JIT-EXPECT-STDERR: To replay: racelang run tests/golden/run/fail_modulo_by_zero.rl --backend=interp --detector=fasttrack --seed=1
