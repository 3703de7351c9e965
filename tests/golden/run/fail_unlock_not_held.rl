// RUN: run --seed=1 %s
// Unlocking a lock the thread does not hold is a runtime error (the paper's semantics would
// simply get stuck).
mutex m;

lock m;
spawn 1 {
  unlock m;
}
wait 1;

// RUN-JIT: %s

// EXPECT-EXIT: 1
// EXPECT-STDERR: tests/golden/run/fail_unlock_not_held.rl:8:3: error: thread 1: unlock of 'm', which it does not hold (it is held by thread 0)
// EXPECT-STDERR:   unlock m;
// EXPECT-STDERR:   ^~~~~~~~~
// EXPECT-STDERR: To replay: racelang run tests/golden/run/fail_unlock_not_held.rl --seed=1
// JIT-EXPECT-EXIT: 1
// JIT-EXPECT-STDERR: tests/golden/run/fail_unlock_not_held.rl:8:3: error: thread 1: unlock of 'm', which it does not hold (it is held by thread 0)
// JIT-EXPECT-STDERR:   unlock m;
// JIT-EXPECT-STDERR:   ^~~~~~~~~
// JIT-EXPECT-STDERR: Real threads cannot be replayed; the interpreter ends the same way with seed 1.
// JIT-EXPECT-STDERR: To replay: racelang run tests/golden/run/fail_unlock_not_held.rl --backend=interp --detector=fasttrack --seed=1
