// RUN: %s
// A deadlock on real threads: main holds m and waits for thread 1, which waits for m. The
// watchdog finds every live thread blocked and reports each with what it waits for, as the
// interpreter does, instead of hanging (exit 1).
mutex m;

lock m;
spawn 1 {
  lock m;
  unlock m;
}
wait 1;
unlock m;

// EXPECT-EXIT: 1
// EXPECT-STDERR: tests/golden/jit/fail_deadlock_wait_for_lock.rl: error: deadlock: threads 0 and 1 are blocked and no thread can continue
// EXPECT-STDERR: tests/golden/jit/fail_deadlock_wait_for_lock.rl:12:1: note: thread 0 waits for thread 1 to finish
// EXPECT-STDERR: wait 1;
// EXPECT-STDERR: ^~~~~~~
// EXPECT-STDERR: tests/golden/jit/fail_deadlock_wait_for_lock.rl:9:3: note: thread 1 waits to lock 'm', held by thread 0
// EXPECT-STDERR:   lock m;
// EXPECT-STDERR:   ^~~~~~~
// EXPECT-STDERR: Real threads cannot be replayed; the interpreter ends the same way with seed 1.
// EXPECT-STDERR: To replay: racelang run tests/golden/jit/fail_deadlock_wait_for_lock.rl --backend=interp --detector=fasttrack --seed=1
