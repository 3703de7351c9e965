// RUN: instrument tests/golden/inputs/disjoint_phases.txt
// THEN: run --seed=1 %t
// The `disjoint` elimination on two fork/join phases: main fills `a` alone (ordered), the
// first phase's workers touch a[0..1] and a[2..3] (index ranges of their counted loops) and
// are joined before the second phase's spawns, so their accesses need no check; the second
// phase's windows share a[2], and those workers keep every check, which finds their race.

// EXPECT-EXIT: 0
// EXPECT-STDOUT: // racelang instrument: from tests/golden/inputs/disjoint_phases.txt
// EXPECT-STDOUT: // racelang instrument: pass fasttrack, variant pldi09, elide redundant,thread-local,ordered,disjoint
// EXPECT-STDOUT: // FastTrack instrumentation: every racelang command runs this file as it is, and reports its
// EXPECT-STDOUT: // positions in the original. With --bigger-step each @group runs as one atomic step.
// EXPECT-STDOUT: // Two fork/join phases over one array. In the first, two workers double disjoint halves of `a`
// EXPECT-STDOUT: // and main joins both; in the second, two workers increment windows that share a[2] (a race).
// EXPECT-STDOUT: shared a[4];
// EXPECT-STDOUT: shared __C[25];
// EXPECT-STDOUT: shared __FW[4];
// EXPECT-STDOUT: shared __FR[4];
// EXPECT-STDOUT: shared __FRV[20];
// EXPECT-STDOUT: shared __RS[20];
// EXPECT-STDOUT: shared __WS[20];
// EXPECT-STDOUT: mutex __X[4];
// EXPECT-STDOUT:
// EXPECT-STDOUT: // racelang instrumentation: FastTrack (PLDI'09, Figure 2; same-epoch tests unlocked, the rest under X[x])
// EXPECT-STDOUT: // @group(5) prologue: C[t][t] := 1 for every thread t
// EXPECT-STDOUT: store 1 __C[0];
// EXPECT-STDOUT: store 1 __C[6];
// EXPECT-STDOUT: store 1 __C[12];
// EXPECT-STDOUT: store 1 __C[18];
// EXPECT-STDOUT: store 1 __C[24];
// EXPECT-STDOUT: i := 0;
// EXPECT-STDOUT: while (i < 4) {
// EXPECT-STDOUT:   store i a[i];
// EXPECT-STDOUT:   i := i + 1;
// EXPECT-STDOUT: }
// EXPECT-STDOUT: // @group(26) spawn 1
// EXPECT-STDOUT: __t1 := load __C[0];
// EXPECT-STDOUT: __t2 := load __C[5];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[5];
// EXPECT-STDOUT: __t1 := load __C[1];
// EXPECT-STDOUT: __t2 := load __C[6];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[6];
// EXPECT-STDOUT: __t1 := load __C[2];
// EXPECT-STDOUT: __t2 := load __C[7];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[7];
// EXPECT-STDOUT: __t1 := load __C[3];
// EXPECT-STDOUT: __t2 := load __C[8];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[8];
// EXPECT-STDOUT: __t1 := load __C[4];
// EXPECT-STDOUT: __t2 := load __C[9];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[9];
// EXPECT-STDOUT: __t1 := load __C[0];
// EXPECT-STDOUT: __t1 := __t1 + 1;
// EXPECT-STDOUT: store __t1 __C[0];
// EXPECT-STDOUT: __c := load __C[0];
// EXPECT-STDOUT: __ce := __c * 5 + 0;
// EXPECT-STDOUT: spawn 1 {
// EXPECT-STDOUT:   i := 0;
// EXPECT-STDOUT:   while (i < 2) {
// EXPECT-STDOUT:     v := load a[i];
// EXPECT-STDOUT:     store v * 2 a[i];
// EXPECT-STDOUT:     i := i + 1;
// EXPECT-STDOUT:   }
// EXPECT-STDOUT: }
// EXPECT-STDOUT: // @group(26) spawn 2
// EXPECT-STDOUT: __t1 := load __C[0];
// EXPECT-STDOUT: __t2 := load __C[10];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[10];
// EXPECT-STDOUT: __t1 := load __C[1];
// EXPECT-STDOUT: __t2 := load __C[11];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[11];
// EXPECT-STDOUT: __t1 := load __C[2];
// EXPECT-STDOUT: __t2 := load __C[12];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[12];
// EXPECT-STDOUT: __t1 := load __C[3];
// EXPECT-STDOUT: __t2 := load __C[13];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[13];
// EXPECT-STDOUT: __t1 := load __C[4];
// EXPECT-STDOUT: __t2 := load __C[14];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[14];
// EXPECT-STDOUT: __t1 := load __C[0];
// EXPECT-STDOUT: __t1 := __t1 + 1;
// EXPECT-STDOUT: store __t1 __C[0];
// EXPECT-STDOUT: __c := load __C[0];
// EXPECT-STDOUT: __ce := __c * 5 + 0;
// EXPECT-STDOUT: spawn 2 {
// EXPECT-STDOUT:   i := 2;
// EXPECT-STDOUT:   while (i < 4) {
// EXPECT-STDOUT:     v := load a[i];
// EXPECT-STDOUT:     store v * 2 a[i];
// EXPECT-STDOUT:     i := i + 1;
// EXPECT-STDOUT:   }
// EXPECT-STDOUT: }
// EXPECT-STDOUT: // @group(23) wait 1
// EXPECT-STDOUT: wait 1;
// EXPECT-STDOUT: __t1 := load __C[5];
// EXPECT-STDOUT: __t2 := load __C[0];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[0];
// EXPECT-STDOUT: __t1 := load __C[6];
// EXPECT-STDOUT: __t2 := load __C[1];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[1];
// EXPECT-STDOUT: __t1 := load __C[7];
// EXPECT-STDOUT: __t2 := load __C[2];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[2];
// EXPECT-STDOUT: __t1 := load __C[8];
// EXPECT-STDOUT: __t2 := load __C[3];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[3];
// EXPECT-STDOUT: __t1 := load __C[9];
// EXPECT-STDOUT: __t2 := load __C[4];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[4];
// EXPECT-STDOUT: __c := load __C[0];
// EXPECT-STDOUT: __ce := __c * 5 + 0;
// EXPECT-STDOUT: // @group(23) wait 2
// EXPECT-STDOUT: wait 2;
// EXPECT-STDOUT: __t1 := load __C[10];
// EXPECT-STDOUT: __t2 := load __C[0];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[0];
// EXPECT-STDOUT: __t1 := load __C[11];
// EXPECT-STDOUT: __t2 := load __C[1];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[1];
// EXPECT-STDOUT: __t1 := load __C[12];
// EXPECT-STDOUT: __t2 := load __C[2];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[2];
// EXPECT-STDOUT: __t1 := load __C[13];
// EXPECT-STDOUT: __t2 := load __C[3];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[3];
// EXPECT-STDOUT: __t1 := load __C[14];
// EXPECT-STDOUT: __t2 := load __C[4];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[4];
// EXPECT-STDOUT: __c := load __C[0];
// EXPECT-STDOUT: __ce := __c * 5 + 0;
// EXPECT-STDOUT: // @group(26) spawn 3
// EXPECT-STDOUT: __t1 := load __C[0];
// EXPECT-STDOUT: __t2 := load __C[15];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[15];
// EXPECT-STDOUT: __t1 := load __C[1];
// EXPECT-STDOUT: __t2 := load __C[16];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[16];
// EXPECT-STDOUT: __t1 := load __C[2];
// EXPECT-STDOUT: __t2 := load __C[17];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[17];
// EXPECT-STDOUT: __t1 := load __C[3];
// EXPECT-STDOUT: __t2 := load __C[18];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[18];
// EXPECT-STDOUT: __t1 := load __C[4];
// EXPECT-STDOUT: __t2 := load __C[19];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[19];
// EXPECT-STDOUT: __t1 := load __C[0];
// EXPECT-STDOUT: __t1 := __t1 + 1;
// EXPECT-STDOUT: store __t1 __C[0];
// EXPECT-STDOUT: __c := load __C[0];
// EXPECT-STDOUT: __ce := __c * 5 + 0;
// EXPECT-STDOUT: spawn 3 {
// EXPECT-STDOUT:   i := 0;
// EXPECT-STDOUT:   while (i < 3) {
// EXPECT-STDOUT:     // @group(6) v := load a[i]
// EXPECT-STDOUT:     __i := i;
// EXPECT-STDOUT:     if (__i < 0 || __i >= 4) {
// EXPECT-STDOUT:       v := load a[__i];
// EXPECT-STDOUT:     }
// EXPECT-STDOUT:     if (__c == 0) {
// EXPECT-STDOUT:       __c := load __C[18];
// EXPECT-STDOUT:       __ce := __c * 5 + 3;
// EXPECT-STDOUT:     }
// EXPECT-STDOUT:     __e := load __FR[__i + 0];
// EXPECT-STDOUT:     if (__e < 0) {
// EXPECT-STDOUT:       __e := load __FRV[__i * 5 + 3];
// EXPECT-STDOUT:       __e := __e * 5 + 3;
// EXPECT-STDOUT:     }
// EXPECT-STDOUT:     if (__e != __ce) {
// EXPECT-STDOUT:       lock __X[__i + 0];
// EXPECT-STDOUT:       __e := load __FW[__i + 0];
// EXPECT-STDOUT:       __u := __e % 5;
// EXPECT-STDOUT:       __t2 := load __C[15 + __u];
// EXPECT-STDOUT:       assert(__e / 5 <= __t2) __race(read a[__i], 14 * 65536 + 35, write __u, __WS[__i * 5 + 0 + __u]);
// EXPECT-STDOUT:       __e := load __FR[__i + 0];
// EXPECT-STDOUT:       if (__e < 0) {
// EXPECT-STDOUT:         store __c __FRV[__i * 5 + 3];
// EXPECT-STDOUT:       } else {
// EXPECT-STDOUT:         __u := __e % 5;
// EXPECT-STDOUT:         __t2 := load __C[15 + __u];
// EXPECT-STDOUT:         if (__e / 5 <= __t2) {
// EXPECT-STDOUT:           store __ce __FR[__i + 0];
// EXPECT-STDOUT:         } else {
// EXPECT-STDOUT:           store 0 __FRV[__i * 5 + 0];
// EXPECT-STDOUT:           store 0 __FRV[__i * 5 + 1];
// EXPECT-STDOUT:           store 0 __FRV[__i * 5 + 2];
// EXPECT-STDOUT:           store 0 __FRV[__i * 5 + 3];
// EXPECT-STDOUT:           store 0 __FRV[__i * 5 + 4];
// EXPECT-STDOUT:           store __e / 5 __FRV[__i * 5 + 0 + __u];
// EXPECT-STDOUT:           store __c __FRV[__i * 5 + 3];
// EXPECT-STDOUT:           store -1 __FR[__i + 0];
// EXPECT-STDOUT:         }
// EXPECT-STDOUT:       }
// EXPECT-STDOUT:       store 14 * 65536 + 35 __RS[__i * 5 + 3];
// EXPECT-STDOUT:       v := load a[__i];
// EXPECT-STDOUT:       unlock __X[__i + 0];
// EXPECT-STDOUT:     } else {
// EXPECT-STDOUT:       v := load a[__i];
// EXPECT-STDOUT:     }
// EXPECT-STDOUT:     // @group(4) store v + 1 a[i]
// EXPECT-STDOUT:     __i := i;
// EXPECT-STDOUT:     if (__i < 0 || __i >= 4) {
// EXPECT-STDOUT:       store v + 1 a[__i];
// EXPECT-STDOUT:     }
// EXPECT-STDOUT:     __e := load __FW[__i + 0];
// EXPECT-STDOUT:     if (__e != __ce) {
// EXPECT-STDOUT:       lock __X[__i + 0];
// EXPECT-STDOUT:       __e := load __FW[__i + 0];
// EXPECT-STDOUT:       __u := __e % 5;
// EXPECT-STDOUT:       __t2 := load __C[15 + __u];
// EXPECT-STDOUT:       assert(__e / 5 <= __t2) __race(write a[__i], 14 * 65536 + 51, write __u, __WS[__i * 5 + 0 + __u]);
// EXPECT-STDOUT:       __e := load __FR[__i + 0];
// EXPECT-STDOUT:       if (__e < 0) {
// EXPECT-STDOUT:         __t1 := load __FRV[__i * 5 + 0];
// EXPECT-STDOUT:         __t2 := load __C[15];
// EXPECT-STDOUT:         assert(__t1 <= __t2) __race(write a[__i], 14 * 65536 + 51, read 0, __RS[__i * 5 + 0]);
// EXPECT-STDOUT:         __t1 := load __FRV[__i * 5 + 1];
// EXPECT-STDOUT:         __t2 := load __C[16];
// EXPECT-STDOUT:         assert(__t1 <= __t2) __race(write a[__i], 14 * 65536 + 51, read 1, __RS[__i * 5 + 1]);
// EXPECT-STDOUT:         __t1 := load __FRV[__i * 5 + 2];
// EXPECT-STDOUT:         __t2 := load __C[17];
// EXPECT-STDOUT:         assert(__t1 <= __t2) __race(write a[__i], 14 * 65536 + 51, read 2, __RS[__i * 5 + 2]);
// EXPECT-STDOUT:         __t1 := load __FRV[__i * 5 + 3];
// EXPECT-STDOUT:         __t2 := load __C[18];
// EXPECT-STDOUT:         assert(__t1 <= __t2) __race(write a[__i], 14 * 65536 + 51, read 3, __RS[__i * 5 + 3]);
// EXPECT-STDOUT:         __t1 := load __FRV[__i * 5 + 4];
// EXPECT-STDOUT:         __t2 := load __C[19];
// EXPECT-STDOUT:         assert(__t1 <= __t2) __race(write a[__i], 14 * 65536 + 51, read 4, __RS[__i * 5 + 4]);
// EXPECT-STDOUT:         store 0 __FR[__i + 0];
// EXPECT-STDOUT:       } else {
// EXPECT-STDOUT:         __u := __e % 5;
// EXPECT-STDOUT:         __t2 := load __C[15 + __u];
// EXPECT-STDOUT:         assert(__e / 5 <= __t2) __race(write a[__i], 14 * 65536 + 51, read __u, __RS[__i * 5 + 0 + __u]);
// EXPECT-STDOUT:       }
// EXPECT-STDOUT:       store __ce __FW[__i + 0];
// EXPECT-STDOUT:       store 14 * 65536 + 51 __WS[__i * 5 + 3];
// EXPECT-STDOUT:       store v + 1 a[__i];
// EXPECT-STDOUT:       unlock __X[__i + 0];
// EXPECT-STDOUT:     } else {
// EXPECT-STDOUT:       store v + 1 a[__i];
// EXPECT-STDOUT:     }
// EXPECT-STDOUT:     i := i + 1;
// EXPECT-STDOUT:   }
// EXPECT-STDOUT: }
// EXPECT-STDOUT: // @group(26) spawn 4
// EXPECT-STDOUT: __t1 := load __C[0];
// EXPECT-STDOUT: __t2 := load __C[20];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[20];
// EXPECT-STDOUT: __t1 := load __C[1];
// EXPECT-STDOUT: __t2 := load __C[21];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[21];
// EXPECT-STDOUT: __t1 := load __C[2];
// EXPECT-STDOUT: __t2 := load __C[22];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[22];
// EXPECT-STDOUT: __t1 := load __C[3];
// EXPECT-STDOUT: __t2 := load __C[23];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[23];
// EXPECT-STDOUT: __t1 := load __C[4];
// EXPECT-STDOUT: __t2 := load __C[24];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[24];
// EXPECT-STDOUT: __t1 := load __C[0];
// EXPECT-STDOUT: __t1 := __t1 + 1;
// EXPECT-STDOUT: store __t1 __C[0];
// EXPECT-STDOUT: __c := load __C[0];
// EXPECT-STDOUT: __ce := __c * 5 + 0;
// EXPECT-STDOUT: spawn 4 {
// EXPECT-STDOUT:   i := 2;
// EXPECT-STDOUT:   while (i < 4) {
// EXPECT-STDOUT:     // @group(6) v := load a[i]
// EXPECT-STDOUT:     __i := i;
// EXPECT-STDOUT:     if (__i < 0 || __i >= 4) {
// EXPECT-STDOUT:       v := load a[__i];
// EXPECT-STDOUT:     }
// EXPECT-STDOUT:     if (__c == 0) {
// EXPECT-STDOUT:       __c := load __C[24];
// EXPECT-STDOUT:       __ce := __c * 5 + 4;
// EXPECT-STDOUT:     }
// EXPECT-STDOUT:     __e := load __FR[__i + 0];
// EXPECT-STDOUT:     if (__e < 0) {
// EXPECT-STDOUT:       __e := load __FRV[__i * 5 + 4];
// EXPECT-STDOUT:       __e := __e * 5 + 4;
// EXPECT-STDOUT:     }
// EXPECT-STDOUT:     if (__e != __ce) {
// EXPECT-STDOUT:       lock __X[__i + 0];
// EXPECT-STDOUT:       __e := load __FW[__i + 0];
// EXPECT-STDOUT:       __u := __e % 5;
// EXPECT-STDOUT:       __t2 := load __C[20 + __u];
// EXPECT-STDOUT:       assert(__e / 5 <= __t2) __race(read a[__i], 15 * 65536 + 35, write __u, __WS[__i * 5 + 0 + __u]);
// EXPECT-STDOUT:       __e := load __FR[__i + 0];
// EXPECT-STDOUT:       if (__e < 0) {
// EXPECT-STDOUT:         store __c __FRV[__i * 5 + 4];
// EXPECT-STDOUT:       } else {
// EXPECT-STDOUT:         __u := __e % 5;
// EXPECT-STDOUT:         __t2 := load __C[20 + __u];
// EXPECT-STDOUT:         if (__e / 5 <= __t2) {
// EXPECT-STDOUT:           store __ce __FR[__i + 0];
// EXPECT-STDOUT:         } else {
// EXPECT-STDOUT:           store 0 __FRV[__i * 5 + 0];
// EXPECT-STDOUT:           store 0 __FRV[__i * 5 + 1];
// EXPECT-STDOUT:           store 0 __FRV[__i * 5 + 2];
// EXPECT-STDOUT:           store 0 __FRV[__i * 5 + 3];
// EXPECT-STDOUT:           store 0 __FRV[__i * 5 + 4];
// EXPECT-STDOUT:           store __e / 5 __FRV[__i * 5 + 0 + __u];
// EXPECT-STDOUT:           store __c __FRV[__i * 5 + 4];
// EXPECT-STDOUT:           store -1 __FR[__i + 0];
// EXPECT-STDOUT:         }
// EXPECT-STDOUT:       }
// EXPECT-STDOUT:       store 15 * 65536 + 35 __RS[__i * 5 + 4];
// EXPECT-STDOUT:       v := load a[__i];
// EXPECT-STDOUT:       unlock __X[__i + 0];
// EXPECT-STDOUT:     } else {
// EXPECT-STDOUT:       v := load a[__i];
// EXPECT-STDOUT:     }
// EXPECT-STDOUT:     // @group(4) store v + 1 a[i]
// EXPECT-STDOUT:     __i := i;
// EXPECT-STDOUT:     if (__i < 0 || __i >= 4) {
// EXPECT-STDOUT:       store v + 1 a[__i];
// EXPECT-STDOUT:     }
// EXPECT-STDOUT:     __e := load __FW[__i + 0];
// EXPECT-STDOUT:     if (__e != __ce) {
// EXPECT-STDOUT:       lock __X[__i + 0];
// EXPECT-STDOUT:       __e := load __FW[__i + 0];
// EXPECT-STDOUT:       __u := __e % 5;
// EXPECT-STDOUT:       __t2 := load __C[20 + __u];
// EXPECT-STDOUT:       assert(__e / 5 <= __t2) __race(write a[__i], 15 * 65536 + 51, write __u, __WS[__i * 5 + 0 + __u]);
// EXPECT-STDOUT:       __e := load __FR[__i + 0];
// EXPECT-STDOUT:       if (__e < 0) {
// EXPECT-STDOUT:         __t1 := load __FRV[__i * 5 + 0];
// EXPECT-STDOUT:         __t2 := load __C[20];
// EXPECT-STDOUT:         assert(__t1 <= __t2) __race(write a[__i], 15 * 65536 + 51, read 0, __RS[__i * 5 + 0]);
// EXPECT-STDOUT:         __t1 := load __FRV[__i * 5 + 1];
// EXPECT-STDOUT:         __t2 := load __C[21];
// EXPECT-STDOUT:         assert(__t1 <= __t2) __race(write a[__i], 15 * 65536 + 51, read 1, __RS[__i * 5 + 1]);
// EXPECT-STDOUT:         __t1 := load __FRV[__i * 5 + 2];
// EXPECT-STDOUT:         __t2 := load __C[22];
// EXPECT-STDOUT:         assert(__t1 <= __t2) __race(write a[__i], 15 * 65536 + 51, read 2, __RS[__i * 5 + 2]);
// EXPECT-STDOUT:         __t1 := load __FRV[__i * 5 + 3];
// EXPECT-STDOUT:         __t2 := load __C[23];
// EXPECT-STDOUT:         assert(__t1 <= __t2) __race(write a[__i], 15 * 65536 + 51, read 3, __RS[__i * 5 + 3]);
// EXPECT-STDOUT:         __t1 := load __FRV[__i * 5 + 4];
// EXPECT-STDOUT:         __t2 := load __C[24];
// EXPECT-STDOUT:         assert(__t1 <= __t2) __race(write a[__i], 15 * 65536 + 51, read 4, __RS[__i * 5 + 4]);
// EXPECT-STDOUT:         store 0 __FR[__i + 0];
// EXPECT-STDOUT:       } else {
// EXPECT-STDOUT:         __u := __e % 5;
// EXPECT-STDOUT:         __t2 := load __C[20 + __u];
// EXPECT-STDOUT:         assert(__e / 5 <= __t2) __race(write a[__i], 15 * 65536 + 51, read __u, __RS[__i * 5 + 0 + __u]);
// EXPECT-STDOUT:       }
// EXPECT-STDOUT:       store __ce __FW[__i + 0];
// EXPECT-STDOUT:       store 15 * 65536 + 51 __WS[__i * 5 + 4];
// EXPECT-STDOUT:       store v + 1 a[__i];
// EXPECT-STDOUT:       unlock __X[__i + 0];
// EXPECT-STDOUT:     } else {
// EXPECT-STDOUT:       store v + 1 a[__i];
// EXPECT-STDOUT:     }
// EXPECT-STDOUT:     i := i + 1;
// EXPECT-STDOUT:   }
// EXPECT-STDOUT: }
// EXPECT-STDOUT: // @group(23) wait 3
// EXPECT-STDOUT: wait 3;
// EXPECT-STDOUT: __t1 := load __C[15];
// EXPECT-STDOUT: __t2 := load __C[0];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[0];
// EXPECT-STDOUT: __t1 := load __C[16];
// EXPECT-STDOUT: __t2 := load __C[1];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[1];
// EXPECT-STDOUT: __t1 := load __C[17];
// EXPECT-STDOUT: __t2 := load __C[2];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[2];
// EXPECT-STDOUT: __t1 := load __C[18];
// EXPECT-STDOUT: __t2 := load __C[3];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[3];
// EXPECT-STDOUT: __t1 := load __C[19];
// EXPECT-STDOUT: __t2 := load __C[4];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[4];
// EXPECT-STDOUT: __c := load __C[0];
// EXPECT-STDOUT: __ce := __c * 5 + 0;
// EXPECT-STDOUT: // @group(23) wait 4
// EXPECT-STDOUT: wait 4;
// EXPECT-STDOUT: __t1 := load __C[20];
// EXPECT-STDOUT: __t2 := load __C[0];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[0];
// EXPECT-STDOUT: __t1 := load __C[21];
// EXPECT-STDOUT: __t2 := load __C[1];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[1];
// EXPECT-STDOUT: __t1 := load __C[22];
// EXPECT-STDOUT: __t2 := load __C[2];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[2];
// EXPECT-STDOUT: __t1 := load __C[23];
// EXPECT-STDOUT: __t2 := load __C[3];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[3];
// EXPECT-STDOUT: __t1 := load __C[24];
// EXPECT-STDOUT: __t2 := load __C[4];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[4];
// EXPECT-STDOUT: __c := load __C[0];
// EXPECT-STDOUT: __ce := __c * 5 + 0;
// THEN-EXPECT-EXIT: 66
// THEN-EXPECT-STDERR: ==================
// THEN-EXPECT-STDERR: WARNING: data race on 'a[2]' (found by an instrumentation check)
// THEN-EXPECT-STDERR:   Read of 'a[2]' by thread 3 at tests/golden/inputs/disjoint_phases.txt:14:35:
// THEN-EXPECT-STDERR:     spawn 3 { i := 0; while (i < 3) { v := load a[i]; store v + 1 a[i]; i := i + 1; } }
// THEN-EXPECT-STDERR:                                       ^~~~~~~~~~~~~~~
// THEN-EXPECT-STDERR:   Previous write of 'a[2]' by thread 4 at tests/golden/inputs/disjoint_phases.txt:15:51:
// THEN-EXPECT-STDERR:     spawn 4 { i := 2; while (i < 4) { v := load a[i]; store v + 1 a[i]; i := i + 1; } }
// THEN-EXPECT-STDERR:                                                       ^~~~~~~~~~~~~~~~~
// THEN-EXPECT-STDERR:   Thread 3 was spawned by thread 0 at tests/golden/inputs/disjoint_phases.txt:14:1
// THEN-EXPECT-STDERR:   Thread 4 was spawned by thread 0 at tests/golden/inputs/disjoint_phases.txt:15:1
// THEN-EXPECT-STDERR: SUMMARY: racelang: data race on 'a[2]' (tests/golden/inputs/disjoint_phases.txt:14:35 and tests/golden/inputs/disjoint_phases.txt:15:51)
// THEN-EXPECT-STDERR: ==================
// THEN-EXPECT-STDERR: To replay: racelang run %t --seed=1
