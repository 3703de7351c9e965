// RUN: run --seed=1 %s
// A barrier for three threads that only two threads reach: both wait for good, and the
// deadlock report says how many arrived.
barrier b(3);

spawn 1 {
  await b;
}
await b;
wait 1;

// RUN-JIT: run --backend=jit --detector=none %s

// EXPECT-EXIT: 1
// EXPECT-STDERR: tests/golden/sync/fail_barrier_cannot_fill.rl: error: deadlock: threads 0 and 1 are blocked and no thread can continue
// EXPECT-STDERR: tests/golden/sync/fail_barrier_cannot_fill.rl:9:1: note: thread 0 waits at barrier 'b' (2 of 3 threads arrived), which no other thread can reach
// EXPECT-STDERR: await b;
// EXPECT-STDERR: ^~~~~~~~
// EXPECT-STDERR: tests/golden/sync/fail_barrier_cannot_fill.rl:7:3: note: thread 1 waits at barrier 'b' (2 of 3 threads arrived), which no other thread can reach
// EXPECT-STDERR:   await b;
// EXPECT-STDERR:   ^~~~~~~~
// EXPECT-STDERR: To replay: racelang run tests/golden/sync/fail_barrier_cannot_fill.rl --seed=1
// JIT-EXPECT-EXIT: 1
// JIT-EXPECT-STDERR: tests/golden/sync/fail_barrier_cannot_fill.rl: error: deadlock: threads 0 and 1 are blocked and no thread can continue
// JIT-EXPECT-STDERR: tests/golden/sync/fail_barrier_cannot_fill.rl:9:1: note: thread 0 waits at barrier 'b' (2 of 3 threads arrived), which no other thread can reach
// JIT-EXPECT-STDERR: await b;
// JIT-EXPECT-STDERR: ^~~~~~~~
// JIT-EXPECT-STDERR: tests/golden/sync/fail_barrier_cannot_fill.rl:7:3: note: thread 1 waits at barrier 'b' (2 of 3 threads arrived), which no other thread can reach
// JIT-EXPECT-STDERR:   await b;
// JIT-EXPECT-STDERR:   ^~~~~~~~
// JIT-EXPECT-STDERR: Real threads cannot be replayed; the interpreter ends the same way with seed 1.
// JIT-EXPECT-STDERR: To replay: racelang run tests/golden/sync/fail_barrier_cannot_fill.rl --backend=interp --detector=none --seed=1
