// RUN: run --backend=jit %s
// The JIT with a detector runs conditions and barriers instrumented, and its deadlock report
// names what each blocked thread waits for: a condition nobody can notify, a barrier phase that
// cannot fill.
mutex m;
condition ready;
barrier phase(2);

spawn 1 {
  if (1 == 1) {
    assume(1 == 1);
  }
  await phase;
}
lock m;
wait(ready, m);

// EXPECT-EXIT: 1
// EXPECT-STDERR: tests/golden/sync/fail_jit_deadlock_condition_barrier.rl: error: deadlock: threads 0 and 1 are blocked and no thread can continue
// EXPECT-STDERR: tests/golden/sync/fail_jit_deadlock_condition_barrier.rl:16:1: note: thread 0 waits on condition 'ready', which no thread can notify any more
// EXPECT-STDERR: wait(ready, m);
// EXPECT-STDERR: ^~~~~~~~~~~~~~~
// EXPECT-STDERR: tests/golden/sync/fail_jit_deadlock_condition_barrier.rl:13:3: note: thread 1 waits at barrier 'phase' (1 of 2 threads arrived), which no other thread can reach
// EXPECT-STDERR:   await phase;
// EXPECT-STDERR:   ^~~~~~~~~~~~
// EXPECT-STDERR: Real threads cannot be replayed; the interpreter ends the same way with seed 1.
// EXPECT-STDERR: To replay: racelang run tests/golden/sync/fail_jit_deadlock_condition_barrier.rl --backend=interp --detector=fasttrack --seed=1
