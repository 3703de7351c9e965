// RUN: instrument --pass=vc --elide=redundant,thread-local,ordered,range tests/golden/inputs/range_example.txt
// THEN: run --seed=1 %t
// Range coalescing (`range`, off by default; `disjoint` is left out here, as it would find the
// workers' slices disjoint and leave nothing to check): each counted loop
// over a slice of `s` gets one group before it, the range check: it locks X[x] of every cell of
// the slice, replays the checks of the loop's load and store over the counter's range (in the
// loop's order, stopping with __ro := 1 where an index would be out of range, as the loop
// would fail there), and unlocks them. The loop itself then runs bare. Main's summing loop,
// after it has joined both workers, runs alone: its accesses are ordered and get no check.

// EXPECT-EXIT: 0
// EXPECT-STDOUT: // racelang instrument: from tests/golden/inputs/range_example.txt
// EXPECT-STDOUT: // racelang instrument: pass vc, variant paper, elide redundant,thread-local,ordered,range
// EXPECT-STDOUT: // VectorClock instrumentation: every racelang command runs this file as it is, and reports its
// EXPECT-STDOUT: // positions in the original. With --bigger-step each @group runs as one atomic step.
// EXPECT-STDOUT: // The original of tests/golden/instrument/vc_range.rl. Two workers
// EXPECT-STDOUT: // increment disjoint slices of `s` in counted loops that cannot synchronise, fail or block:
// EXPECT-STDOUT: // each loop's checks become one range check before it. Main then sums the array in a loop of
// EXPECT-STDOUT: // its own, after joining both workers.
// EXPECT-STDOUT: shared s[4];
// EXPECT-STDOUT: shared __C[9];
// EXPECT-STDOUT: shared __R[12];
// EXPECT-STDOUT: shared __W[12];
// EXPECT-STDOUT: shared __RS[12];
// EXPECT-STDOUT: shared __WS[12];
// EXPECT-STDOUT: mutex __X[4];
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
// EXPECT-STDOUT:   i := 0;
// EXPECT-STDOUT:   // @group(7) range check of a := load s[i], store a + 1 s[i]
// EXPECT-STDOUT:   __r := i;
// EXPECT-STDOUT:   while (__r < 2) {
// EXPECT-STDOUT:     __i := __r;
// EXPECT-STDOUT:     if (__i < 0 || __i >= 4) {
// EXPECT-STDOUT:     } else {
// EXPECT-STDOUT:       lock __X[__i + 0];
// EXPECT-STDOUT:     }
// EXPECT-STDOUT:     __r := __r + 1;
// EXPECT-STDOUT:   }
// EXPECT-STDOUT:   __ro := 0;
// EXPECT-STDOUT:   __r := i;
// EXPECT-STDOUT:   while (__r < 2 && __ro == 0) {
// EXPECT-STDOUT:     __i := __r;
// EXPECT-STDOUT:     if (__i < 0 || __i >= 4) {
// EXPECT-STDOUT:       __ro := 1;
// EXPECT-STDOUT:     } else {
// EXPECT-STDOUT:       __t1 := load __W[__i * 3 + 0];
// EXPECT-STDOUT:       __t2 := load __C[3];
// EXPECT-STDOUT:       assert(__t1 <= __t2) __race(read s[__i], 10 * 65536 + 5, write 0, __WS[__i * 3 + 0]);
// EXPECT-STDOUT:       __t1 := load __W[__i * 3 + 1];
// EXPECT-STDOUT:       __t2 := load __C[4];
// EXPECT-STDOUT:       assert(__t1 <= __t2) __race(read s[__i], 10 * 65536 + 5, write 1, __WS[__i * 3 + 1]);
// EXPECT-STDOUT:       __t1 := load __W[__i * 3 + 2];
// EXPECT-STDOUT:       __t2 := load __C[5];
// EXPECT-STDOUT:       assert(__t1 <= __t2) __race(read s[__i], 10 * 65536 + 5, write 2, __WS[__i * 3 + 2]);
// EXPECT-STDOUT:       __t1 := load __C[4];
// EXPECT-STDOUT:       store __t1 __R[__i * 3 + 1];
// EXPECT-STDOUT:       store 10 * 65536 + 5 __RS[__i * 3 + 1];
// EXPECT-STDOUT:     }
// EXPECT-STDOUT:     if (__ro == 0) {
// EXPECT-STDOUT:       __i := __r;
// EXPECT-STDOUT:       if (__i < 0 || __i >= 4) {
// EXPECT-STDOUT:         __ro := 1;
// EXPECT-STDOUT:       } else {
// EXPECT-STDOUT:         __t1 := load __W[__i * 3 + 0];
// EXPECT-STDOUT:         __t2 := load __C[3];
// EXPECT-STDOUT:         assert(__t1 <= __t2) __race(write s[__i], 11 * 65536 + 5, write 0, __WS[__i * 3 + 0]);
// EXPECT-STDOUT:         __t1 := load __W[__i * 3 + 1];
// EXPECT-STDOUT:         __t2 := load __C[4];
// EXPECT-STDOUT:         assert(__t1 <= __t2) __race(write s[__i], 11 * 65536 + 5, write 1, __WS[__i * 3 + 1]);
// EXPECT-STDOUT:         __t1 := load __W[__i * 3 + 2];
// EXPECT-STDOUT:         __t2 := load __C[5];
// EXPECT-STDOUT:         assert(__t1 <= __t2) __race(write s[__i], 11 * 65536 + 5, write 2, __WS[__i * 3 + 2]);
// EXPECT-STDOUT:         __t1 := load __R[__i * 3 + 0];
// EXPECT-STDOUT:         __t2 := load __C[3];
// EXPECT-STDOUT:         assert(__t1 <= __t2) __race(write s[__i], 11 * 65536 + 5, read 0, __RS[__i * 3 + 0]);
// EXPECT-STDOUT:         __t1 := load __R[__i * 3 + 1];
// EXPECT-STDOUT:         __t2 := load __C[4];
// EXPECT-STDOUT:         assert(__t1 <= __t2) __race(write s[__i], 11 * 65536 + 5, read 1, __RS[__i * 3 + 1]);
// EXPECT-STDOUT:         __t1 := load __R[__i * 3 + 2];
// EXPECT-STDOUT:         __t2 := load __C[5];
// EXPECT-STDOUT:         assert(__t1 <= __t2) __race(write s[__i], 11 * 65536 + 5, read 2, __RS[__i * 3 + 2]);
// EXPECT-STDOUT:         __t1 := load __C[4];
// EXPECT-STDOUT:         store __t1 __W[__i * 3 + 1];
// EXPECT-STDOUT:         store 11 * 65536 + 5 __WS[__i * 3 + 1];
// EXPECT-STDOUT:       }
// EXPECT-STDOUT:     }
// EXPECT-STDOUT:     __r := __r + 1;
// EXPECT-STDOUT:   }
// EXPECT-STDOUT:   __r := i;
// EXPECT-STDOUT:   while (__r < 2) {
// EXPECT-STDOUT:     __i := __r;
// EXPECT-STDOUT:     if (__i < 0 || __i >= 4) {
// EXPECT-STDOUT:     } else {
// EXPECT-STDOUT:       unlock __X[__i + 0];
// EXPECT-STDOUT:     }
// EXPECT-STDOUT:     __r := __r + 1;
// EXPECT-STDOUT:   }
// EXPECT-STDOUT:   while (i < 2) {
// EXPECT-STDOUT:     a := load s[i];
// EXPECT-STDOUT:     store a + 1 s[i];
// EXPECT-STDOUT:     i := i + 1;
// EXPECT-STDOUT:   }
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
// EXPECT-STDOUT:   i := 2;
// EXPECT-STDOUT:   // @group(7) range check of a := load s[i], store a + 2 s[i]
// EXPECT-STDOUT:   __r := i;
// EXPECT-STDOUT:   while (__r < 4) {
// EXPECT-STDOUT:     __i := __r;
// EXPECT-STDOUT:     if (__i < 0 || __i >= 4) {
// EXPECT-STDOUT:     } else {
// EXPECT-STDOUT:       lock __X[__i + 0];
// EXPECT-STDOUT:     }
// EXPECT-STDOUT:     __r := __r + 1;
// EXPECT-STDOUT:   }
// EXPECT-STDOUT:   __ro := 0;
// EXPECT-STDOUT:   __r := i;
// EXPECT-STDOUT:   while (__r < 4 && __ro == 0) {
// EXPECT-STDOUT:     __i := __r;
// EXPECT-STDOUT:     if (__i < 0 || __i >= 4) {
// EXPECT-STDOUT:       __ro := 1;
// EXPECT-STDOUT:     } else {
// EXPECT-STDOUT:       __t1 := load __W[__i * 3 + 0];
// EXPECT-STDOUT:       __t2 := load __C[6];
// EXPECT-STDOUT:       assert(__t1 <= __t2) __race(read s[__i], 18 * 65536 + 5, write 0, __WS[__i * 3 + 0]);
// EXPECT-STDOUT:       __t1 := load __W[__i * 3 + 1];
// EXPECT-STDOUT:       __t2 := load __C[7];
// EXPECT-STDOUT:       assert(__t1 <= __t2) __race(read s[__i], 18 * 65536 + 5, write 1, __WS[__i * 3 + 1]);
// EXPECT-STDOUT:       __t1 := load __W[__i * 3 + 2];
// EXPECT-STDOUT:       __t2 := load __C[8];
// EXPECT-STDOUT:       assert(__t1 <= __t2) __race(read s[__i], 18 * 65536 + 5, write 2, __WS[__i * 3 + 2]);
// EXPECT-STDOUT:       __t1 := load __C[8];
// EXPECT-STDOUT:       store __t1 __R[__i * 3 + 2];
// EXPECT-STDOUT:       store 18 * 65536 + 5 __RS[__i * 3 + 2];
// EXPECT-STDOUT:     }
// EXPECT-STDOUT:     if (__ro == 0) {
// EXPECT-STDOUT:       __i := __r;
// EXPECT-STDOUT:       if (__i < 0 || __i >= 4) {
// EXPECT-STDOUT:         __ro := 1;
// EXPECT-STDOUT:       } else {
// EXPECT-STDOUT:         __t1 := load __W[__i * 3 + 0];
// EXPECT-STDOUT:         __t2 := load __C[6];
// EXPECT-STDOUT:         assert(__t1 <= __t2) __race(write s[__i], 19 * 65536 + 5, write 0, __WS[__i * 3 + 0]);
// EXPECT-STDOUT:         __t1 := load __W[__i * 3 + 1];
// EXPECT-STDOUT:         __t2 := load __C[7];
// EXPECT-STDOUT:         assert(__t1 <= __t2) __race(write s[__i], 19 * 65536 + 5, write 1, __WS[__i * 3 + 1]);
// EXPECT-STDOUT:         __t1 := load __W[__i * 3 + 2];
// EXPECT-STDOUT:         __t2 := load __C[8];
// EXPECT-STDOUT:         assert(__t1 <= __t2) __race(write s[__i], 19 * 65536 + 5, write 2, __WS[__i * 3 + 2]);
// EXPECT-STDOUT:         __t1 := load __R[__i * 3 + 0];
// EXPECT-STDOUT:         __t2 := load __C[6];
// EXPECT-STDOUT:         assert(__t1 <= __t2) __race(write s[__i], 19 * 65536 + 5, read 0, __RS[__i * 3 + 0]);
// EXPECT-STDOUT:         __t1 := load __R[__i * 3 + 1];
// EXPECT-STDOUT:         __t2 := load __C[7];
// EXPECT-STDOUT:         assert(__t1 <= __t2) __race(write s[__i], 19 * 65536 + 5, read 1, __RS[__i * 3 + 1]);
// EXPECT-STDOUT:         __t1 := load __R[__i * 3 + 2];
// EXPECT-STDOUT:         __t2 := load __C[8];
// EXPECT-STDOUT:         assert(__t1 <= __t2) __race(write s[__i], 19 * 65536 + 5, read 2, __RS[__i * 3 + 2]);
// EXPECT-STDOUT:         __t1 := load __C[8];
// EXPECT-STDOUT:         store __t1 __W[__i * 3 + 2];
// EXPECT-STDOUT:         store 19 * 65536 + 5 __WS[__i * 3 + 2];
// EXPECT-STDOUT:       }
// EXPECT-STDOUT:     }
// EXPECT-STDOUT:     __r := __r + 1;
// EXPECT-STDOUT:   }
// EXPECT-STDOUT:   __r := i;
// EXPECT-STDOUT:   while (__r < 4) {
// EXPECT-STDOUT:     __i := __r;
// EXPECT-STDOUT:     if (__i < 0 || __i >= 4) {
// EXPECT-STDOUT:     } else {
// EXPECT-STDOUT:       unlock __X[__i + 0];
// EXPECT-STDOUT:     }
// EXPECT-STDOUT:     __r := __r + 1;
// EXPECT-STDOUT:   }
// EXPECT-STDOUT:   while (i < 4) {
// EXPECT-STDOUT:     a := load s[i];
// EXPECT-STDOUT:     store a + 2 s[i];
// EXPECT-STDOUT:     i := i + 1;
// EXPECT-STDOUT:   }
// EXPECT-STDOUT: }
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
// EXPECT-STDOUT: i := 0;
// EXPECT-STDOUT: t := 0;
// EXPECT-STDOUT: while (i < 4) {
// EXPECT-STDOUT:   a := load s[i];
// EXPECT-STDOUT:   t := t + a;
// EXPECT-STDOUT:   i := i + 1;
// EXPECT-STDOUT: }
// EXPECT-STDOUT: print(t);
// THEN-EXPECT-EXIT: 0
// THEN-EXPECT-STDOUT: 6
