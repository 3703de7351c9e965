// RUN: instrument --pass=fasttrack tests/golden/inputs/sync_handoff.txt
// THEN: run --seed=2 --bigger-step %t
// The FastTrack pass (the default) on the synchronisation beyond locks: the same rules as the
// VectorClock pass's (clock_pass.h), each reloading the thread's own clock (__c, __ce) after
// it, since each changes C[t]. `data` is checked: only the volatile orders its two accesses.

// EXPECT-EXIT: 0
// EXPECT-STDOUT: // racelang instrument: from tests/golden/inputs/sync_handoff.txt
// EXPECT-STDOUT: // racelang instrument: pass fasttrack, variant pldi09, elide redundant,thread-local,ordered,disjoint
// EXPECT-STDOUT: // FastTrack instrumentation: every racelang command runs this file as it is, and reports its
// EXPECT-STDOUT: // positions in the original. With --bigger-step each @group runs as one atomic step.
// EXPECT-STDOUT: // The original of tests/golden/instrument/{vc,fasttrack}_sync.rl: a worker publishes `data`
// EXPECT-STDOUT: // through the volatile `ready`, takes a try-lock with cas, counts with fetch_add, meets main at
// EXPECT-STDOUT: // a barrier and hands a flag over with a condition variable. Every schedule is race-free.
// EXPECT-STDOUT: shared data;
// EXPECT-STDOUT: volatile ready;
// EXPECT-STDOUT: volatile w[2];
// EXPECT-STDOUT: barrier b(2);
// EXPECT-STDOUT: mutex q;
// EXPECT-STDOUT: condition c;
// EXPECT-STDOUT: shared __C[4];
// EXPECT-STDOUT: shared __L[2];
// EXPECT-STDOUT: shared __FW[1];
// EXPECT-STDOUT: shared __FR[1];
// EXPECT-STDOUT: shared __FRV[2];
// EXPECT-STDOUT: shared __RS[2];
// EXPECT-STDOUT: shared __WS[2];
// EXPECT-STDOUT: mutex __X[1];
// EXPECT-STDOUT: shared __V[6];
// EXPECT-STDOUT: mutex __VX[3];
// EXPECT-STDOUT: shared __B[4];
// EXPECT-STDOUT: shared __BN[1];
// EXPECT-STDOUT: shared __BP[1];
// EXPECT-STDOUT: mutex __BX[1];
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
// EXPECT-STDOUT:   // @group(3) store 7 data
// EXPECT-STDOUT:   if (__c == 0) {
// EXPECT-STDOUT:     __c := load __C[3];
// EXPECT-STDOUT:     __ce := __c * 2 + 1;
// EXPECT-STDOUT:   }
// EXPECT-STDOUT:   __e := load __FW[0];
// EXPECT-STDOUT:   if (__e != __ce) {
// EXPECT-STDOUT:     lock __X[0];
// EXPECT-STDOUT:     __e := load __FW[0];
// EXPECT-STDOUT:     __u := __e % 2;
// EXPECT-STDOUT:     __t2 := load __C[2 + __u];
// EXPECT-STDOUT:     assert(__e / 2 <= __t2) __race(write data, 12 * 65536 + 3, write __u, __WS[0 + __u]);
// EXPECT-STDOUT:     __e := load __FR[0];
// EXPECT-STDOUT:     if (__e < 0) {
// EXPECT-STDOUT:       __t1 := load __FRV[0];
// EXPECT-STDOUT:       __t2 := load __C[2];
// EXPECT-STDOUT:       assert(__t1 <= __t2) __race(write data, 12 * 65536 + 3, read 0, __RS[0]);
// EXPECT-STDOUT:       __t1 := load __FRV[1];
// EXPECT-STDOUT:       __t2 := load __C[3];
// EXPECT-STDOUT:       assert(__t1 <= __t2) __race(write data, 12 * 65536 + 3, read 1, __RS[1]);
// EXPECT-STDOUT:       store 0 __FR[0];
// EXPECT-STDOUT:     } else {
// EXPECT-STDOUT:       __u := __e % 2;
// EXPECT-STDOUT:       __t2 := load __C[2 + __u];
// EXPECT-STDOUT:       assert(__e / 2 <= __t2) __race(write data, 12 * 65536 + 3, read __u, __RS[0 + __u]);
// EXPECT-STDOUT:     }
// EXPECT-STDOUT:     store __ce __FW[0];
// EXPECT-STDOUT:     store 12 * 65536 + 3 __WS[1];
// EXPECT-STDOUT:     store 7 data;
// EXPECT-STDOUT:     unlock __X[0];
// EXPECT-STDOUT:   } else {
// EXPECT-STDOUT:     store 7 data;
// EXPECT-STDOUT:   }
// EXPECT-STDOUT:   // @group(16) store 1 ready
// EXPECT-STDOUT:   lock __VX[0];
// EXPECT-STDOUT:   __t1 := load __C[2];
// EXPECT-STDOUT:   __t2 := load __V[0];
// EXPECT-STDOUT:   __t2 := max(__t1, __t2);
// EXPECT-STDOUT:   store __t2 __V[0];
// EXPECT-STDOUT:   __t1 := load __C[3];
// EXPECT-STDOUT:   __t2 := load __V[1];
// EXPECT-STDOUT:   __t2 := max(__t1, __t2);
// EXPECT-STDOUT:   store __t2 __V[1];
// EXPECT-STDOUT:   __t1 := load __C[3];
// EXPECT-STDOUT:   __t1 := __t1 + 1;
// EXPECT-STDOUT:   store __t1 __C[3];
// EXPECT-STDOUT:   store 1 ready;
// EXPECT-STDOUT:   unlock __VX[0];
// EXPECT-STDOUT:   __c := load __C[3];
// EXPECT-STDOUT:   __ce := __c * 2 + 1;
// EXPECT-STDOUT:   // @group(17) a := cas(w[0], 0, 1)
// EXPECT-STDOUT:   __i := 0;
// EXPECT-STDOUT:   if (__i < 0 || __i >= 2) {
// EXPECT-STDOUT:     a := cas(w[__i], 0, 1);
// EXPECT-STDOUT:   }
// EXPECT-STDOUT:   __ex := 0;
// EXPECT-STDOUT:   lock __VX[__i + 1];
// EXPECT-STDOUT:   a := cas(w[__i], 0, 1);
// EXPECT-STDOUT:   __t1 := load __V[__i * 2 + 2];
// EXPECT-STDOUT:   __t2 := load __C[2];
// EXPECT-STDOUT:   __t2 := max(__t1, __t2);
// EXPECT-STDOUT:   store __t2 __C[2];
// EXPECT-STDOUT:   __t1 := load __V[__i * 2 + 3];
// EXPECT-STDOUT:   __t2 := load __C[3];
// EXPECT-STDOUT:   __t2 := max(__t1, __t2);
// EXPECT-STDOUT:   store __t2 __C[3];
// EXPECT-STDOUT:   if (a == __ex) {
// EXPECT-STDOUT:     __t1 := load __C[2];
// EXPECT-STDOUT:     __t2 := load __V[__i * 2 + 2];
// EXPECT-STDOUT:     __t2 := max(__t1, __t2);
// EXPECT-STDOUT:     store __t2 __V[__i * 2 + 2];
// EXPECT-STDOUT:     __t1 := load __C[3];
// EXPECT-STDOUT:     __t2 := load __V[__i * 2 + 3];
// EXPECT-STDOUT:     __t2 := max(__t1, __t2);
// EXPECT-STDOUT:     store __t2 __V[__i * 2 + 3];
// EXPECT-STDOUT:     __t1 := load __C[3];
// EXPECT-STDOUT:     __t1 := __t1 + 1;
// EXPECT-STDOUT:     store __t1 __C[3];
// EXPECT-STDOUT:   }
// EXPECT-STDOUT:   unlock __VX[__i + 1];
// EXPECT-STDOUT:   __c := load __C[3];
// EXPECT-STDOUT:   __ce := __c * 2 + 1;
// EXPECT-STDOUT:   // @group(33) await b
// EXPECT-STDOUT:   lock __BX[0];
// EXPECT-STDOUT:   __p := load __BP[0];
// EXPECT-STDOUT:   __t1 := load __BN[0];
// EXPECT-STDOUT:   if (__t1 == 0) {
// EXPECT-STDOUT:     store 0 __B[(0 + __p) * 2 + 0];
// EXPECT-STDOUT:     store 0 __B[(0 + __p) * 2 + 1];
// EXPECT-STDOUT:   }
// EXPECT-STDOUT:   __t1 := load __C[2];
// EXPECT-STDOUT:   __t2 := load __B[(0 + __p) * 2 + 0];
// EXPECT-STDOUT:   __t2 := max(__t1, __t2);
// EXPECT-STDOUT:   store __t2 __B[(0 + __p) * 2 + 0];
// EXPECT-STDOUT:   __t1 := load __C[3];
// EXPECT-STDOUT:   __t2 := load __B[(0 + __p) * 2 + 1];
// EXPECT-STDOUT:   __t2 := max(__t1, __t2);
// EXPECT-STDOUT:   store __t2 __B[(0 + __p) * 2 + 1];
// EXPECT-STDOUT:   __t1 := load __BN[0];
// EXPECT-STDOUT:   __t1 := __t1 + 1;
// EXPECT-STDOUT:   if (__t1 == 2) {
// EXPECT-STDOUT:     __t1 := 0;
// EXPECT-STDOUT:     store 1 - __p __BP[0];
// EXPECT-STDOUT:   }
// EXPECT-STDOUT:   store __t1 __BN[0];
// EXPECT-STDOUT:   unlock __BX[0];
// EXPECT-STDOUT:   await b;
// EXPECT-STDOUT:   lock __BX[0];
// EXPECT-STDOUT:   __t1 := load __B[(0 + __p) * 2 + 0];
// EXPECT-STDOUT:   __t2 := load __C[2];
// EXPECT-STDOUT:   __t2 := max(__t1, __t2);
// EXPECT-STDOUT:   store __t2 __C[2];
// EXPECT-STDOUT:   __t1 := load __B[(0 + __p) * 2 + 1];
// EXPECT-STDOUT:   __t2 := load __C[3];
// EXPECT-STDOUT:   __t2 := max(__t1, __t2);
// EXPECT-STDOUT:   store __t2 __C[3];
// EXPECT-STDOUT:   __t1 := load __C[3];
// EXPECT-STDOUT:   __t1 := __t1 + 1;
// EXPECT-STDOUT:   store __t1 __C[3];
// EXPECT-STDOUT:   unlock __BX[0];
// EXPECT-STDOUT:   __c := load __C[3];
// EXPECT-STDOUT:   __ce := __c * 2 + 1;
// EXPECT-STDOUT:   // @group(11) lock q
// EXPECT-STDOUT:   lock q;
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
// EXPECT-STDOUT:   store 1 g;
// EXPECT-STDOUT:   // @group(10) unlock q
// EXPECT-STDOUT:   __t1 := load __C[2];
// EXPECT-STDOUT:   store __t1 __L[0];
// EXPECT-STDOUT:   __t1 := load __C[3];
// EXPECT-STDOUT:   store __t1 __L[1];
// EXPECT-STDOUT:   __t1 := load __C[3];
// EXPECT-STDOUT:   __t1 := __t1 + 1;
// EXPECT-STDOUT:   store __t1 __C[3];
// EXPECT-STDOUT:   __c := load __C[3];
// EXPECT-STDOUT:   __ce := __c * 2 + 1;
// EXPECT-STDOUT:   unlock q;
// EXPECT-STDOUT:   notify(c);
// EXPECT-STDOUT: }
// EXPECT-STDOUT: // @group(13) r := load ready
// EXPECT-STDOUT: lock __VX[0];
// EXPECT-STDOUT: r := load ready;
// EXPECT-STDOUT: __t1 := load __V[0];
// EXPECT-STDOUT: __t2 := load __C[0];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[0];
// EXPECT-STDOUT: __t1 := load __V[1];
// EXPECT-STDOUT: __t2 := load __C[1];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[1];
// EXPECT-STDOUT: unlock __VX[0];
// EXPECT-STDOUT: __c := load __C[0];
// EXPECT-STDOUT: __ce := __c * 2 + 0;
// EXPECT-STDOUT: if (r == 1) {
// EXPECT-STDOUT:   // @group(3) v := load data
// EXPECT-STDOUT:   __e := load __FR[0];
// EXPECT-STDOUT:   if (__e < 0) {
// EXPECT-STDOUT:     __e := load __FRV[0];
// EXPECT-STDOUT:     __e := __e * 2 + 0;
// EXPECT-STDOUT:   }
// EXPECT-STDOUT:   if (__e != __ce) {
// EXPECT-STDOUT:     lock __X[0];
// EXPECT-STDOUT:     __e := load __FW[0];
// EXPECT-STDOUT:     __u := __e % 2;
// EXPECT-STDOUT:     __t2 := load __C[__u];
// EXPECT-STDOUT:     assert(__e / 2 <= __t2) __race(read data, 23 * 65536 + 3, write __u, __WS[0 + __u]);
// EXPECT-STDOUT:     __e := load __FR[0];
// EXPECT-STDOUT:     if (__e < 0) {
// EXPECT-STDOUT:       store __c __FRV[0];
// EXPECT-STDOUT:     } else {
// EXPECT-STDOUT:       __u := __e % 2;
// EXPECT-STDOUT:       __t2 := load __C[__u];
// EXPECT-STDOUT:       if (__e / 2 <= __t2) {
// EXPECT-STDOUT:         store __ce __FR[0];
// EXPECT-STDOUT:       } else {
// EXPECT-STDOUT:         store 0 __FRV[0];
// EXPECT-STDOUT:         store 0 __FRV[1];
// EXPECT-STDOUT:         store __e / 2 __FRV[0 + __u];
// EXPECT-STDOUT:         store __c __FRV[0];
// EXPECT-STDOUT:         store -1 __FR[0];
// EXPECT-STDOUT:       }
// EXPECT-STDOUT:     }
// EXPECT-STDOUT:     store 23 * 65536 + 3 __RS[0];
// EXPECT-STDOUT:     v := load data;
// EXPECT-STDOUT:     unlock __X[0];
// EXPECT-STDOUT:   } else {
// EXPECT-STDOUT:     v := load data;
// EXPECT-STDOUT:   }
// EXPECT-STDOUT: }
// EXPECT-STDOUT: // @group(26) n := fetch_add(w[1], 1)
// EXPECT-STDOUT: __i := 1;
// EXPECT-STDOUT: if (__i < 0 || __i >= 2) {
// EXPECT-STDOUT:   n := fetch_add(w[__i], 1);
// EXPECT-STDOUT: }
// EXPECT-STDOUT: lock __VX[__i + 1];
// EXPECT-STDOUT: n := fetch_add(w[__i], 1);
// EXPECT-STDOUT: __t1 := load __V[__i * 2 + 2];
// EXPECT-STDOUT: __t2 := load __C[0];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[0];
// EXPECT-STDOUT: __t1 := load __V[__i * 2 + 3];
// EXPECT-STDOUT: __t2 := load __C[1];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[1];
// EXPECT-STDOUT: __t1 := load __C[0];
// EXPECT-STDOUT: __t2 := load __V[__i * 2 + 2];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __V[__i * 2 + 2];
// EXPECT-STDOUT: __t1 := load __C[1];
// EXPECT-STDOUT: __t2 := load __V[__i * 2 + 3];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __V[__i * 2 + 3];
// EXPECT-STDOUT: __t1 := load __C[0];
// EXPECT-STDOUT: __t1 := __t1 + 1;
// EXPECT-STDOUT: store __t1 __C[0];
// EXPECT-STDOUT: unlock __VX[__i + 1];
// EXPECT-STDOUT: __c := load __C[0];
// EXPECT-STDOUT: __ce := __c * 2 + 0;
// EXPECT-STDOUT: // @group(33) await b
// EXPECT-STDOUT: lock __BX[0];
// EXPECT-STDOUT: __p := load __BP[0];
// EXPECT-STDOUT: __t1 := load __BN[0];
// EXPECT-STDOUT: if (__t1 == 0) {
// EXPECT-STDOUT:   store 0 __B[(0 + __p) * 2 + 0];
// EXPECT-STDOUT:   store 0 __B[(0 + __p) * 2 + 1];
// EXPECT-STDOUT: }
// EXPECT-STDOUT: __t1 := load __C[0];
// EXPECT-STDOUT: __t2 := load __B[(0 + __p) * 2 + 0];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __B[(0 + __p) * 2 + 0];
// EXPECT-STDOUT: __t1 := load __C[1];
// EXPECT-STDOUT: __t2 := load __B[(0 + __p) * 2 + 1];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __B[(0 + __p) * 2 + 1];
// EXPECT-STDOUT: __t1 := load __BN[0];
// EXPECT-STDOUT: __t1 := __t1 + 1;
// EXPECT-STDOUT: if (__t1 == 2) {
// EXPECT-STDOUT:   __t1 := 0;
// EXPECT-STDOUT:   store 1 - __p __BP[0];
// EXPECT-STDOUT: }
// EXPECT-STDOUT: store __t1 __BN[0];
// EXPECT-STDOUT: unlock __BX[0];
// EXPECT-STDOUT: await b;
// EXPECT-STDOUT: lock __BX[0];
// EXPECT-STDOUT: __t1 := load __B[(0 + __p) * 2 + 0];
// EXPECT-STDOUT: __t2 := load __C[0];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[0];
// EXPECT-STDOUT: __t1 := load __B[(0 + __p) * 2 + 1];
// EXPECT-STDOUT: __t2 := load __C[1];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[1];
// EXPECT-STDOUT: __t1 := load __C[0];
// EXPECT-STDOUT: __t1 := __t1 + 1;
// EXPECT-STDOUT: store __t1 __C[0];
// EXPECT-STDOUT: unlock __BX[0];
// EXPECT-STDOUT: __c := load __C[0];
// EXPECT-STDOUT: __ce := __c * 2 + 0;
// EXPECT-STDOUT: // @group(11) lock q
// EXPECT-STDOUT: lock q;
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
// EXPECT-STDOUT: f := load g;
// EXPECT-STDOUT: while (f == 0) {
// EXPECT-STDOUT:   // @group(20) wait(c, q)
// EXPECT-STDOUT:   __t1 := load __C[0];
// EXPECT-STDOUT:   store __t1 __L[0];
// EXPECT-STDOUT:   __t1 := load __C[1];
// EXPECT-STDOUT:   store __t1 __L[1];
// EXPECT-STDOUT:   __t1 := load __C[0];
// EXPECT-STDOUT:   __t1 := __t1 + 1;
// EXPECT-STDOUT:   store __t1 __C[0];
// EXPECT-STDOUT:   __c := load __C[0];
// EXPECT-STDOUT:   __ce := __c * 2 + 0;
// EXPECT-STDOUT:   wait(c, q);
// EXPECT-STDOUT:   __t1 := load __L[0];
// EXPECT-STDOUT:   __t2 := load __C[0];
// EXPECT-STDOUT:   __t2 := max(__t1, __t2);
// EXPECT-STDOUT:   store __t2 __C[0];
// EXPECT-STDOUT:   __t1 := load __L[1];
// EXPECT-STDOUT:   __t2 := load __C[1];
// EXPECT-STDOUT:   __t2 := max(__t1, __t2);
// EXPECT-STDOUT:   store __t2 __C[1];
// EXPECT-STDOUT:   __c := load __C[0];
// EXPECT-STDOUT:   __ce := __c * 2 + 0;
// EXPECT-STDOUT:   f := load g;
// EXPECT-STDOUT: }
// EXPECT-STDOUT: // @group(10) unlock q
// EXPECT-STDOUT: __t1 := load __C[0];
// EXPECT-STDOUT: store __t1 __L[0];
// EXPECT-STDOUT: __t1 := load __C[1];
// EXPECT-STDOUT: store __t1 __L[1];
// EXPECT-STDOUT: __t1 := load __C[0];
// EXPECT-STDOUT: __t1 := __t1 + 1;
// EXPECT-STDOUT: store __t1 __C[0];
// EXPECT-STDOUT: __c := load __C[0];
// EXPECT-STDOUT: __ce := __c * 2 + 0;
// EXPECT-STDOUT: unlock q;
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
// EXPECT-STDOUT: print(f);
// THEN-EXPECT-EXIT: 0
// THEN-EXPECT-STDOUT: 1
