// RUN: run --seed=1 %s
// wait(c, m) releases m, so the waiting thread must hold it: a runtime error that names the
// condition, the lock and who holds it.
mutex m;
condition c;
wait(c, m);

// RUN-JIT: run --backend=jit --detector=none %s

// EXPECT-EXIT: 1
// EXPECT-STDERR: tests/golden/sync/fail_cond_wait_not_held.rl:6:1: error: thread 0: wait on condition 'c' needs lock 'm' held by this thread (it is free)
// EXPECT-STDERR: wait(c, m);
// EXPECT-STDERR: ^~~~~~~~~~~
// EXPECT-STDERR: To replay: racelang run tests/golden/sync/fail_cond_wait_not_held.rl --seed=1
// JIT-EXPECT-EXIT: 1
// JIT-EXPECT-STDERR: tests/golden/sync/fail_cond_wait_not_held.rl:6:1: error: thread 0: wait on condition 'c' needs lock 'm' held by this thread (it is free)
// JIT-EXPECT-STDERR: wait(c, m);
// JIT-EXPECT-STDERR: ^~~~~~~~~~~
// JIT-EXPECT-STDERR: Real threads cannot be replayed; the interpreter ends the same way with seed 1.
// JIT-EXPECT-STDERR: To replay: racelang run tests/golden/sync/fail_cond_wait_not_held.rl --backend=interp --detector=none --seed=1
