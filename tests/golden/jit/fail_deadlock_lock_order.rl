// RUN: run --backend=jit --detector=none %s
// Two threads take two locks in opposite orders. A handshake through plain flags (racy, so
// uninstrumented here) makes the cycle certain on real threads: thread 1 holds b before main
// asks for it, and main holds a before thread 1 asks for it.
shared ready;
shared go;
mutex a;
mutex b;

lock a;
spawn 1 {
  lock b;
  store 1 ready;
  g := 0;
  while (g == 0) {
    g := load go;
  }
  lock a;
}
r := 0;
while (r == 0) {
  r := load ready;
}
store 1 go;
lock b;

// EXPECT-EXIT: 1
// EXPECT-STDERR: tests/golden/jit/fail_deadlock_lock_order.rl: error: deadlock: threads 0 and 1 are blocked and no thread can continue
// EXPECT-STDERR: tests/golden/jit/fail_deadlock_lock_order.rl:25:1: note: thread 0 waits to lock 'b', held by thread 1
// EXPECT-STDERR: lock b;
// EXPECT-STDERR: ^~~~~~~
// EXPECT-STDERR: tests/golden/jit/fail_deadlock_lock_order.rl:18:3: note: thread 1 waits to lock 'a', held by thread 0
// EXPECT-STDERR:   lock a;
// EXPECT-STDERR:   ^~~~~~~
// EXPECT-STDERR: Real threads cannot be replayed; the interpreter ends the same way with seed 1.
// EXPECT-STDERR: To replay: racelang run tests/golden/jit/fail_deadlock_lock_order.rl --backend=interp --detector=none --seed=1
