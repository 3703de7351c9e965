// RUN: %s
// Waiting for a thread whose spawn never runs blocks forever: a deadlock once every other
// thread is blocked too.
x := 0;
if (x > 0) {
  spawn 2 {
    y := 1;
  }
}
spawn 1 {
  wait 2;
}
wait 1;

// EXPECT-EXIT: 1
// EXPECT-STDERR: tests/golden/jit/fail_deadlock_wait_unspawned.rl: error: deadlock: threads 0 and 1 are blocked and no thread can continue
// EXPECT-STDERR: tests/golden/jit/fail_deadlock_wait_unspawned.rl:13:1: note: thread 0 waits for thread 1 to finish
// EXPECT-STDERR: wait 1;
// EXPECT-STDERR: ^~~~~~~
// EXPECT-STDERR: tests/golden/jit/fail_deadlock_wait_unspawned.rl:11:3: note: thread 1 waits for thread 2, which has not been spawned
// EXPECT-STDERR:   wait 2;
// EXPECT-STDERR:   ^~~~~~~
// EXPECT-STDERR: Real threads cannot be replayed; the interpreter ends the same way with seed 1.
// EXPECT-STDERR: To replay: racelang run tests/golden/jit/fail_deadlock_wait_unspawned.rl --backend=interp --detector=fasttrack --seed=1
