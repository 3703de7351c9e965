// RUN: instrument programs/counter_locked.rl
// THEN: %t
// `racelang b.rl` (the JIT) on an instrumented file runs it as it is: its checks are the
// detection, and no second instrumentation is added.

// EXPECT-EXIT: 0
// EXPECT-STDOUT: // racelang instrument: from programs/counter_locked.rl
// EXPECT-STDOUT: // racelang instrument: pass vc, variant paper
// EXPECT-STDOUT: // VectorClock instrumentation: every racelang command runs this file as it is, and reports its
// EXPECT-STDOUT: // positions in the original. With --bigger-step each @group runs as one atomic step.
// EXPECT-STDOUT: // RUN: run --seed=1 %s
// EXPECT-STDOUT: // The counter of counter_racy.rl with every access under one lock: race-free, and x is
// EXPECT-STDOUT: // always 3 whatever the schedule.
// EXPECT-STDOUT: shared x;
// EXPECT-STDOUT: mutex m;
// EXPECT-STDOUT: shared __C[9];
// EXPECT-STDOUT: shared __L[3];
// EXPECT-STDOUT: shared __R[3];
// EXPECT-STDOUT: shared __W[3];
// EXPECT-STDOUT: shared __RS[3];
// EXPECT-STDOUT: shared __WS[3];
// EXPECT-STDOUT: mutex __X[1];
// EXPECT-STDOUT:
// EXPECT-STDOUT: // racelang instrumentation: VectorClock (CPP'17, Figure 9 with per-location locks)
// EXPECT-STDOUT: // @group(3) prologue: C[t][t] := 1 for every thread t
// EXPECT-STDOUT: store 1 __C[0];
// EXPECT-STDOUT: store 1 __C[4];
// EXPECT-STDOUT: store 1 __C[8];
// EXPECT-STDOUT: // @group(16) spawn 1
// EXPECT-STDOUT: __t1 := load __C[0];
// EXPECT-STDOUT: __t2 := load __C[3];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[3];
// EXPECT-STDOUT: __t1 := load __C[1];
// EXPECT-STDOUT: __t2 := load __C[4];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[4];
// EXPECT-STDOUT: __t1 := load __C[2];
// EXPECT-STDOUT: __t2 := load __C[5];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[5];
// EXPECT-STDOUT: __t1 := load __C[0];
// EXPECT-STDOUT: __t1 := __t1 + 1;
// EXPECT-STDOUT: store __t1 __C[0];
// EXPECT-STDOUT: spawn 1 {
// EXPECT-STDOUT:   // @group(13) lock m
// EXPECT-STDOUT:   lock m;
// EXPECT-STDOUT:   __t1 := load __L[0];
// EXPECT-STDOUT:   __t2 := load __C[3];
// EXPECT-STDOUT:   __t2 := max(__t1, __t2);
// EXPECT-STDOUT:   store __t2 __C[3];
// EXPECT-STDOUT:   __t1 := load __L[1];
// EXPECT-STDOUT:   __t2 := load __C[4];
// EXPECT-STDOUT:   __t2 := max(__t1, __t2);
// EXPECT-STDOUT:   store __t2 __C[4];
// EXPECT-STDOUT:   __t1 := load __L[2];
// EXPECT-STDOUT:   __t2 := load __C[5];
// EXPECT-STDOUT:   __t2 := max(__t1, __t2);
// EXPECT-STDOUT:   store __t2 __C[5];
// EXPECT-STDOUT:   // @group(15) v := load x
// EXPECT-STDOUT:   lock __X[0];
// EXPECT-STDOUT:   __t1 := load __W[0];
// EXPECT-STDOUT:   __t2 := load __C[3];
// EXPECT-STDOUT:   assert(__t1 <= __t2) __race(read x, 9 * 65536 + 3, write 0, __WS[0]);
// EXPECT-STDOUT:   __t1 := load __W[1];
// EXPECT-STDOUT:   __t2 := load __C[4];
// EXPECT-STDOUT:   assert(__t1 <= __t2) __race(read x, 9 * 65536 + 3, write 1, __WS[1]);
// EXPECT-STDOUT:   __t1 := load __W[2];
// EXPECT-STDOUT:   __t2 := load __C[5];
// EXPECT-STDOUT:   assert(__t1 <= __t2) __race(read x, 9 * 65536 + 3, write 2, __WS[2]);
// EXPECT-STDOUT:   __t1 := load __C[4];
// EXPECT-STDOUT:   store __t1 __R[1];
// EXPECT-STDOUT:   store 9 * 65536 + 3 __RS[1];
// EXPECT-STDOUT:   v := load x;
// EXPECT-STDOUT:   unlock __X[0];
// EXPECT-STDOUT:   // @group(24) store v + 1 x
// EXPECT-STDOUT:   lock __X[0];
// EXPECT-STDOUT:   __t1 := load __W[0];
// EXPECT-STDOUT:   __t2 := load __C[3];
// EXPECT-STDOUT:   assert(__t1 <= __t2) __race(write x, 10 * 65536 + 3, write 0, __WS[0]);
// EXPECT-STDOUT:   __t1 := load __W[1];
// EXPECT-STDOUT:   __t2 := load __C[4];
// EXPECT-STDOUT:   assert(__t1 <= __t2) __race(write x, 10 * 65536 + 3, write 1, __WS[1]);
// EXPECT-STDOUT:   __t1 := load __W[2];
// EXPECT-STDOUT:   __t2 := load __C[5];
// EXPECT-STDOUT:   assert(__t1 <= __t2) __race(write x, 10 * 65536 + 3, write 2, __WS[2]);
// EXPECT-STDOUT:   __t1 := load __R[0];
// EXPECT-STDOUT:   __t2 := load __C[3];
// EXPECT-STDOUT:   assert(__t1 <= __t2) __race(write x, 10 * 65536 + 3, read 0, __RS[0]);
// EXPECT-STDOUT:   __t1 := load __R[1];
// EXPECT-STDOUT:   __t2 := load __C[4];
// EXPECT-STDOUT:   assert(__t1 <= __t2) __race(write x, 10 * 65536 + 3, read 1, __RS[1]);
// EXPECT-STDOUT:   __t1 := load __R[2];
// EXPECT-STDOUT:   __t2 := load __C[5];
// EXPECT-STDOUT:   assert(__t1 <= __t2) __race(write x, 10 * 65536 + 3, read 2, __RS[2]);
// EXPECT-STDOUT:   __t1 := load __C[4];
// EXPECT-STDOUT:   store __t1 __W[1];
// EXPECT-STDOUT:   store 10 * 65536 + 3 __WS[1];
// EXPECT-STDOUT:   store v + 1 x;
// EXPECT-STDOUT:   unlock __X[0];
// EXPECT-STDOUT:   // @group(10) unlock m
// EXPECT-STDOUT:   __t1 := load __C[3];
// EXPECT-STDOUT:   store __t1 __L[0];
// EXPECT-STDOUT:   __t1 := load __C[4];
// EXPECT-STDOUT:   store __t1 __L[1];
// EXPECT-STDOUT:   __t1 := load __C[5];
// EXPECT-STDOUT:   store __t1 __L[2];
// EXPECT-STDOUT:   __t1 := load __C[4];
// EXPECT-STDOUT:   __t1 := __t1 + 1;
// EXPECT-STDOUT:   store __t1 __C[4];
// EXPECT-STDOUT:   unlock m;
// EXPECT-STDOUT: }
// EXPECT-STDOUT: // @group(16) spawn 2
// EXPECT-STDOUT: __t1 := load __C[0];
// EXPECT-STDOUT: __t2 := load __C[6];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[6];
// EXPECT-STDOUT: __t1 := load __C[1];
// EXPECT-STDOUT: __t2 := load __C[7];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[7];
// EXPECT-STDOUT: __t1 := load __C[2];
// EXPECT-STDOUT: __t2 := load __C[8];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[8];
// EXPECT-STDOUT: __t1 := load __C[0];
// EXPECT-STDOUT: __t1 := __t1 + 1;
// EXPECT-STDOUT: store __t1 __C[0];
// EXPECT-STDOUT: spawn 2 {
// EXPECT-STDOUT:   // @group(13) lock m
// EXPECT-STDOUT:   lock m;
// EXPECT-STDOUT:   __t1 := load __L[0];
// EXPECT-STDOUT:   __t2 := load __C[6];
// EXPECT-STDOUT:   __t2 := max(__t1, __t2);
// EXPECT-STDOUT:   store __t2 __C[6];
// EXPECT-STDOUT:   __t1 := load __L[1];
// EXPECT-STDOUT:   __t2 := load __C[7];
// EXPECT-STDOUT:   __t2 := max(__t1, __t2);
// EXPECT-STDOUT:   store __t2 __C[7];
// EXPECT-STDOUT:   __t1 := load __L[2];
// EXPECT-STDOUT:   __t2 := load __C[8];
// EXPECT-STDOUT:   __t2 := max(__t1, __t2);
// EXPECT-STDOUT:   store __t2 __C[8];
// EXPECT-STDOUT:   // @group(15) v := load x
// EXPECT-STDOUT:   lock __X[0];
// EXPECT-STDOUT:   __t1 := load __W[0];
// EXPECT-STDOUT:   __t2 := load __C[6];
// EXPECT-STDOUT:   assert(__t1 <= __t2) __race(read x, 15 * 65536 + 3, write 0, __WS[0]);
// EXPECT-STDOUT:   __t1 := load __W[1];
// EXPECT-STDOUT:   __t2 := load __C[7];
// EXPECT-STDOUT:   assert(__t1 <= __t2) __race(read x, 15 * 65536 + 3, write 1, __WS[1]);
// EXPECT-STDOUT:   __t1 := load __W[2];
// EXPECT-STDOUT:   __t2 := load __C[8];
// EXPECT-STDOUT:   assert(__t1 <= __t2) __race(read x, 15 * 65536 + 3, write 2, __WS[2]);
// EXPECT-STDOUT:   __t1 := load __C[8];
// EXPECT-STDOUT:   store __t1 __R[2];
// EXPECT-STDOUT:   store 15 * 65536 + 3 __RS[2];
// EXPECT-STDOUT:   v := load x;
// EXPECT-STDOUT:   unlock __X[0];
// EXPECT-STDOUT:   // @group(24) store v + 1 x
// EXPECT-STDOUT:   lock __X[0];
// EXPECT-STDOUT:   __t1 := load __W[0];
// EXPECT-STDOUT:   __t2 := load __C[6];
// EXPECT-STDOUT:   assert(__t1 <= __t2) __race(write x, 16 * 65536 + 3, write 0, __WS[0]);
// EXPECT-STDOUT:   __t1 := load __W[1];
// EXPECT-STDOUT:   __t2 := load __C[7];
// EXPECT-STDOUT:   assert(__t1 <= __t2) __race(write x, 16 * 65536 + 3, write 1, __WS[1]);
// EXPECT-STDOUT:   __t1 := load __W[2];
// EXPECT-STDOUT:   __t2 := load __C[8];
// EXPECT-STDOUT:   assert(__t1 <= __t2) __race(write x, 16 * 65536 + 3, write 2, __WS[2]);
// EXPECT-STDOUT:   __t1 := load __R[0];
// EXPECT-STDOUT:   __t2 := load __C[6];
// EXPECT-STDOUT:   assert(__t1 <= __t2) __race(write x, 16 * 65536 + 3, read 0, __RS[0]);
// EXPECT-STDOUT:   __t1 := load __R[1];
// EXPECT-STDOUT:   __t2 := load __C[7];
// EXPECT-STDOUT:   assert(__t1 <= __t2) __race(write x, 16 * 65536 + 3, read 1, __RS[1]);
// EXPECT-STDOUT:   __t1 := load __R[2];
// EXPECT-STDOUT:   __t2 := load __C[8];
// EXPECT-STDOUT:   assert(__t1 <= __t2) __race(write x, 16 * 65536 + 3, read 2, __RS[2]);
// EXPECT-STDOUT:   __t1 := load __C[8];
// EXPECT-STDOUT:   store __t1 __W[2];
// EXPECT-STDOUT:   store 16 * 65536 + 3 __WS[2];
// EXPECT-STDOUT:   store v + 1 x;
// EXPECT-STDOUT:   unlock __X[0];
// EXPECT-STDOUT:   // @group(10) unlock m
// EXPECT-STDOUT:   __t1 := load __C[6];
// EXPECT-STDOUT:   store __t1 __L[0];
// EXPECT-STDOUT:   __t1 := load __C[7];
// EXPECT-STDOUT:   store __t1 __L[1];
// EXPECT-STDOUT:   __t1 := load __C[8];
// EXPECT-STDOUT:   store __t1 __L[2];
// EXPECT-STDOUT:   __t1 := load __C[8];
// EXPECT-STDOUT:   __t1 := __t1 + 1;
// EXPECT-STDOUT:   store __t1 __C[8];
// EXPECT-STDOUT:   unlock m;
// EXPECT-STDOUT: }
// EXPECT-STDOUT: // @group(13) lock m
// EXPECT-STDOUT: lock m;
// EXPECT-STDOUT: __t1 := load __L[0];
// EXPECT-STDOUT: __t2 := load __C[0];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[0];
// EXPECT-STDOUT: __t1 := load __L[1];
// EXPECT-STDOUT: __t2 := load __C[1];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[1];
// EXPECT-STDOUT: __t1 := load __L[2];
// EXPECT-STDOUT: __t2 := load __C[2];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[2];
// EXPECT-STDOUT: // @group(15) v := load x
// EXPECT-STDOUT: lock __X[0];
// EXPECT-STDOUT: __t1 := load __W[0];
// EXPECT-STDOUT: __t2 := load __C[0];
// EXPECT-STDOUT: assert(__t1 <= __t2) __race(read x, 20 * 65536 + 1, write 0, __WS[0]);
// EXPECT-STDOUT: __t1 := load __W[1];
// EXPECT-STDOUT: __t2 := load __C[1];
// EXPECT-STDOUT: assert(__t1 <= __t2) __race(read x, 20 * 65536 + 1, write 1, __WS[1]);
// EXPECT-STDOUT: __t1 := load __W[2];
// EXPECT-STDOUT: __t2 := load __C[2];
// EXPECT-STDOUT: assert(__t1 <= __t2) __race(read x, 20 * 65536 + 1, write 2, __WS[2]);
// EXPECT-STDOUT: __t1 := load __C[0];
// EXPECT-STDOUT: store __t1 __R[0];
// EXPECT-STDOUT: store 20 * 65536 + 1 __RS[0];
// EXPECT-STDOUT: v := load x;
// EXPECT-STDOUT: unlock __X[0];
// EXPECT-STDOUT: // @group(24) store v + 1 x
// EXPECT-STDOUT: lock __X[0];
// EXPECT-STDOUT: __t1 := load __W[0];
// EXPECT-STDOUT: __t2 := load __C[0];
// EXPECT-STDOUT: assert(__t1 <= __t2) __race(write x, 21 * 65536 + 1, write 0, __WS[0]);
// EXPECT-STDOUT: __t1 := load __W[1];
// EXPECT-STDOUT: __t2 := load __C[1];
// EXPECT-STDOUT: assert(__t1 <= __t2) __race(write x, 21 * 65536 + 1, write 1, __WS[1]);
// EXPECT-STDOUT: __t1 := load __W[2];
// EXPECT-STDOUT: __t2 := load __C[2];
// EXPECT-STDOUT: assert(__t1 <= __t2) __race(write x, 21 * 65536 + 1, write 2, __WS[2]);
// EXPECT-STDOUT: __t1 := load __R[0];
// EXPECT-STDOUT: __t2 := load __C[0];
// EXPECT-STDOUT: assert(__t1 <= __t2) __race(write x, 21 * 65536 + 1, read 0, __RS[0]);
// EXPECT-STDOUT: __t1 := load __R[1];
// EXPECT-STDOUT: __t2 := load __C[1];
// EXPECT-STDOUT: assert(__t1 <= __t2) __race(write x, 21 * 65536 + 1, read 1, __RS[1]);
// EXPECT-STDOUT: __t1 := load __R[2];
// EXPECT-STDOUT: __t2 := load __C[2];
// EXPECT-STDOUT: assert(__t1 <= __t2) __race(write x, 21 * 65536 + 1, read 2, __RS[2]);
// EXPECT-STDOUT: __t1 := load __C[0];
// EXPECT-STDOUT: store __t1 __W[0];
// EXPECT-STDOUT: store 21 * 65536 + 1 __WS[0];
// EXPECT-STDOUT: store v + 1 x;
// EXPECT-STDOUT: unlock __X[0];
// EXPECT-STDOUT: // @group(10) unlock m
// EXPECT-STDOUT: __t1 := load __C[0];
// EXPECT-STDOUT: store __t1 __L[0];
// EXPECT-STDOUT: __t1 := load __C[1];
// EXPECT-STDOUT: store __t1 __L[1];
// EXPECT-STDOUT: __t1 := load __C[2];
// EXPECT-STDOUT: store __t1 __L[2];
// EXPECT-STDOUT: __t1 := load __C[0];
// EXPECT-STDOUT: __t1 := __t1 + 1;
// EXPECT-STDOUT: store __t1 __C[0];
// EXPECT-STDOUT: unlock m;
// EXPECT-STDOUT: // @group(13) wait 1
// EXPECT-STDOUT: wait 1;
// EXPECT-STDOUT: __t1 := load __C[3];
// EXPECT-STDOUT: __t2 := load __C[0];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[0];
// EXPECT-STDOUT: __t1 := load __C[4];
// EXPECT-STDOUT: __t2 := load __C[1];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[1];
// EXPECT-STDOUT: __t1 := load __C[5];
// EXPECT-STDOUT: __t2 := load __C[2];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[2];
// EXPECT-STDOUT: // @group(13) wait 2
// EXPECT-STDOUT: wait 2;
// EXPECT-STDOUT: __t1 := load __C[6];
// EXPECT-STDOUT: __t2 := load __C[0];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[0];
// EXPECT-STDOUT: __t1 := load __C[7];
// EXPECT-STDOUT: __t2 := load __C[1];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[1];
// EXPECT-STDOUT: __t1 := load __C[8];
// EXPECT-STDOUT: __t2 := load __C[2];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[2];
// EXPECT-STDOUT: // @group(15) v := load x
// EXPECT-STDOUT: lock __X[0];
// EXPECT-STDOUT: __t1 := load __W[0];
// EXPECT-STDOUT: __t2 := load __C[0];
// EXPECT-STDOUT: assert(__t1 <= __t2) __race(read x, 25 * 65536 + 1, write 0, __WS[0]);
// EXPECT-STDOUT: __t1 := load __W[1];
// EXPECT-STDOUT: __t2 := load __C[1];
// EXPECT-STDOUT: assert(__t1 <= __t2) __race(read x, 25 * 65536 + 1, write 1, __WS[1]);
// EXPECT-STDOUT: __t1 := load __W[2];
// EXPECT-STDOUT: __t2 := load __C[2];
// EXPECT-STDOUT: assert(__t1 <= __t2) __race(read x, 25 * 65536 + 1, write 2, __WS[2]);
// EXPECT-STDOUT: __t1 := load __C[0];
// EXPECT-STDOUT: store __t1 __R[0];
// EXPECT-STDOUT: store 25 * 65536 + 1 __RS[0];
// EXPECT-STDOUT: v := load x;
// EXPECT-STDOUT: unlock __X[0];
// EXPECT-STDOUT: print(v);
// EXPECT-STDOUT: // RUN-JIT: %s
// EXPECT-STDOUT: // EXPECT-EXIT: 0
// EXPECT-STDOUT: // EXPECT-STDOUT: 3
// EXPECT-STDOUT: // JIT-EXPECT-EXIT: 0
// EXPECT-STDOUT: // JIT-EXPECT-STDOUT: 3
// THEN-EXPECT-EXIT: 0
// THEN-EXPECT-STDOUT: 3
