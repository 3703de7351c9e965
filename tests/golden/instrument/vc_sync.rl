// RUN: instrument --pass=vc --no-elide tests/golden/inputs/sync_handoff.txt
// THEN: run --seed=1 %t
// The VectorClock pass on the synchronisation beyond locks: a volatile access runs under
// __VX[v] with its clock operation (C[t] ⊔= V[v] after a read; V[v] ⊔= C[t] and inc(t, C[t])
// before a write), cas joins V[v] back only when it wrote, fetch_add always; an await joins
// C[t] into its phase's buffer of __B, counts the arrival, awaits, then joins the buffer into
// C[t]; wait(c, q) is unlock's rule, the wait, then lock's rule; notify is left as it is.

// EXPECT-EXIT: 0
// EXPECT-STDOUT: // racelang instrument: from tests/golden/inputs/sync_handoff.txt
// EXPECT-STDOUT: // racelang instrument: pass vc, variant paper, elide none
// EXPECT-STDOUT: // VectorClock instrumentation: every racelang command runs this file as it is, and reports its
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
// EXPECT-STDOUT: shared __R[4];
// EXPECT-STDOUT: shared __W[4];
// EXPECT-STDOUT: shared __RS[4];
// EXPECT-STDOUT: shared __WS[4];
// EXPECT-STDOUT: mutex __X[2];
// EXPECT-STDOUT: shared __V[6];
// EXPECT-STDOUT: mutex __VX[3];
// EXPECT-STDOUT: shared __B[4];
// EXPECT-STDOUT: shared __BN[1];
// EXPECT-STDOUT: shared __BP[1];
// EXPECT-STDOUT: mutex __BX[1];
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
// EXPECT-STDOUT:   // @group(18) store 7 data
// EXPECT-STDOUT:   lock __X[0];
// EXPECT-STDOUT:   __t1 := load __W[0];
// EXPECT-STDOUT:   __t2 := load __C[2];
// EXPECT-STDOUT:   assert(__t1 <= __t2) __race(write data, 12 * 65536 + 3, write 0, __WS[0]);
// EXPECT-STDOUT:   __t1 := load __W[1];
// EXPECT-STDOUT:   __t2 := load __C[3];
// EXPECT-STDOUT:   assert(__t1 <= __t2) __race(write data, 12 * 65536 + 3, write 1, __WS[1]);
// EXPECT-STDOUT:   __t1 := load __R[0];
// EXPECT-STDOUT:   __t2 := load __C[2];
// EXPECT-STDOUT:   assert(__t1 <= __t2) __race(write data, 12 * 65536 + 3, read 0, __RS[0]);
// EXPECT-STDOUT:   __t1 := load __R[1];
// EXPECT-STDOUT:   __t2 := load __C[3];
// EXPECT-STDOUT:   assert(__t1 <= __t2) __race(write data, 12 * 65536 + 3, read 1, __RS[1]);
// EXPECT-STDOUT:   __t1 := load __C[3];
// EXPECT-STDOUT:   store __t1 __W[1];
// EXPECT-STDOUT:   store 12 * 65536 + 3 __WS[1];
// EXPECT-STDOUT:   store 7 data;
// EXPECT-STDOUT:   unlock __X[0];
// EXPECT-STDOUT:   // @group(14) store 1 ready
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
// EXPECT-STDOUT:   // @group(15) a := cas(w[0], 0, 1)
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
// EXPECT-STDOUT:   // @group(31) await b
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
// EXPECT-STDOUT:   // @group(9) lock q
// EXPECT-STDOUT:   lock q;
// EXPECT-STDOUT:   __t1 := load __L[0];
// EXPECT-STDOUT:   __t2 := load __C[2];
// EXPECT-STDOUT:   __t2 := max(__t1, __t2);
// EXPECT-STDOUT:   store __t2 __C[2];
// EXPECT-STDOUT:   __t1 := load __L[1];
// EXPECT-STDOUT:   __t2 := load __C[3];
// EXPECT-STDOUT:   __t2 := max(__t1, __t2);
// EXPECT-STDOUT:   store __t2 __C[3];
// EXPECT-STDOUT:   // @group(18) store 1 g
// EXPECT-STDOUT:   lock __X[1];
// EXPECT-STDOUT:   __t1 := load __W[2];
// EXPECT-STDOUT:   __t2 := load __C[2];
// EXPECT-STDOUT:   assert(__t1 <= __t2) __race(write g, 17 * 65536 + 3, write 0, __WS[2]);
// EXPECT-STDOUT:   __t1 := load __W[3];
// EXPECT-STDOUT:   __t2 := load __C[3];
// EXPECT-STDOUT:   assert(__t1 <= __t2) __race(write g, 17 * 65536 + 3, write 1, __WS[3]);
// EXPECT-STDOUT:   __t1 := load __R[2];
// EXPECT-STDOUT:   __t2 := load __C[2];
// EXPECT-STDOUT:   assert(__t1 <= __t2) __race(write g, 17 * 65536 + 3, read 0, __RS[2]);
// EXPECT-STDOUT:   __t1 := load __R[3];
// EXPECT-STDOUT:   __t2 := load __C[3];
// EXPECT-STDOUT:   assert(__t1 <= __t2) __race(write g, 17 * 65536 + 3, read 1, __RS[3]);
// EXPECT-STDOUT:   __t1 := load __C[3];
// EXPECT-STDOUT:   store __t1 __W[3];
// EXPECT-STDOUT:   store 17 * 65536 + 3 __WS[3];
// EXPECT-STDOUT:   store 1 g;
// EXPECT-STDOUT:   unlock __X[1];
// EXPECT-STDOUT:   // @group(8) unlock q
// EXPECT-STDOUT:   __t1 := load __C[2];
// EXPECT-STDOUT:   store __t1 __L[0];
// EXPECT-STDOUT:   __t1 := load __C[3];
// EXPECT-STDOUT:   store __t1 __L[1];
// EXPECT-STDOUT:   __t1 := load __C[3];
// EXPECT-STDOUT:   __t1 := __t1 + 1;
// EXPECT-STDOUT:   store __t1 __C[3];
// EXPECT-STDOUT:   unlock q;
// EXPECT-STDOUT:   notify(c);
// EXPECT-STDOUT: }
// EXPECT-STDOUT: // @group(11) r := load ready
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
// EXPECT-STDOUT: if (r == 1) {
// EXPECT-STDOUT:   // @group(12) v := load data
// EXPECT-STDOUT:   lock __X[0];
// EXPECT-STDOUT:   __t1 := load __W[0];
// EXPECT-STDOUT:   __t2 := load __C[0];
// EXPECT-STDOUT:   assert(__t1 <= __t2) __race(read data, 23 * 65536 + 3, write 0, __WS[0]);
// EXPECT-STDOUT:   __t1 := load __W[1];
// EXPECT-STDOUT:   __t2 := load __C[1];
// EXPECT-STDOUT:   assert(__t1 <= __t2) __race(read data, 23 * 65536 + 3, write 1, __WS[1]);
// EXPECT-STDOUT:   __t1 := load __C[0];
// EXPECT-STDOUT:   store __t1 __R[0];
// EXPECT-STDOUT:   store 23 * 65536 + 3 __RS[0];
// EXPECT-STDOUT:   v := load data;
// EXPECT-STDOUT:   unlock __X[0];
// EXPECT-STDOUT: }
// EXPECT-STDOUT: // @group(24) n := fetch_add(w[1], 1)
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
// EXPECT-STDOUT: // @group(31) await b
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
// EXPECT-STDOUT: // @group(9) lock q
// EXPECT-STDOUT: lock q;
// EXPECT-STDOUT: __t1 := load __L[0];
// EXPECT-STDOUT: __t2 := load __C[0];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[0];
// EXPECT-STDOUT: __t1 := load __L[1];
// EXPECT-STDOUT: __t2 := load __C[1];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[1];
// EXPECT-STDOUT: // @group(12) f := load g
// EXPECT-STDOUT: lock __X[1];
// EXPECT-STDOUT: __t1 := load __W[2];
// EXPECT-STDOUT: __t2 := load __C[0];
// EXPECT-STDOUT: assert(__t1 <= __t2) __race(read g, 28 * 65536 + 1, write 0, __WS[2]);
// EXPECT-STDOUT: __t1 := load __W[3];
// EXPECT-STDOUT: __t2 := load __C[1];
// EXPECT-STDOUT: assert(__t1 <= __t2) __race(read g, 28 * 65536 + 1, write 1, __WS[3]);
// EXPECT-STDOUT: __t1 := load __C[0];
// EXPECT-STDOUT: store __t1 __R[2];
// EXPECT-STDOUT: store 28 * 65536 + 1 __RS[2];
// EXPECT-STDOUT: f := load g;
// EXPECT-STDOUT: unlock __X[1];
// EXPECT-STDOUT: while (f == 0) {
// EXPECT-STDOUT:   // @group(16) wait(c, q)
// EXPECT-STDOUT:   __t1 := load __C[0];
// EXPECT-STDOUT:   store __t1 __L[0];
// EXPECT-STDOUT:   __t1 := load __C[1];
// EXPECT-STDOUT:   store __t1 __L[1];
// EXPECT-STDOUT:   __t1 := load __C[0];
// EXPECT-STDOUT:   __t1 := __t1 + 1;
// EXPECT-STDOUT:   store __t1 __C[0];
// EXPECT-STDOUT:   wait(c, q);
// EXPECT-STDOUT:   __t1 := load __L[0];
// EXPECT-STDOUT:   __t2 := load __C[0];
// EXPECT-STDOUT:   __t2 := max(__t1, __t2);
// EXPECT-STDOUT:   store __t2 __C[0];
// EXPECT-STDOUT:   __t1 := load __L[1];
// EXPECT-STDOUT:   __t2 := load __C[1];
// EXPECT-STDOUT:   __t2 := max(__t1, __t2);
// EXPECT-STDOUT:   store __t2 __C[1];
// EXPECT-STDOUT:   // @group(12) f := load g
// EXPECT-STDOUT:   lock __X[1];
// EXPECT-STDOUT:   __t1 := load __W[2];
// EXPECT-STDOUT:   __t2 := load __C[0];
// EXPECT-STDOUT:   assert(__t1 <= __t2) __race(read g, 31 * 65536 + 3, write 0, __WS[2]);
// EXPECT-STDOUT:   __t1 := load __W[3];
// EXPECT-STDOUT:   __t2 := load __C[1];
// EXPECT-STDOUT:   assert(__t1 <= __t2) __race(read g, 31 * 65536 + 3, write 1, __WS[3]);
// EXPECT-STDOUT:   __t1 := load __C[0];
// EXPECT-STDOUT:   store __t1 __R[2];
// EXPECT-STDOUT:   store 31 * 65536 + 3 __RS[2];
// EXPECT-STDOUT:   f := load g;
// EXPECT-STDOUT:   unlock __X[1];
// EXPECT-STDOUT: }
// EXPECT-STDOUT: // @group(8) unlock q
// EXPECT-STDOUT: __t1 := load __C[0];
// EXPECT-STDOUT: store __t1 __L[0];
// EXPECT-STDOUT: __t1 := load __C[1];
// EXPECT-STDOUT: store __t1 __L[1];
// EXPECT-STDOUT: __t1 := load __C[0];
// EXPECT-STDOUT: __t1 := __t1 + 1;
// EXPECT-STDOUT: store __t1 __C[0];
// EXPECT-STDOUT: unlock q;
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
// EXPECT-STDOUT: print(f);
// THEN-EXPECT-EXIT: 0
// THEN-EXPECT-STDOUT: 1
