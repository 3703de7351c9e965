// RUN: run --backend=jit --detector=none %s
// A notify with nobody waiting is lost, so the wait that comes later is never woken: the JIT's
// watchdog reports the deadlock in the interpreter's words.
condition c;
mutex m;

notify(c);
spawn 1 {
  lock m;
  wait(c, m);
  unlock m;
}
wait 1;

// EXPECT-EXIT: 1
// EXPECT-STDERR: tests/golden/sync/fail_jit_wait_never_notified.rl: error: deadlock: threads 0 and 1 are blocked and no thread can continue
// EXPECT-STDERR: tests/golden/sync/fail_jit_wait_never_notified.rl:13:1: note: thread 0 waits for thread 1 to finish
// EXPECT-STDERR: wait 1;
// EXPECT-STDERR: ^~~~~~~
// EXPECT-STDERR: tests/golden/sync/fail_jit_wait_never_notified.rl:10:3: note: thread 1 waits on condition 'c', which no thread can notify any more
// EXPECT-STDERR:   wait(c, m);
// EXPECT-STDERR:   ^~~~~~~~~~~
// EXPECT-STDERR: Real threads cannot be replayed; the interpreter ends the same way with seed 1.
// EXPECT-STDERR: To replay: racelang run tests/golden/sync/fail_jit_wait_never_notified.rl --backend=interp --detector=none --seed=1
