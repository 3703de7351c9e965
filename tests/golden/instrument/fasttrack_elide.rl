// RUN: instrument --pass=fasttrack --elide=redundant,thread-local tests/golden/inputs/elide_example.txt
// THEN: run --seed=1 %t
// The FastTrack pass with the redundant and thread-local eliminations (the default adds `ordered`,
// which leaves out every check of this program: fasttrack_ordered.rl): the second read of data[i] in the
// loop is left bare (redundant: the same thread checked it since its last synchronisation),
// total1 gets no metadata (thread-local), and every checked access starts with the unlocked
// same-epoch test, with the thread's own clock loaded once per synchronisation-free stretch.

// EXPECT-EXIT: 0
// EXPECT-STDOUT: // racelang instrument: from tests/golden/inputs/elide_example.txt
// EXPECT-STDOUT: // racelang instrument: pass fasttrack, variant pldi09, elide redundant,thread-local
// EXPECT-STDOUT: // FastTrack instrumentation: every racelang command runs this file as it is, and reports its
// EXPECT-STDOUT: // positions in the original. With --bigger-step each @group runs as one atomic step.
// EXPECT-STDOUT: // The original of tests/golden/instrument/fasttrack_elide.rl. Two workers read both cells of
// EXPECT-STDOUT: // `data`, each twice with no synchronisation in between (the second read needs no check), keep
// EXPECT-STDOUT: // a running total in a variable no other thread touches (no check and no metadata at all), and
// EXPECT-STDOUT: // hand it to main under a lock.
// EXPECT-STDOUT: shared data[2];
// EXPECT-STDOUT: shared total1;
// EXPECT-STDOUT: shared out[2];
// EXPECT-STDOUT: mutex m;
// EXPECT-STDOUT: shared __C[9];
// EXPECT-STDOUT: shared __L[3];
// EXPECT-STDOUT: shared __FW[4];
// EXPECT-STDOUT: shared __FR[4];
// EXPECT-STDOUT: shared __FRV[12];
// EXPECT-STDOUT: shared __RS[12];
// EXPECT-STDOUT: shared __WS[12];
// EXPECT-STDOUT: mutex __X[4];
// EXPECT-STDOUT:
// EXPECT-STDOUT: // racelang instrumentation: FastTrack (PLDI'09, Figure 2; same-epoch tests unlocked, the rest under X[x])
// EXPECT-STDOUT: // @group(3) prologue: C[t][t] := 1 for every thread t
// EXPECT-STDOUT: store 1 __C[0];
// EXPECT-STDOUT: store 1 __C[4];
// EXPECT-STDOUT: store 1 __C[8];
// EXPECT-STDOUT: // @group(5) store 3 data[0]
// EXPECT-STDOUT: __i := 0;
// EXPECT-STDOUT: if (__i < 0 || __i >= 2) {
// EXPECT-STDOUT:   store 3 data[__i];
// EXPECT-STDOUT: }
// EXPECT-STDOUT: if (__c == 0) {
// EXPECT-STDOUT:   __c := load __C[0];
// EXPECT-STDOUT:   __ce := __c * 3 + 0;
// EXPECT-STDOUT: }
// EXPECT-STDOUT: __e := load __FW[__i + 0];
// EXPECT-STDOUT: if (__e != __ce) {
// EXPECT-STDOUT:   lock __X[__i + 0];
// EXPECT-STDOUT:   __e := load __FW[__i + 0];
// EXPECT-STDOUT:   __u := __e % 3;
// EXPECT-STDOUT:   __t2 := load __C[__u];
// EXPECT-STDOUT:   assert(__e / 3 <= __t2) __race(write data[__i], 10 * 65536 + 1, write __u, __WS[__i * 3 + 0 + __u]);
// EXPECT-STDOUT:   __e := load __FR[__i + 0];
// EXPECT-STDOUT:   if (__e < 0) {
// EXPECT-STDOUT:     __t1 := load __FRV[__i * 3 + 0];
// EXPECT-STDOUT:     __t2 := load __C[0];
// EXPECT-STDOUT:     assert(__t1 <= __t2) __race(write data[__i], 10 * 65536 + 1, read 0, __RS[__i * 3 + 0]);
// EXPECT-STDOUT:     __t1 := load __FRV[__i * 3 + 1];
// EXPECT-STDOUT:     __t2 := load __C[1];
// EXPECT-STDOUT:     assert(__t1 <= __t2) __race(write data[__i], 10 * 65536 + 1, read 1, __RS[__i * 3 + 1]);
// EXPECT-STDOUT:     __t1 := load __FRV[__i * 3 + 2];
// EXPECT-STDOUT:     __t2 := load __C[2];
// EXPECT-STDOUT:     assert(__t1 <= __t2) __race(write data[__i], 10 * 65536 + 1, read 2, __RS[__i * 3 + 2]);
// EXPECT-STDOUT:     store 0 __FR[__i + 0];
// EXPECT-STDOUT:   } else {
// EXPECT-STDOUT:     __u := __e % 3;
// EXPECT-STDOUT:     __t2 := load __C[__u];
// EXPECT-STDOUT:     assert(__e / 3 <= __t2) __race(write data[__i], 10 * 65536 + 1, read __u, __RS[__i * 3 + 0 + __u]);
// EXPECT-STDOUT:   }
// EXPECT-STDOUT:   store __ce __FW[__i + 0];
// EXPECT-STDOUT:   store 10 * 65536 + 1 __WS[__i * 3 + 0];
// EXPECT-STDOUT:   store 3 data[__i];
// EXPECT-STDOUT:   unlock __X[__i + 0];
// EXPECT-STDOUT: } else {
// EXPECT-STDOUT:   store 3 data[__i];
// EXPECT-STDOUT: }
// EXPECT-STDOUT: // @group(4) store 4 data[1]
// EXPECT-STDOUT: __i := 1;
// EXPECT-STDOUT: if (__i < 0 || __i >= 2) {
// EXPECT-STDOUT:   store 4 data[__i];
// EXPECT-STDOUT: }
// EXPECT-STDOUT: __e := load __FW[__i + 0];
// EXPECT-STDOUT: if (__e != __ce) {
// EXPECT-STDOUT:   lock __X[__i + 0];
// EXPECT-STDOUT:   __e := load __FW[__i + 0];
// EXPECT-STDOUT:   __u := __e % 3;
// EXPECT-STDOUT:   __t2 := load __C[__u];
// EXPECT-STDOUT:   assert(__e / 3 <= __t2) __race(write data[__i], 11 * 65536 + 1, write __u, __WS[__i * 3 + 0 + __u]);
// EXPECT-STDOUT:   __e := load __FR[__i + 0];
// EXPECT-STDOUT:   if (__e < 0) {
// EXPECT-STDOUT:     __t1 := load __FRV[__i * 3 + 0];
// EXPECT-STDOUT:     __t2 := load __C[0];
// EXPECT-STDOUT:     assert(__t1 <= __t2) __race(write data[__i], 11 * 65536 + 1, read 0, __RS[__i * 3 + 0]);
// EXPECT-STDOUT:     __t1 := load __FRV[__i * 3 + 1];
// EXPECT-STDOUT:     __t2 := load __C[1];
// EXPECT-STDOUT:     assert(__t1 <= __t2) __race(write data[__i], 11 * 65536 + 1, read 1, __RS[__i * 3 + 1]);
// EXPECT-STDOUT:     __t1 := load __FRV[__i * 3 + 2];
// EXPECT-STDOUT:     __t2 := load __C[2];
// EXPECT-STDOUT:     assert(__t1 <= __t2) __race(write data[__i], 11 * 65536 + 1, read 2, __RS[__i * 3 + 2]);
// EXPECT-STDOUT:     store 0 __FR[__i + 0];
// EXPECT-STDOUT:   } else {
// EXPECT-STDOUT:     __u := __e % 3;
// EXPECT-STDOUT:     __t2 := load __C[__u];
// EXPECT-STDOUT:     assert(__e / 3 <= __t2) __race(write data[__i], 11 * 65536 + 1, read __u, __RS[__i * 3 + 0 + __u]);
// EXPECT-STDOUT:   }
// EXPECT-STDOUT:   store __ce __FW[__i + 0];
// EXPECT-STDOUT:   store 11 * 65536 + 1 __WS[__i * 3 + 0];
// EXPECT-STDOUT:   store 4 data[__i];
// EXPECT-STDOUT:   unlock __X[__i + 0];
// EXPECT-STDOUT: } else {
// EXPECT-STDOUT:   store 4 data[__i];
// EXPECT-STDOUT: }
// EXPECT-STDOUT: // @group(18) spawn 1
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
// EXPECT-STDOUT: __c := load __C[0];
// EXPECT-STDOUT: __ce := __c * 3 + 0;
// EXPECT-STDOUT: spawn 1 {
// EXPECT-STDOUT:   i := 0;
// EXPECT-STDOUT:   while (i < 2) {
// EXPECT-STDOUT:     // @group(6) v := load data[i]
// EXPECT-STDOUT:     __i := i;
// EXPECT-STDOUT:     if (__i < 0 || __i >= 2) {
// EXPECT-STDOUT:       v := load data[__i];
// EXPECT-STDOUT:     }
// EXPECT-STDOUT:     if (__c == 0) {
// EXPECT-STDOUT:       __c := load __C[4];
// EXPECT-STDOUT:       __ce := __c * 3 + 1;
// EXPECT-STDOUT:     }
// EXPECT-STDOUT:     __e := load __FR[__i + 0];
// EXPECT-STDOUT:     if (__e < 0) {
// EXPECT-STDOUT:       __e := load __FRV[__i * 3 + 1];
// EXPECT-STDOUT:       __e := __e * 3 + 1;
// EXPECT-STDOUT:     }
// EXPECT-STDOUT:     if (__e != __ce) {
// EXPECT-STDOUT:       lock __X[__i + 0];
// EXPECT-STDOUT:       __e := load __FW[__i + 0];
// EXPECT-STDOUT:       __u := __e % 3;
// EXPECT-STDOUT:       __t2 := load __C[3 + __u];
// EXPECT-STDOUT:       assert(__e / 3 <= __t2) __race(read data[__i], 15 * 65536 + 5, write __u, __WS[__i * 3 + 0 + __u]);
// EXPECT-STDOUT:       __e := load __FR[__i + 0];
// EXPECT-STDOUT:       if (__e < 0) {
// EXPECT-STDOUT:         store __c __FRV[__i * 3 + 1];
// EXPECT-STDOUT:       } else {
// EXPECT-STDOUT:         __u := __e % 3;
// EXPECT-STDOUT:         __t2 := load __C[3 + __u];
// EXPECT-STDOUT:         if (__e / 3 <= __t2) {
// EXPECT-STDOUT:           store __ce __FR[__i + 0];
// EXPECT-STDOUT:         } else {
// EXPECT-STDOUT:           store 0 __FRV[__i * 3 + 0];
// EXPECT-STDOUT:           store 0 __FRV[__i * 3 + 1];
// EXPECT-STDOUT:           store 0 __FRV[__i * 3 + 2];
// EXPECT-STDOUT:           store __e / 3 __FRV[__i * 3 + 0 + __u];
// EXPECT-STDOUT:           store __c __FRV[__i * 3 + 1];
// EXPECT-STDOUT:           store -1 __FR[__i + 0];
// EXPECT-STDOUT:         }
// EXPECT-STDOUT:       }
// EXPECT-STDOUT:       store 15 * 65536 + 5 __RS[__i * 3 + 1];
// EXPECT-STDOUT:       v := load data[__i];
// EXPECT-STDOUT:       unlock __X[__i + 0];
// EXPECT-STDOUT:     } else {
// EXPECT-STDOUT:       v := load data[__i];
// EXPECT-STDOUT:     }
// EXPECT-STDOUT:     w := load data[i];
// EXPECT-STDOUT:     t := load total1;
// EXPECT-STDOUT:     store t + v + w total1;
// EXPECT-STDOUT:     i := i + 1;
// EXPECT-STDOUT:   }
// EXPECT-STDOUT:   t := load total1;
// EXPECT-STDOUT:   // @group(15) lock m
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
// EXPECT-STDOUT:   __c := load __C[4];
// EXPECT-STDOUT:   __ce := __c * 3 + 1;
// EXPECT-STDOUT:   // @group(4) store t out[0]
// EXPECT-STDOUT:   __i := 0;
// EXPECT-STDOUT:   if (__i < 0 || __i >= 2) {
// EXPECT-STDOUT:     store t out[__i];
// EXPECT-STDOUT:   }
// EXPECT-STDOUT:   __e := load __FW[__i + 2];
// EXPECT-STDOUT:   if (__e != __ce) {
// EXPECT-STDOUT:     lock __X[__i + 2];
// EXPECT-STDOUT:     __e := load __FW[__i + 2];
// EXPECT-STDOUT:     __u := __e % 3;
// EXPECT-STDOUT:     __t2 := load __C[3 + __u];
// EXPECT-STDOUT:     assert(__e / 3 <= __t2) __race(write out[__i], 23 * 65536 + 3, write __u, __WS[__i * 3 + 6 + __u]);
// EXPECT-STDOUT:     __e := load __FR[__i + 2];
// EXPECT-STDOUT:     if (__e < 0) {
// EXPECT-STDOUT:       __t1 := load __FRV[__i * 3 + 6];
// EXPECT-STDOUT:       __t2 := load __C[3];
// EXPECT-STDOUT:       assert(__t1 <= __t2) __race(write out[__i], 23 * 65536 + 3, read 0, __RS[__i * 3 + 6]);
// EXPECT-STDOUT:       __t1 := load __FRV[__i * 3 + 7];
// EXPECT-STDOUT:       __t2 := load __C[4];
// EXPECT-STDOUT:       assert(__t1 <= __t2) __race(write out[__i], 23 * 65536 + 3, read 1, __RS[__i * 3 + 7]);
// EXPECT-STDOUT:       __t1 := load __FRV[__i * 3 + 8];
// EXPECT-STDOUT:       __t2 := load __C[5];
// EXPECT-STDOUT:       assert(__t1 <= __t2) __race(write out[__i], 23 * 65536 + 3, read 2, __RS[__i * 3 + 8]);
// EXPECT-STDOUT:       store 0 __FR[__i + 2];
// EXPECT-STDOUT:     } else {
// EXPECT-STDOUT:       __u := __e % 3;
// EXPECT-STDOUT:       __t2 := load __C[3 + __u];
// EXPECT-STDOUT:       assert(__e / 3 <= __t2) __race(write out[__i], 23 * 65536 + 3, read __u, __RS[__i * 3 + 6 + __u]);
// EXPECT-STDOUT:     }
// EXPECT-STDOUT:     store __ce __FW[__i + 2];
// EXPECT-STDOUT:     store 23 * 65536 + 3 __WS[__i * 3 + 7];
// EXPECT-STDOUT:     store t out[__i];
// EXPECT-STDOUT:     unlock __X[__i + 2];
// EXPECT-STDOUT:   } else {
// EXPECT-STDOUT:     store t out[__i];
// EXPECT-STDOUT:   }
// EXPECT-STDOUT:   // @group(12) unlock m
// EXPECT-STDOUT:   __t1 := load __C[3];
// EXPECT-STDOUT:   store __t1 __L[0];
// EXPECT-STDOUT:   __t1 := load __C[4];
// EXPECT-STDOUT:   store __t1 __L[1];
// EXPECT-STDOUT:   __t1 := load __C[5];
// EXPECT-STDOUT:   store __t1 __L[2];
// EXPECT-STDOUT:   __t1 := load __C[4];
// EXPECT-STDOUT:   __t1 := __t1 + 1;
// EXPECT-STDOUT:   store __t1 __C[4];
// EXPECT-STDOUT:   __c := load __C[4];
// EXPECT-STDOUT:   __ce := __c * 3 + 1;
// EXPECT-STDOUT:   unlock m;
// EXPECT-STDOUT: }
// EXPECT-STDOUT: // @group(18) spawn 2
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
// EXPECT-STDOUT: __c := load __C[0];
// EXPECT-STDOUT: __ce := __c * 3 + 0;
// EXPECT-STDOUT: spawn 2 {
// EXPECT-STDOUT:   // @group(6) v := load data[0]
// EXPECT-STDOUT:   __i := 0;
// EXPECT-STDOUT:   if (__i < 0 || __i >= 2) {
// EXPECT-STDOUT:     v := load data[__i];
// EXPECT-STDOUT:   }
// EXPECT-STDOUT:   if (__c == 0) {
// EXPECT-STDOUT:     __c := load __C[8];
// EXPECT-STDOUT:     __ce := __c * 3 + 2;
// EXPECT-STDOUT:   }
// EXPECT-STDOUT:   __e := load __FR[__i + 0];
// EXPECT-STDOUT:   if (__e < 0) {
// EXPECT-STDOUT:     __e := load __FRV[__i * 3 + 2];
// EXPECT-STDOUT:     __e := __e * 3 + 2;
// EXPECT-STDOUT:   }
// EXPECT-STDOUT:   if (__e != __ce) {
// EXPECT-STDOUT:     lock __X[__i + 0];
// EXPECT-STDOUT:     __e := load __FW[__i + 0];
// EXPECT-STDOUT:     __u := __e % 3;
// EXPECT-STDOUT:     __t2 := load __C[6 + __u];
// EXPECT-STDOUT:     assert(__e / 3 <= __t2) __race(read data[__i], 27 * 65536 + 3, write __u, __WS[__i * 3 + 0 + __u]);
// EXPECT-STDOUT:     __e := load __FR[__i + 0];
// EXPECT-STDOUT:     if (__e < 0) {
// EXPECT-STDOUT:       store __c __FRV[__i * 3 + 2];
// EXPECT-STDOUT:     } else {
// EXPECT-STDOUT:       __u := __e % 3;
// EXPECT-STDOUT:       __t2 := load __C[6 + __u];
// EXPECT-STDOUT:       if (__e / 3 <= __t2) {
// EXPECT-STDOUT:         store __ce __FR[__i + 0];
// EXPECT-STDOUT:       } else {
// EXPECT-STDOUT:         store 0 __FRV[__i * 3 + 0];
// EXPECT-STDOUT:         store 0 __FRV[__i * 3 + 1];
// EXPECT-STDOUT:         store 0 __FRV[__i * 3 + 2];
// EXPECT-STDOUT:         store __e / 3 __FRV[__i * 3 + 0 + __u];
// EXPECT-STDOUT:         store __c __FRV[__i * 3 + 2];
// EXPECT-STDOUT:         store -1 __FR[__i + 0];
// EXPECT-STDOUT:       }
// EXPECT-STDOUT:     }
// EXPECT-STDOUT:     store 27 * 65536 + 3 __RS[__i * 3 + 2];
// EXPECT-STDOUT:     v := load data[__i];
// EXPECT-STDOUT:     unlock __X[__i + 0];
// EXPECT-STDOUT:   } else {
// EXPECT-STDOUT:     v := load data[__i];
// EXPECT-STDOUT:   }
// EXPECT-STDOUT:   // @group(15) lock m
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
// EXPECT-STDOUT:   __c := load __C[8];
// EXPECT-STDOUT:   __ce := __c * 3 + 2;
// EXPECT-STDOUT:   // @group(4) store v out[1]
// EXPECT-STDOUT:   __i := 1;
// EXPECT-STDOUT:   if (__i < 0 || __i >= 2) {
// EXPECT-STDOUT:     store v out[__i];
// EXPECT-STDOUT:   }
// EXPECT-STDOUT:   __e := load __FW[__i + 2];
// EXPECT-STDOUT:   if (__e != __ce) {
// EXPECT-STDOUT:     lock __X[__i + 2];
// EXPECT-STDOUT:     __e := load __FW[__i + 2];
// EXPECT-STDOUT:     __u := __e % 3;
// EXPECT-STDOUT:     __t2 := load __C[6 + __u];
// EXPECT-STDOUT:     assert(__e / 3 <= __t2) __race(write out[__i], 29 * 65536 + 3, write __u, __WS[__i * 3 + 6 + __u]);
// EXPECT-STDOUT:     __e := load __FR[__i + 2];
// EXPECT-STDOUT:     if (__e < 0) {
// EXPECT-STDOUT:       __t1 := load __FRV[__i * 3 + 6];
// EXPECT-STDOUT:       __t2 := load __C[6];
// EXPECT-STDOUT:       assert(__t1 <= __t2) __race(write out[__i], 29 * 65536 + 3, read 0, __RS[__i * 3 + 6]);
// EXPECT-STDOUT:       __t1 := load __FRV[__i * 3 + 7];
// EXPECT-STDOUT:       __t2 := load __C[7];
// EXPECT-STDOUT:       assert(__t1 <= __t2) __race(write out[__i], 29 * 65536 + 3, read 1, __RS[__i * 3 + 7]);
// EXPECT-STDOUT:       __t1 := load __FRV[__i * 3 + 8];
// EXPECT-STDOUT:       __t2 := load __C[8];
// EXPECT-STDOUT:       assert(__t1 <= __t2) __race(write out[__i], 29 * 65536 + 3, read 2, __RS[__i * 3 + 8]);
// EXPECT-STDOUT:       store 0 __FR[__i + 2];
// EXPECT-STDOUT:     } else {
// EXPECT-STDOUT:       __u := __e % 3;
// EXPECT-STDOUT:       __t2 := load __C[6 + __u];
// EXPECT-STDOUT:       assert(__e / 3 <= __t2) __race(write out[__i], 29 * 65536 + 3, read __u, __RS[__i * 3 + 6 + __u]);
// EXPECT-STDOUT:     }
// EXPECT-STDOUT:     store __ce __FW[__i + 2];
// EXPECT-STDOUT:     store 29 * 65536 + 3 __WS[__i * 3 + 8];
// EXPECT-STDOUT:     store v out[__i];
// EXPECT-STDOUT:     unlock __X[__i + 2];
// EXPECT-STDOUT:   } else {
// EXPECT-STDOUT:     store v out[__i];
// EXPECT-STDOUT:   }
// EXPECT-STDOUT:   // @group(12) unlock m
// EXPECT-STDOUT:   __t1 := load __C[6];
// EXPECT-STDOUT:   store __t1 __L[0];
// EXPECT-STDOUT:   __t1 := load __C[7];
// EXPECT-STDOUT:   store __t1 __L[1];
// EXPECT-STDOUT:   __t1 := load __C[8];
// EXPECT-STDOUT:   store __t1 __L[2];
// EXPECT-STDOUT:   __t1 := load __C[8];
// EXPECT-STDOUT:   __t1 := __t1 + 1;
// EXPECT-STDOUT:   store __t1 __C[8];
// EXPECT-STDOUT:   __c := load __C[8];
// EXPECT-STDOUT:   __ce := __c * 3 + 2;
// EXPECT-STDOUT:   unlock m;
// EXPECT-STDOUT: }
// EXPECT-STDOUT: // @group(15) wait 1
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
// EXPECT-STDOUT: __c := load __C[0];
// EXPECT-STDOUT: __ce := __c * 3 + 0;
// EXPECT-STDOUT: // @group(15) wait 2
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
// EXPECT-STDOUT: __c := load __C[0];
// EXPECT-STDOUT: __ce := __c * 3 + 0;
// EXPECT-STDOUT: // @group(5) a := load out[0]
// EXPECT-STDOUT: __i := 0;
// EXPECT-STDOUT: if (__i < 0 || __i >= 2) {
// EXPECT-STDOUT:   a := load out[__i];
// EXPECT-STDOUT: }
// EXPECT-STDOUT: __e := load __FR[__i + 2];
// EXPECT-STDOUT: if (__e < 0) {
// EXPECT-STDOUT:   __e := load __FRV[__i * 3 + 6];
// EXPECT-STDOUT:   __e := __e * 3 + 0;
// EXPECT-STDOUT: }
// EXPECT-STDOUT: if (__e != __ce) {
// EXPECT-STDOUT:   lock __X[__i + 2];
// EXPECT-STDOUT:   __e := load __FW[__i + 2];
// EXPECT-STDOUT:   __u := __e % 3;
// EXPECT-STDOUT:   __t2 := load __C[__u];
// EXPECT-STDOUT:   assert(__e / 3 <= __t2) __race(read out[__i], 34 * 65536 + 1, write __u, __WS[__i * 3 + 6 + __u]);
// EXPECT-STDOUT:   __e := load __FR[__i + 2];
// EXPECT-STDOUT:   if (__e < 0) {
// EXPECT-STDOUT:     store __c __FRV[__i * 3 + 6];
// EXPECT-STDOUT:   } else {
// EXPECT-STDOUT:     __u := __e % 3;
// EXPECT-STDOUT:     __t2 := load __C[__u];
// EXPECT-STDOUT:     if (__e / 3 <= __t2) {
// EXPECT-STDOUT:       store __ce __FR[__i + 2];
// EXPECT-STDOUT:     } else {
// EXPECT-STDOUT:       store 0 __FRV[__i * 3 + 6];
// EXPECT-STDOUT:       store 0 __FRV[__i * 3 + 7];
// EXPECT-STDOUT:       store 0 __FRV[__i * 3 + 8];
// EXPECT-STDOUT:       store __e / 3 __FRV[__i * 3 + 6 + __u];
// EXPECT-STDOUT:       store __c __FRV[__i * 3 + 6];
// EXPECT-STDOUT:       store -1 __FR[__i + 2];
// EXPECT-STDOUT:     }
// EXPECT-STDOUT:   }
// EXPECT-STDOUT:   store 34 * 65536 + 1 __RS[__i * 3 + 6];
// EXPECT-STDOUT:   a := load out[__i];
// EXPECT-STDOUT:   unlock __X[__i + 2];
// EXPECT-STDOUT: } else {
// EXPECT-STDOUT:   a := load out[__i];
// EXPECT-STDOUT: }
// EXPECT-STDOUT: // @group(5) b := load out[1]
// EXPECT-STDOUT: __i := 1;
// EXPECT-STDOUT: if (__i < 0 || __i >= 2) {
// EXPECT-STDOUT:   b := load out[__i];
// EXPECT-STDOUT: }
// EXPECT-STDOUT: __e := load __FR[__i + 2];
// EXPECT-STDOUT: if (__e < 0) {
// EXPECT-STDOUT:   __e := load __FRV[__i * 3 + 6];
// EXPECT-STDOUT:   __e := __e * 3 + 0;
// EXPECT-STDOUT: }
// EXPECT-STDOUT: if (__e != __ce) {
// EXPECT-STDOUT:   lock __X[__i + 2];
// EXPECT-STDOUT:   __e := load __FW[__i + 2];
// EXPECT-STDOUT:   __u := __e % 3;
// EXPECT-STDOUT:   __t2 := load __C[__u];
// EXPECT-STDOUT:   assert(__e / 3 <= __t2) __race(read out[__i], 35 * 65536 + 1, write __u, __WS[__i * 3 + 6 + __u]);
// EXPECT-STDOUT:   __e := load __FR[__i + 2];
// EXPECT-STDOUT:   if (__e < 0) {
// EXPECT-STDOUT:     store __c __FRV[__i * 3 + 6];
// EXPECT-STDOUT:   } else {
// EXPECT-STDOUT:     __u := __e % 3;
// EXPECT-STDOUT:     __t2 := load __C[__u];
// EXPECT-STDOUT:     if (__e / 3 <= __t2) {
// EXPECT-STDOUT:       store __ce __FR[__i + 2];
// EXPECT-STDOUT:     } else {
// EXPECT-STDOUT:       store 0 __FRV[__i * 3 + 6];
// EXPECT-STDOUT:       store 0 __FRV[__i * 3 + 7];
// EXPECT-STDOUT:       store 0 __FRV[__i * 3 + 8];
// EXPECT-STDOUT:       store __e / 3 __FRV[__i * 3 + 6 + __u];
// EXPECT-STDOUT:       store __c __FRV[__i * 3 + 6];
// EXPECT-STDOUT:       store -1 __FR[__i + 2];
// EXPECT-STDOUT:     }
// EXPECT-STDOUT:   }
// EXPECT-STDOUT:   store 35 * 65536 + 1 __RS[__i * 3 + 6];
// EXPECT-STDOUT:   b := load out[__i];
// EXPECT-STDOUT:   unlock __X[__i + 2];
// EXPECT-STDOUT: } else {
// EXPECT-STDOUT:   b := load out[__i];
// EXPECT-STDOUT: }
// EXPECT-STDOUT: print(a, b);
// THEN-EXPECT-EXIT: 0
// THEN-EXPECT-STDOUT: 14 3
