// RUN: run --allow-reserved --detector=none --seed=1 %s
// RUN-JIT: run --backend=jit --allow-reserved --detector=none %s
// A race check whose earlier thread is computed when the check fails (`who`), as an
// epoch-based pass reads it from its metadata: the report names thread 2 on both backends.
shared x;
shared __S[1];
spawn 2 {
  store 1 x;
}
wait 2;
who := 1 + 1;
store 8 * 65536 + 3 __S[0];
assert(who == 0) __race(read x, 14 * 65536 + 1, write who, __S[0]);
a := load x;

// EXPECT-EXIT: 66
// EXPECT-STDERR: ==================
// EXPECT-STDERR: WARNING: data race on 'x' (found by an instrumentation check)
// EXPECT-STDERR:   Read of 'x' by thread 0 at 14:1 of the uninstrumented program:
// EXPECT-STDERR:   Previous write of 'x' by thread 2 at 8:3 of the uninstrumented program:
// EXPECT-STDERR:   Thread 0 is the main thread
// EXPECT-STDERR:   Thread 2 was spawned by thread 0 at tests/golden/run/fail_race_check_runtime_thread.rl:7:1
// EXPECT-STDERR: SUMMARY: racelang: data race on 'x' (14:1 of the uninstrumented program and 8:3 of the uninstrumented program)
// EXPECT-STDERR: ==================
// EXPECT-STDERR: To replay: racelang run tests/golden/run/fail_race_check_runtime_thread.rl --allow-reserved --detector=none --seed=1
// JIT-EXPECT-EXIT: 66
// JIT-EXPECT-STDERR: ==================
// JIT-EXPECT-STDERR: WARNING: data race on 'x' (found by an instrumentation check)
// JIT-EXPECT-STDERR:   Read of 'x' by thread 0 at 14:1 of the uninstrumented program:
// JIT-EXPECT-STDERR:   Previous write of 'x' by thread 2 at 8:3 of the uninstrumented program:
// JIT-EXPECT-STDERR:   Thread 0 is the main thread
// JIT-EXPECT-STDERR:   Thread 2 was spawned by thread 0 at tests/golden/run/fail_race_check_runtime_thread.rl:7:1
// JIT-EXPECT-STDERR: SUMMARY: racelang: data race on 'x' (14:1 of the uninstrumented program and 8:3 of the uninstrumented program)
// JIT-EXPECT-STDERR: ==================
// JIT-EXPECT-STDERR: Real threads cannot be replayed; the interpreter ends the same way with seed 1.
// JIT-EXPECT-STDERR: To replay: racelang run tests/golden/run/fail_race_check_runtime_thread.rl --backend=interp --allow-reserved --detector=none --seed=1
