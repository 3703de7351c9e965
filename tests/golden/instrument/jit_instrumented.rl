// RUN: instrument --elide=redundant,thread-local tests/golden/inputs/locked_counter.txt
// THEN: %t
// `racelang b.rl` (the JIT) on an instrumented file runs it as it is: its checks are the
// detection, and no second instrumentation is added.

// EXPECT-EXIT: 0
// EXPECT-STDOUT: // racelang instrument: from tests/golden/inputs/locked_counter.txt
// EXPECT-STDOUT: // racelang instrument: pass fasttrack, variant pldi09, elide redundant,thread-local
// EXPECT-STDOUT: // FastTrack instrumentation: every racelang command runs this file as it is, and reports its
// EXPECT-STDOUT: // positions in the original. With --bigger-step each @group runs as one atomic step.
// EXPECT-STDOUT: // The original of tests/golden/instrument/{jit,emit_c}_instrumented.rl: two threads increment
// EXPECT-STDOUT: // a counter under a lock, so every schedule prints 2.
// EXPECT-STDOUT: shared x;
// EXPECT-STDOUT: mutex m;
// EXPECT-STDOUT: shared __C[4];
// EXPECT-STDOUT: shared __L[2];
// EXPECT-STDOUT: shared __FW[1];
// EXPECT-STDOUT: shared __FR[1];
// EXPECT-STDOUT: shared __FRV[2];
// EXPECT-STDOUT: shared __RS[2];
// EXPECT-STDOUT: shared __WS[2];
// EXPECT-STDOUT: mutex __X[1];
// EXPECT-STDOUT:
// EXPECT-STDOUT: // racelang instrumentation: FastTrack (PLDI'09, Figure 2; same-epoch tests unlocked, the rest under X[x])
// EXPECT-STDOUT: // @group(2) prologue: C[t][t] := 1 for every thread t
// EXPECT-STDOUT: store 1 __C[0];
// EXPECT-STDOUT: store 1 __C[3];
// EXPECT-STDOUT: // @group(14) spawn 1
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
// EXPECT-STDOUT: __c := load __C[0];
// EXPECT-STDOUT: __ce := __c * 2 + 0;
// EXPECT-STDOUT: spawn 1 {
// EXPECT-STDOUT:   // @group(11) lock m
// EXPECT-STDOUT:   lock m;
// EXPECT-STDOUT:   __t1 := load __L[0];
// EXPECT-STDOUT:   __t2 := load __C[2];
// EXPECT-STDOUT:   __t2 := max(__t1, __t2);
// EXPECT-STDOUT:   store __t2 __C[2];
// EXPECT-STDOUT:   __t1 := load __L[1];
// EXPECT-STDOUT:   __t2 := load __C[3];
// EXPECT-STDOUT:   __t2 := max(__t1, __t2);
// EXPECT-STDOUT:   store __t2 __C[3];
// EXPECT-STDOUT:   __c := load __C[3];
// EXPECT-STDOUT:   __ce := __c * 2 + 1;
// EXPECT-STDOUT:   // @group(3) v := load x
// EXPECT-STDOUT:   __e := load __FR[0];
// EXPECT-STDOUT:   if (__e < 0) {
// EXPECT-STDOUT:     __e := load __FRV[1];
// EXPECT-STDOUT:     __e := __e * 2 + 1;
// EXPECT-STDOUT:   }
// EXPECT-STDOUT:   if (__e != __ce) {
// EXPECT-STDOUT:     lock __X[0];
// EXPECT-STDOUT:     __e := load __FW[0];
// EXPECT-STDOUT:     __u := __e % 2;
// EXPECT-STDOUT:     __t2 := load __C[2 + __u];
// EXPECT-STDOUT:     assert(__e / 2 <= __t2) __race(read x, 8 * 65536 + 3, write __u, __WS[0 + __u]);
// EXPECT-STDOUT:     __e := load __FR[0];
// EXPECT-STDOUT:     if (__e < 0) {
// EXPECT-STDOUT:       store __c __FRV[1];
// EXPECT-STDOUT:     } else {
// EXPECT-STDOUT:       __u := __e % 2;
// EXPECT-STDOUT:       __t2 := load __C[2 + __u];
// EXPECT-STDOUT:       if (__e / 2 <= __t2) {
// EXPECT-STDOUT:         store __ce __FR[0];
// EXPECT-STDOUT:       } else {
// EXPECT-STDOUT:         store 0 __FRV[0];
// EXPECT-STDOUT:         store 0 __FRV[1];
// EXPECT-STDOUT:         store __e / 2 __FRV[0 + __u];
// EXPECT-STDOUT:         store __c __FRV[1];
// EXPECT-STDOUT:         store -1 __FR[0];
// EXPECT-STDOUT:       }
// EXPECT-STDOUT:     }
// EXPECT-STDOUT:     store 8 * 65536 + 3 __RS[1];
// EXPECT-STDOUT:     v := load x;
// EXPECT-STDOUT:     unlock __X[0];
// EXPECT-STDOUT:   } else {
// EXPECT-STDOUT:     v := load x;
// EXPECT-STDOUT:   }
// EXPECT-STDOUT:   // @group(2) store v + 1 x
// EXPECT-STDOUT:   __e := load __FW[0];
// EXPECT-STDOUT:   if (__e != __ce) {
// EXPECT-STDOUT:     lock __X[0];
// EXPECT-STDOUT:     __e := load __FW[0];
// EXPECT-STDOUT:     __u := __e % 2;
// EXPECT-STDOUT:     __t2 := load __C[2 + __u];
// EXPECT-STDOUT:     assert(__e / 2 <= __t2) __race(write x, 9 * 65536 + 3, write __u, __WS[0 + __u]);
// EXPECT-STDOUT:     __e := load __FR[0];
// EXPECT-STDOUT:     if (__e < 0) {
// EXPECT-STDOUT:       __t1 := load __FRV[0];
// EXPECT-STDOUT:       __t2 := load __C[2];
// EXPECT-STDOUT:       assert(__t1 <= __t2) __race(write x, 9 * 65536 + 3, read 0, __RS[0]);
// EXPECT-STDOUT:       __t1 := load __FRV[1];
// EXPECT-STDOUT:       __t2 := load __C[3];
// EXPECT-STDOUT:       assert(__t1 <= __t2) __race(write x, 9 * 65536 + 3, read 1, __RS[1]);
// EXPECT-STDOUT:       store 0 __FR[0];
// EXPECT-STDOUT:     } else {
// EXPECT-STDOUT:       __u := __e % 2;
// EXPECT-STDOUT:       __t2 := load __C[2 + __u];
// EXPECT-STDOUT:       assert(__e / 2 <= __t2) __race(write x, 9 * 65536 + 3, read __u, __RS[0 + __u]);
// EXPECT-STDOUT:     }
// EXPECT-STDOUT:     store __ce __FW[0];
// EXPECT-STDOUT:     store 9 * 65536 + 3 __WS[1];
// EXPECT-STDOUT:     store v + 1 x;
// EXPECT-STDOUT:     unlock __X[0];
// EXPECT-STDOUT:   } else {
// EXPECT-STDOUT:     store v + 1 x;
// EXPECT-STDOUT:   }
// EXPECT-STDOUT:   // @group(10) unlock m
// EXPECT-STDOUT:   __t1 := load __C[2];
// EXPECT-STDOUT:   store __t1 __L[0];
// EXPECT-STDOUT:   __t1 := load __C[3];
// EXPECT-STDOUT:   store __t1 __L[1];
// EXPECT-STDOUT:   __t1 := load __C[3];
// EXPECT-STDOUT:   __t1 := __t1 + 1;
// EXPECT-STDOUT:   store __t1 __C[3];
// EXPECT-STDOUT:   __c := load __C[3];
// EXPECT-STDOUT:   __ce := __c * 2 + 1;
// EXPECT-STDOUT:   unlock m;
// EXPECT-STDOUT: }
// EXPECT-STDOUT: // @group(11) lock m
// EXPECT-STDOUT: lock m;
// EXPECT-STDOUT: __t1 := load __L[0];
// EXPECT-STDOUT: __t2 := load __C[0];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[0];
// EXPECT-STDOUT: __t1 := load __L[1];
// EXPECT-STDOUT: __t2 := load __C[1];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[1];
// EXPECT-STDOUT: __c := load __C[0];
// EXPECT-STDOUT: __ce := __c * 2 + 0;
// EXPECT-STDOUT: // @group(3) v := load x
// EXPECT-STDOUT: __e := load __FR[0];
// EXPECT-STDOUT: if (__e < 0) {
// EXPECT-STDOUT:   __e := load __FRV[0];
// EXPECT-STDOUT:   __e := __e * 2 + 0;
// EXPECT-STDOUT: }
// EXPECT-STDOUT: if (__e != __ce) {
// EXPECT-STDOUT:   lock __X[0];
// EXPECT-STDOUT:   __e := load __FW[0];
// EXPECT-STDOUT:   __u := __e % 2;
// EXPECT-STDOUT:   __t2 := load __C[__u];
// EXPECT-STDOUT:   assert(__e / 2 <= __t2) __race(read x, 13 * 65536 + 1, write __u, __WS[0 + __u]);
// EXPECT-STDOUT:   __e := load __FR[0];
// EXPECT-STDOUT:   if (__e < 0) {
// EXPECT-STDOUT:     store __c __FRV[0];
// EXPECT-STDOUT:   } else {
// EXPECT-STDOUT:     __u := __e % 2;
// EXPECT-STDOUT:     __t2 := load __C[__u];
// EXPECT-STDOUT:     if (__e / 2 <= __t2) {
// EXPECT-STDOUT:       store __ce __FR[0];
// EXPECT-STDOUT:     } else {
// EXPECT-STDOUT:       store 0 __FRV[0];
// EXPECT-STDOUT:       store 0 __FRV[1];
// EXPECT-STDOUT:       store __e / 2 __FRV[0 + __u];
// EXPECT-STDOUT:       store __c __FRV[0];
// EXPECT-STDOUT:       store -1 __FR[0];
// EXPECT-STDOUT:     }
// EXPECT-STDOUT:   }
// EXPECT-STDOUT:   store 13 * 65536 + 1 __RS[0];
// EXPECT-STDOUT:   v := load x;
// EXPECT-STDOUT:   unlock __X[0];
// EXPECT-STDOUT: } else {
// EXPECT-STDOUT:   v := load x;
// EXPECT-STDOUT: }
// EXPECT-STDOUT: // @group(2) store v + 1 x
// EXPECT-STDOUT: __e := load __FW[0];
// EXPECT-STDOUT: if (__e != __ce) {
// EXPECT-STDOUT:   lock __X[0];
// EXPECT-STDOUT:   __e := load __FW[0];
// EXPECT-STDOUT:   __u := __e % 2;
// EXPECT-STDOUT:   __t2 := load __C[__u];
// EXPECT-STDOUT:   assert(__e / 2 <= __t2) __race(write x, 14 * 65536 + 1, write __u, __WS[0 + __u]);
// EXPECT-STDOUT:   __e := load __FR[0];
// EXPECT-STDOUT:   if (__e < 0) {
// EXPECT-STDOUT:     __t1 := load __FRV[0];
// EXPECT-STDOUT:     __t2 := load __C[0];
// EXPECT-STDOUT:     assert(__t1 <= __t2) __race(write x, 14 * 65536 + 1, read 0, __RS[0]);
// EXPECT-STDOUT:     __t1 := load __FRV[1];
// EXPECT-STDOUT:     __t2 := load __C[1];
// EXPECT-STDOUT:     assert(__t1 <= __t2) __race(write x, 14 * 65536 + 1, read 1, __RS[1]);
// EXPECT-STDOUT:     store 0 __FR[0];
// EXPECT-STDOUT:   } else {
// EXPECT-STDOUT:     __u := __e % 2;
// EXPECT-STDOUT:     __t2 := load __C[__u];
// EXPECT-STDOUT:     assert(__e / 2 <= __t2) __race(write x, 14 * 65536 + 1, read __u, __RS[0 + __u]);
// EXPECT-STDOUT:   }
// EXPECT-STDOUT:   store __ce __FW[0];
// EXPECT-STDOUT:   store 14 * 65536 + 1 __WS[0];
// EXPECT-STDOUT:   store v + 1 x;
// EXPECT-STDOUT:   unlock __X[0];
// EXPECT-STDOUT: } else {
// EXPECT-STDOUT:   store v + 1 x;
// EXPECT-STDOUT: }
// EXPECT-STDOUT: // @group(10) unlock m
// EXPECT-STDOUT: __t1 := load __C[0];
// EXPECT-STDOUT: store __t1 __L[0];
// EXPECT-STDOUT: __t1 := load __C[1];
// EXPECT-STDOUT: store __t1 __L[1];
// EXPECT-STDOUT: __t1 := load __C[0];
// EXPECT-STDOUT: __t1 := __t1 + 1;
// EXPECT-STDOUT: store __t1 __C[0];
// EXPECT-STDOUT: __c := load __C[0];
// EXPECT-STDOUT: __ce := __c * 2 + 0;
// EXPECT-STDOUT: unlock m;
// EXPECT-STDOUT: // @group(11) wait 1
// EXPECT-STDOUT: wait 1;
// EXPECT-STDOUT: __t1 := load __C[2];
// EXPECT-STDOUT: __t2 := load __C[0];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[0];
// EXPECT-STDOUT: __t1 := load __C[3];
// EXPECT-STDOUT: __t2 := load __C[1];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[1];
// EXPECT-STDOUT: __c := load __C[0];
// EXPECT-STDOUT: __ce := __c * 2 + 0;
// EXPECT-STDOUT: // @group(3) v := load x
// EXPECT-STDOUT: __e := load __FR[0];
// EXPECT-STDOUT: if (__e < 0) {
// EXPECT-STDOUT:   __e := load __FRV[0];
// EXPECT-STDOUT:   __e := __e * 2 + 0;
// EXPECT-STDOUT: }
// EXPECT-STDOUT: if (__e != __ce) {
// EXPECT-STDOUT:   lock __X[0];
// EXPECT-STDOUT:   __e := load __FW[0];
// EXPECT-STDOUT:   __u := __e % 2;
// EXPECT-STDOUT:   __t2 := load __C[__u];
// EXPECT-STDOUT:   assert(__e / 2 <= __t2) __race(read x, 17 * 65536 + 1, write __u, __WS[0 + __u]);
// EXPECT-STDOUT:   __e := load __FR[0];
// EXPECT-STDOUT:   if (__e < 0) {
// EXPECT-STDOUT:     store __c __FRV[0];
// EXPECT-STDOUT:   } else {
// EXPECT-STDOUT:     __u := __e % 2;
// EXPECT-STDOUT:     __t2 := load __C[__u];
// EXPECT-STDOUT:     if (__e / 2 <= __t2) {
// EXPECT-STDOUT:       store __ce __FR[0];
// EXPECT-STDOUT:     } else {
// EXPECT-STDOUT:       store 0 __FRV[0];
// EXPECT-STDOUT:       store 0 __FRV[1];
// EXPECT-STDOUT:       store __e / 2 __FRV[0 + __u];
// EXPECT-STDOUT:       store __c __FRV[0];
// EXPECT-STDOUT:       store -1 __FR[0];
// EXPECT-STDOUT:     }
// EXPECT-STDOUT:   }
// EXPECT-STDOUT:   store 17 * 65536 + 1 __RS[0];
// EXPECT-STDOUT:   v := load x;
// EXPECT-STDOUT:   unlock __X[0];
// EXPECT-STDOUT: } else {
// EXPECT-STDOUT:   v := load x;
// EXPECT-STDOUT: }
// EXPECT-STDOUT: print(v);
// THEN-EXPECT-EXIT: 0
// THEN-EXPECT-STDOUT: 2
