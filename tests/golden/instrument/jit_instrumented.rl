// RUN: instrument tests/golden/inputs/locked_counter.txt
// THEN: %t
// `racelang b.rl` (the JIT) on an instrumented file runs it as it is: its checks are the
// detection, and no second instrumentation is added.

// EXPECT-EXIT: 0
// EXPECT-STDOUT: // racelang instrument: from tests/golden/inputs/locked_counter.txt
// EXPECT-STDOUT: // racelang instrument: pass vc, variant paper
// EXPECT-STDOUT: // VectorClock instrumentation: every racelang command runs this file as it is, and reports its
// EXPECT-STDOUT: // positions in the original. With --bigger-step each @group runs as one atomic step.
// EXPECT-STDOUT: // The original of tests/golden/instrument/{jit,emit_c}_instrumented.rl: two threads increment
// EXPECT-STDOUT: // a counter under a lock, so every schedule prints 2.
// EXPECT-STDOUT: shared x;
// EXPECT-STDOUT: mutex m;
// EXPECT-STDOUT: shared __C[4];
// EXPECT-STDOUT: shared __L[2];
// EXPECT-STDOUT: shared __R[2];
// EXPECT-STDOUT: shared __W[2];
// EXPECT-STDOUT: shared __RS[2];
// EXPECT-STDOUT: shared __WS[2];
// EXPECT-STDOUT: mutex __X[1];
// EXPECT-STDOUT:
// EXPECT-STDOUT: // racelang instrumentation: VectorClock (CPP'17, Figure 9 with per-location locks)
// EXPECT-STDOUT: // @group(2) prologue: C[t][t] := 1 for every thread t
// EXPECT-STDOUT: store 1 __C[0];
// EXPECT-STDOUT: store 1 __C[3];
// EXPECT-STDOUT: // @group(12) spawn 1
// EXPECT-STDOUT: __t1 := load __C[0];
// EXPECT-STDOUT: __t2 := load __C[2];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[2];
// EXPECT-STDOUT: __t1 := load __C[1];
// EXPECT-STDOUT: __t2 := load __C[3];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[3];
// EXPECT-STDOUT: __t1 := load __C[0];
// EXPECT-STDOUT: __t1 := __t1 + 1;
// EXPECT-STDOUT: store __t1 __C[0];
// EXPECT-STDOUT: spawn 1 {
// EXPECT-STDOUT:   // @group(9) lock m
// EXPECT-STDOUT:   lock m;
// EXPECT-STDOUT:   __t1 := load __L[0];
// EXPECT-STDOUT:   __t2 := load __C[2];
// EXPECT-STDOUT:   __t2 := max(__t1, __t2);
// EXPECT-STDOUT:   store __t2 __C[2];
// EXPECT-STDOUT:   __t1 := load __L[1];
// EXPECT-STDOUT:   __t2 := load __C[3];
// EXPECT-STDOUT:   __t2 := max(__t1, __t2);
// EXPECT-STDOUT:   store __t2 __C[3];
// EXPECT-STDOUT:   // @group(12) v := load x
// EXPECT-STDOUT:   lock __X[0];
// EXPECT-STDOUT:   __t1 := load __W[0];
// EXPECT-STDOUT:   __t2 := load __C[2];
// EXPECT-STDOUT:   assert(__t1 <= __t2) __race(read x, 8 * 65536 + 3, write 0, __WS[0]);
// EXPECT-STDOUT:   __t1 := load __W[1];
// EXPECT-STDOUT:   __t2 := load __C[3];
// EXPECT-STDOUT:   assert(__t1 <= __t2) __race(read x, 8 * 65536 + 3, write 1, __WS[1]);
// EXPECT-STDOUT:   __t1 := load __C[3];
// EXPECT-STDOUT:   store __t1 __R[1];
// EXPECT-STDOUT:   store 8 * 65536 + 3 __RS[1];
// EXPECT-STDOUT:   v := load x;
// EXPECT-STDOUT:   unlock __X[0];
// EXPECT-STDOUT:   // @group(18) store v + 1 x
// EXPECT-STDOUT:   lock __X[0];
// EXPECT-STDOUT:   __t1 := load __W[0];
// EXPECT-STDOUT:   __t2 := load __C[2];
// EXPECT-STDOUT:   assert(__t1 <= __t2) __race(write x, 9 * 65536 + 3, write 0, __WS[0]);
// EXPECT-STDOUT:   __t1 := load __W[1];
// EXPECT-STDOUT:   __t2 := load __C[3];
// EXPECT-STDOUT:   assert(__t1 <= __t2) __race(write x, 9 * 65536 + 3, write 1, __WS[1]);
// EXPECT-STDOUT:   __t1 := load __R[0];
// EXPECT-STDOUT:   __t2 := load __C[2];
// EXPECT-STDOUT:   assert(__t1 <= __t2) __race(write x, 9 * 65536 + 3, read 0, __RS[0]);
// EXPECT-STDOUT:   __t1 := load __R[1];
// EXPECT-STDOUT:   __t2 := load __C[3];
// EXPECT-STDOUT:   assert(__t1 <= __t2) __race(write x, 9 * 65536 + 3, read 1, __RS[1]);
// EXPECT-STDOUT:   __t1 := load __C[3];
// EXPECT-STDOUT:   store __t1 __W[1];
// EXPECT-STDOUT:   store 9 * 65536 + 3 __WS[1];
// EXPECT-STDOUT:   store v + 1 x;
// EXPECT-STDOUT:   unlock __X[0];
// EXPECT-STDOUT:   // @group(8) unlock m
// EXPECT-STDOUT:   __t1 := load __C[2];
// EXPECT-STDOUT:   store __t1 __L[0];
// EXPECT-STDOUT:   __t1 := load __C[3];
// EXPECT-STDOUT:   store __t1 __L[1];
// EXPECT-STDOUT:   __t1 := load __C[3];
// EXPECT-STDOUT:   __t1 := __t1 + 1;
// EXPECT-STDOUT:   store __t1 __C[3];
// EXPECT-STDOUT:   unlock m;
// EXPECT-STDOUT: }
// EXPECT-STDOUT: // @group(9) lock m
// EXPECT-STDOUT: lock m;
// EXPECT-STDOUT: __t1 := load __L[0];
// EXPECT-STDOUT: __t2 := load __C[0];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[0];
// EXPECT-STDOUT: __t1 := load __L[1];
// EXPECT-STDOUT: __t2 := load __C[1];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[1];
// EXPECT-STDOUT: // @group(12) v := load x
// EXPECT-STDOUT: lock __X[0];
// EXPECT-STDOUT: __t1 := load __W[0];
// EXPECT-STDOUT: __t2 := load __C[0];
// EXPECT-STDOUT: assert(__t1 <= __t2) __race(read x, 13 * 65536 + 1, write 0, __WS[0]);
// EXPECT-STDOUT: __t1 := load __W[1];
// EXPECT-STDOUT: __t2 := load __C[1];
// EXPECT-STDOUT: assert(__t1 <= __t2) __race(read x, 13 * 65536 + 1, write 1, __WS[1]);
// EXPECT-STDOUT: __t1 := load __C[0];
// EXPECT-STDOUT: store __t1 __R[0];
// EXPECT-STDOUT: store 13 * 65536 + 1 __RS[0];
// EXPECT-STDOUT: v := load x;
// EXPECT-STDOUT: unlock __X[0];
// EXPECT-STDOUT: // @group(18) store v + 1 x
// EXPECT-STDOUT: lock __X[0];
// EXPECT-STDOUT: __t1 := load __W[0];
// EXPECT-STDOUT: __t2 := load __C[0];
// EXPECT-STDOUT: assert(__t1 <= __t2) __race(write x, 14 * 65536 + 1, write 0, __WS[0]);
// EXPECT-STDOUT: __t1 := load __W[1];
// EXPECT-STDOUT: __t2 := load __C[1];
// EXPECT-STDOUT: assert(__t1 <= __t2) __race(write x, 14 * 65536 + 1, write 1, __WS[1]);
// EXPECT-STDOUT: __t1 := load __R[0];
// EXPECT-STDOUT: __t2 := load __C[0];
// EXPECT-STDOUT: assert(__t1 <= __t2) __race(write x, 14 * 65536 + 1, read 0, __RS[0]);
// EXPECT-STDOUT: __t1 := load __R[1];
// EXPECT-STDOUT: __t2 := load __C[1];
// EXPECT-STDOUT: assert(__t1 <= __t2) __race(write x, 14 * 65536 + 1, read 1, __RS[1]);
// EXPECT-STDOUT: __t1 := load __C[0];
// EXPECT-STDOUT: store __t1 __W[0];
// EXPECT-STDOUT: store 14 * 65536 + 1 __WS[0];
// EXPECT-STDOUT: store v + 1 x;
// EXPECT-STDOUT: unlock __X[0];
// EXPECT-STDOUT: // @group(8) unlock m
// EXPECT-STDOUT: __t1 := load __C[0];
// EXPECT-STDOUT: store __t1 __L[0];
// EXPECT-STDOUT: __t1 := load __C[1];
// EXPECT-STDOUT: store __t1 __L[1];
// EXPECT-STDOUT: __t1 := load __C[0];
// EXPECT-STDOUT: __t1 := __t1 + 1;
// EXPECT-STDOUT: store __t1 __C[0];
// EXPECT-STDOUT: unlock m;
// EXPECT-STDOUT: // @group(9) wait 1
// EXPECT-STDOUT: wait 1;
// EXPECT-STDOUT: __t1 := load __C[2];
// EXPECT-STDOUT: __t2 := load __C[0];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[0];
// EXPECT-STDOUT: __t1 := load __C[3];
// EXPECT-STDOUT: __t2 := load __C[1];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[1];
// EXPECT-STDOUT: // @group(12) v := load x
// EXPECT-STDOUT: lock __X[0];
// EXPECT-STDOUT: __t1 := load __W[0];
// EXPECT-STDOUT: __t2 := load __C[0];
// EXPECT-STDOUT: assert(__t1 <= __t2) __race(read x, 17 * 65536 + 1, write 0, __WS[0]);
// EXPECT-STDOUT: __t1 := load __W[1];
// EXPECT-STDOUT: __t2 := load __C[1];
// EXPECT-STDOUT: assert(__t1 <= __t2) __race(read x, 17 * 65536 + 1, write 1, __WS[1]);
// EXPECT-STDOUT: __t1 := load __C[0];
// EXPECT-STDOUT: store __t1 __R[0];
// EXPECT-STDOUT: store 17 * 65536 + 1 __RS[0];
// EXPECT-STDOUT: v := load x;
// EXPECT-STDOUT: unlock __X[0];
// EXPECT-STDOUT: print(v);
// THEN-EXPECT-EXIT: 0
// THEN-EXPECT-STDOUT: 2
