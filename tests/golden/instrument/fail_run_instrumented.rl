// RUN: instrument --pass=vc --no-elide tests/golden/inputs/instrumented_original.txt
// THEN: run --seed=4 %t
// `racelang instrument a.rl > b.rl` then `racelang run b.rl` with no flags: the header lets the
// file use reserved names and race checks, and every position of the report (both accesses and
// both spawn sites) is the original's.
// --pass=vc --no-elide: the CPP'17 paper's pass exactly, as racelang instrumented before
// FastTrack and the check eliminations became the default.

// EXPECT-EXIT: 0
// EXPECT-STDOUT: // racelang instrument: from tests/golden/inputs/instrumented_original.txt
// EXPECT-STDOUT: // racelang instrument: pass vc, variant paper, elide none
// EXPECT-STDOUT: // VectorClock instrumentation: every racelang command runs this file as it is, and reports its
// EXPECT-STDOUT: // positions in the original. With --bigger-step each @group runs as one atomic step.
// EXPECT-STDOUT: // The original of the instrumented programs under tests/golden/run/ (fail_instrumented_*):
// EXPECT-STDOUT: // thread 1 writes x while thread 2 reads it, with nothing ordering the two.
// EXPECT-STDOUT: shared x;
// EXPECT-STDOUT: shared __C[9];
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
// EXPECT-STDOUT:   // @group(24) store 42 x
// EXPECT-STDOUT:   lock __X[0];
// EXPECT-STDOUT:   __t1 := load __W[0];
// EXPECT-STDOUT:   __t2 := load __C[3];
// EXPECT-STDOUT:   assert(__t1 <= __t2) __race(write x, 6 * 65536 + 3, write 0, __WS[0]);
// EXPECT-STDOUT:   __t1 := load __W[1];
// EXPECT-STDOUT:   __t2 := load __C[4];
// EXPECT-STDOUT:   assert(__t1 <= __t2) __race(write x, 6 * 65536 + 3, write 1, __WS[1]);
// EXPECT-STDOUT:   __t1 := load __W[2];
// EXPECT-STDOUT:   __t2 := load __C[5];
// EXPECT-STDOUT:   assert(__t1 <= __t2) __race(write x, 6 * 65536 + 3, write 2, __WS[2]);
// EXPECT-STDOUT:   __t1 := load __R[0];
// EXPECT-STDOUT:   __t2 := load __C[3];
// EXPECT-STDOUT:   assert(__t1 <= __t2) __race(write x, 6 * 65536 + 3, read 0, __RS[0]);
// EXPECT-STDOUT:   __t1 := load __R[1];
// EXPECT-STDOUT:   __t2 := load __C[4];
// EXPECT-STDOUT:   assert(__t1 <= __t2) __race(write x, 6 * 65536 + 3, read 1, __RS[1]);
// EXPECT-STDOUT:   __t1 := load __R[2];
// EXPECT-STDOUT:   __t2 := load __C[5];
// EXPECT-STDOUT:   assert(__t1 <= __t2) __race(write x, 6 * 65536 + 3, read 2, __RS[2]);
// EXPECT-STDOUT:   __t1 := load __C[4];
// EXPECT-STDOUT:   store __t1 __W[1];
// EXPECT-STDOUT:   store 6 * 65536 + 3 __WS[1];
// EXPECT-STDOUT:   store 42 x;
// EXPECT-STDOUT:   unlock __X[0];
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
// EXPECT-STDOUT:   // @group(15) a := load x
// EXPECT-STDOUT:   lock __X[0];
// EXPECT-STDOUT:   __t1 := load __W[0];
// EXPECT-STDOUT:   __t2 := load __C[6];
// EXPECT-STDOUT:   assert(__t1 <= __t2) __race(read x, 9 * 65536 + 3, write 0, __WS[0]);
// EXPECT-STDOUT:   __t1 := load __W[1];
// EXPECT-STDOUT:   __t2 := load __C[7];
// EXPECT-STDOUT:   assert(__t1 <= __t2) __race(read x, 9 * 65536 + 3, write 1, __WS[1]);
// EXPECT-STDOUT:   __t1 := load __W[2];
// EXPECT-STDOUT:   __t2 := load __C[8];
// EXPECT-STDOUT:   assert(__t1 <= __t2) __race(read x, 9 * 65536 + 3, write 2, __WS[2]);
// EXPECT-STDOUT:   __t1 := load __C[8];
// EXPECT-STDOUT:   store __t1 __R[2];
// EXPECT-STDOUT:   store 9 * 65536 + 3 __RS[2];
// EXPECT-STDOUT:   a := load x;
// EXPECT-STDOUT:   unlock __X[0];
// EXPECT-STDOUT:   print(a);
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
// THEN-EXPECT-STDERR: WARNING: data race on 'x' (found by an instrumentation check)
// THEN-EXPECT-STDERR:   Read of 'x' by thread 2 at tests/golden/inputs/instrumented_original.txt:9:3:
// THEN-EXPECT-STDERR:       a := load x;
// THEN-EXPECT-STDERR:       ^~~~~~~~~~~~
// THEN-EXPECT-STDERR:   Previous write of 'x' by thread 1 at tests/golden/inputs/instrumented_original.txt:6:3:
// THEN-EXPECT-STDERR:       store 42 x;
// THEN-EXPECT-STDERR:       ^~~~~~~~~~~
// THEN-EXPECT-STDERR:   Thread 1 was spawned by thread 0 at tests/golden/inputs/instrumented_original.txt:5:1
// THEN-EXPECT-STDERR:   Thread 2 was spawned by thread 0 at tests/golden/inputs/instrumented_original.txt:8:1
// THEN-EXPECT-STDERR: SUMMARY: racelang: data race on 'x' (tests/golden/inputs/instrumented_original.txt:9:3 and tests/golden/inputs/instrumented_original.txt:6:3)
// THEN-EXPECT-STDERR: ==================
// THEN-EXPECT-STDERR: To replay: racelang run %t --seed=4
