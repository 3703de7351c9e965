// RUN: %s
// Locks are not re-entrant: locking a lock the thread holds blocks it forever, and the
// watchdog says so.
mutex m;

lock m;
lock m;

// EXPECT-EXIT: 1
// EXPECT-STDERR: tests/golden/jit/fail_deadlock_self.rl: error: deadlock: thread 0 is blocked and no thread can continue
// EXPECT-STDERR: tests/golden/jit/fail_deadlock_self.rl:7:1: note: thread 0 waits to lock 'm', which it holds itself (locks are not re-entrant)
// EXPECT-STDERR: lock m;
// EXPECT-STDERR: ^~~~~~~
// EXPECT-STDERR: Real threads cannot be replayed; the interpreter ends the same way with seed 1.
// EXPECT-STDERR: To replay: racelang run tests/golden/jit/fail_deadlock_self.rl --backend=interp --detector=fasttrack --seed=1
