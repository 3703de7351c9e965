// RUN: run --seed=1 %s
// Division by zero in a spawned thread: the error names the thread, the expression and the
// values of its locals.
shared d;

spawn 2 {
  a := 10;
  b := load d;
  q := a / b;
  print(q);
}
wait 2;

// RUN-JIT: %s

// EXPECT-EXIT: 1
// EXPECT-STDERR: tests/golden/run/fail_division_by_zero.rl:9:8: error: thread 2: division by zero (a / b with a = 10, b = 0)
// EXPECT-STDERR:   q := a / b;
// EXPECT-STDERR:        ^~~~~
// EXPECT-STDERR: To replay: racelang run tests/golden/run/fail_division_by_zero.rl --seed=1
// JIT-EXPECT-EXIT: 1
// JIT-EXPECT-STDERR: tests/golden/run/fail_division_by_zero.rl:9:8: error: thread 2: division by zero (a / b with a = 10, b = 0)
// JIT-EXPECT-STDERR:   q := a / b;
// JIT-EXPECT-STDERR:        ^~~~~
// JIT-EXPECT-STDERR: Real threads cannot be replayed; the interpreter ends the same way with seed 1.
// JIT-EXPECT-STDERR: To replay: racelang run tests/golden/run/fail_division_by_zero.rl --backend=interp --detector=fasttrack --seed=1
