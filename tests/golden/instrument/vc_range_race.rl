// RUN: instrument --pass=vc --elide=range tests/golden/inputs/range_race.txt
// THEN: run --seed=1 %t
// Overlapping slices: the race on s[1] is found by a range check. The report names the other
// worker's write, which its own range check recorded before its loop made it: the two accesses
// are concurrent either way (docs/instrumentation.md, "Range coalescing").

// EXPECT-EXIT: 0
// EXPECT-STDOUT: // racelang instrument: from tests/golden/inputs/range_race.txt
// EXPECT-STDOUT: // racelang instrument: pass vc, variant paper, elide range
// EXPECT-STDOUT: // VectorClock instrumentation: every racelang command runs this file as it is, and reports its
// EXPECT-STDOUT: // positions in the original. With --bigger-step each @group runs as one atomic step.
// EXPECT-STDOUT: // The original of tests/golden/instrument/vc_range_race.rl: the second worker's slice overlaps
// EXPECT-STDOUT: // the first's in s[1]. The first worker's range check before its loop, or the second
// EXPECT-STDOUT: // worker's check of s[1] against the first's range check, reports the race.
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
// EXPECT-STDOUT:       assert(__t1 <= __t2) __race(read s[__i], 9 * 65536 + 5, write 0, __WS[__i * 3 + 0]);
// EXPECT-STDOUT:       __t1 := load __W[__i * 3 + 1];
// EXPECT-STDOUT:       __t2 := load __C[4];
// EXPECT-STDOUT:       assert(__t1 <= __t2) __race(read s[__i], 9 * 65536 + 5, write 1, __WS[__i * 3 + 1]);
// EXPECT-STDOUT:       __t1 := load __W[__i * 3 + 2];
// EXPECT-STDOUT:       __t2 := load __C[5];
// EXPECT-STDOUT:       assert(__t1 <= __t2) __race(read s[__i], 9 * 65536 + 5, write 2, __WS[__i * 3 + 2]);
// EXPECT-STDOUT:       __t1 := load __C[4];
// EXPECT-STDOUT:       store __t1 __R[__i * 3 + 1];
// EXPECT-STDOUT:       store 9 * 65536 + 5 __RS[__i * 3 + 1];
// EXPECT-STDOUT:     }
// EXPECT-STDOUT:     if (__ro == 0) {
// EXPECT-STDOUT:       __i := __r;
// EXPECT-STDOUT:       if (__i < 0 || __i >= 4) {
// EXPECT-STDOUT:         __ro := 1;
// EXPECT-STDOUT:       } else {
// EXPECT-STDOUT:         __t1 := load __W[__i * 3 + 0];
// EXPECT-STDOUT:         __t2 := load __C[3];
// EXPECT-STDOUT:         assert(__t1 <= __t2) __race(write s[__i], 10 * 65536 + 5, write 0, __WS[__i * 3 + 0]);
// EXPECT-STDOUT:         __t1 := load __W[__i * 3 + 1];
// EXPECT-STDOUT:         __t2 := load __C[4];
// EXPECT-STDOUT:         assert(__t1 <= __t2) __race(write s[__i], 10 * 65536 + 5, write 1, __WS[__i * 3 + 1]);
// EXPECT-STDOUT:         __t1 := load __W[__i * 3 + 2];
// EXPECT-STDOUT:         __t2 := load __C[5];
// EXPECT-STDOUT:         assert(__t1 <= __t2) __race(write s[__i], 10 * 65536 + 5, write 2, __WS[__i * 3 + 2]);
// EXPECT-STDOUT:         __t1 := load __R[__i * 3 + 0];
// EXPECT-STDOUT:         __t2 := load __C[3];
// EXPECT-STDOUT:         assert(__t1 <= __t2) __race(write s[__i], 10 * 65536 + 5, read 0, __RS[__i * 3 + 0]);
// EXPECT-STDOUT:         __t1 := load __R[__i * 3 + 1];
// EXPECT-STDOUT:         __t2 := load __C[4];
// EXPECT-STDOUT:         assert(__t1 <= __t2) __race(write s[__i], 10 * 65536 + 5, read 1, __RS[__i * 3 + 1]);
// EXPECT-STDOUT:         __t1 := load __R[__i * 3 + 2];
// EXPECT-STDOUT:         __t2 := load __C[5];
// EXPECT-STDOUT:         assert(__t1 <= __t2) __race(write s[__i], 10 * 65536 + 5, read 2, __RS[__i * 3 + 2]);
// EXPECT-STDOUT:         __t1 := load __C[4];
// EXPECT-STDOUT:         store __t1 __W[__i * 3 + 1];
// EXPECT-STDOUT:         store 10 * 65536 + 5 __WS[__i * 3 + 1];
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
// EXPECT-STDOUT:   i := 1;
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
// EXPECT-STDOUT:       assert(__t1 <= __t2) __race(read s[__i], 17 * 65536 + 5, write 0, __WS[__i * 3 + 0]);
// EXPECT-STDOUT:       __t1 := load __W[__i * 3 + 1];
// EXPECT-STDOUT:       __t2 := load __C[7];
// EXPECT-STDOUT:       assert(__t1 <= __t2) __race(read s[__i], 17 * 65536 + 5, write 1, __WS[__i * 3 + 1]);
// EXPECT-STDOUT:       __t1 := load __W[__i * 3 + 2];
// EXPECT-STDOUT:       __t2 := load __C[8];
// EXPECT-STDOUT:       assert(__t1 <= __t2) __race(read s[__i], 17 * 65536 + 5, write 2, __WS[__i * 3 + 2]);
// EXPECT-STDOUT:       __t1 := load __C[8];
// EXPECT-STDOUT:       store __t1 __R[__i * 3 + 2];
// EXPECT-STDOUT:       store 17 * 65536 + 5 __RS[__i * 3 + 2];
// EXPECT-STDOUT:     }
// EXPECT-STDOUT:     if (__ro == 0) {
// EXPECT-STDOUT:       __i := __r;
// EXPECT-STDOUT:       if (__i < 0 || __i >= 4) {
// EXPECT-STDOUT:         __ro := 1;
// EXPECT-STDOUT:       } else {
// EXPECT-STDOUT:         __t1 := load __W[__i * 3 + 0];
// EXPECT-STDOUT:         __t2 := load __C[6];
// EXPECT-STDOUT:         assert(__t1 <= __t2) __race(write s[__i], 18 * 65536 + 5, write 0, __WS[__i * 3 + 0]);
// EXPECT-STDOUT:         __t1 := load __W[__i * 3 + 1];
// EXPECT-STDOUT:         __t2 := load __C[7];
// EXPECT-STDOUT:         assert(__t1 <= __t2) __race(write s[__i], 18 * 65536 + 5, write 1, __WS[__i * 3 + 1]);
// EXPECT-STDOUT:         __t1 := load __W[__i * 3 + 2];
// EXPECT-STDOUT:         __t2 := load __C[8];
// EXPECT-STDOUT:         assert(__t1 <= __t2) __race(write s[__i], 18 * 65536 + 5, write 2, __WS[__i * 3 + 2]);
// EXPECT-STDOUT:         __t1 := load __R[__i * 3 + 0];
// EXPECT-STDOUT:         __t2 := load __C[6];
// EXPECT-STDOUT:         assert(__t1 <= __t2) __race(write s[__i], 18 * 65536 + 5, read 0, __RS[__i * 3 + 0]);
// EXPECT-STDOUT:         __t1 := load __R[__i * 3 + 1];
// EXPECT-STDOUT:         __t2 := load __C[7];
// EXPECT-STDOUT:         assert(__t1 <= __t2) __race(write s[__i], 18 * 65536 + 5, read 1, __RS[__i * 3 + 1]);
// EXPECT-STDOUT:         __t1 := load __R[__i * 3 + 2];
// EXPECT-STDOUT:         __t2 := load __C[8];
// EXPECT-STDOUT:         assert(__t1 <= __t2) __race(write s[__i], 18 * 65536 + 5, read 2, __RS[__i * 3 + 2]);
// EXPECT-STDOUT:         __t1 := load __C[8];
// EXPECT-STDOUT:         store __t1 __W[__i * 3 + 2];
// EXPECT-STDOUT:         store 18 * 65536 + 5 __WS[__i * 3 + 2];
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
// THEN-EXPECT-EXIT: 66
// THEN-EXPECT-STDERR: ==================
// THEN-EXPECT-STDERR: WARNING: data race on 's[1]' (found by an instrumentation check)
// THEN-EXPECT-STDERR:   Read of 's[1]' by thread 2 at tests/golden/inputs/range_race.txt:17:5:
// THEN-EXPECT-STDERR:         a := load s[i];
// THEN-EXPECT-STDERR:         ^~~~~~~~~~~~~~~
// THEN-EXPECT-STDERR:   Previous write of 's[1]' by thread 1 at tests/golden/inputs/range_race.txt:10:5:
// THEN-EXPECT-STDERR:         store a + 1 s[i];
// THEN-EXPECT-STDERR:         ^~~~~~~~~~~~~~~~~
// THEN-EXPECT-STDERR:   Thread 1 was spawned by thread 0 at tests/golden/inputs/range_race.txt:6:1
// THEN-EXPECT-STDERR:   Thread 2 was spawned by thread 0 at tests/golden/inputs/range_race.txt:14:1
// THEN-EXPECT-STDERR: SUMMARY: racelang: data race on 's[1]' (tests/golden/inputs/range_race.txt:17:5 and tests/golden/inputs/range_race.txt:10:5)
// THEN-EXPECT-STDERR: ==================
// THEN-EXPECT-STDERR: To replay: racelang run %t --seed=1
