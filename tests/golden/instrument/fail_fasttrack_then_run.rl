// RUN: instrument --pass=fasttrack tests/golden/inputs/instrumented_original.txt
// THEN: run --seed=3 %t
// The FastTrack pass's output, pinned, and run as it is: the failing check names the earlier
// write by its thread, which the check reads from the write epoch when it fails.

// EXPECT-EXIT: 0
// EXPECT-STDOUT: // racelang instrument: from tests/golden/inputs/instrumented_original.txt
// EXPECT-STDOUT: // racelang instrument: pass fasttrack, variant pldi09, elide redundant,thread-local,ordered,disjoint
// EXPECT-STDOUT: // FastTrack instrumentation: every racelang command runs this file as it is, and reports its
// EXPECT-STDOUT: // positions in the original. With --bigger-step each @group runs as one atomic step.
// EXPECT-STDOUT: // The original of the instrumented programs under tests/golden/run/ (fail_instrumented_*):
// EXPECT-STDOUT: // thread 1 writes x while thread 2 reads it, with nothing ordering the two.
// EXPECT-STDOUT: shared x;
// EXPECT-STDOUT: shared __C[9];
// EXPECT-STDOUT: shared __FW[1];
// EXPECT-STDOUT: shared __FR[1];
// EXPECT-STDOUT: shared __FRV[3];
// EXPECT-STDOUT: shared __RS[3];
// EXPECT-STDOUT: shared __WS[3];
// EXPECT-STDOUT: mutex __X[1];
// EXPECT-STDOUT:
// EXPECT-STDOUT: // racelang instrumentation: FastTrack (PLDI'09, Figure 2; same-epoch tests unlocked, the rest under X[x])
// EXPECT-STDOUT: // @group(3) prologue: C[t][t] := 1 for every thread t
// EXPECT-STDOUT: store 1 __C[0];
// EXPECT-STDOUT: store 1 __C[4];
// EXPECT-STDOUT: store 1 __C[8];
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
// EXPECT-STDOUT:   // @group(3) store 42 x
// EXPECT-STDOUT:   if (__c == 0) {
// EXPECT-STDOUT:     __c := load __C[4];
// EXPECT-STDOUT:     __ce := __c * 3 + 1;
// EXPECT-STDOUT:   }
// EXPECT-STDOUT:   __e := load __FW[0];
// EXPECT-STDOUT:   if (__e != __ce) {
// EXPECT-STDOUT:     lock __X[0];
// EXPECT-STDOUT:     __e := load __FW[0];
// EXPECT-STDOUT:     __u := __e % 3;
// EXPECT-STDOUT:     __t2 := load __C[3 + __u];
// EXPECT-STDOUT:     assert(__e / 3 <= __t2) __race(write x, 6 * 65536 + 3, write __u, __WS[0 + __u]);
// EXPECT-STDOUT:     __e := load __FR[0];
// EXPECT-STDOUT:     if (__e < 0) {
// EXPECT-STDOUT:       __t1 := load __FRV[0];
// EXPECT-STDOUT:       __t2 := load __C[3];
// EXPECT-STDOUT:       assert(__t1 <= __t2) __race(write x, 6 * 65536 + 3, read 0, __RS[0]);
// EXPECT-STDOUT:       __t1 := load __FRV[1];
// EXPECT-STDOUT:       __t2 := load __C[4];
// EXPECT-STDOUT:       assert(__t1 <= __t2) __race(write x, 6 * 65536 + 3, read 1, __RS[1]);
// EXPECT-STDOUT:       __t1 := load __FRV[2];
// EXPECT-STDOUT:       __t2 := load __C[5];
// EXPECT-STDOUT:       assert(__t1 <= __t2) __race(write x, 6 * 65536 + 3, read 2, __RS[2]);
// EXPECT-STDOUT:       store 0 __FR[0];
// EXPECT-STDOUT:     } else {
// EXPECT-STDOUT:       __u := __e % 3;
// EXPECT-STDOUT:       __t2 := load __C[3 + __u];
// EXPECT-STDOUT:       assert(__e / 3 <= __t2) __race(write x, 6 * 65536 + 3, read __u, __RS[0 + __u]);
// EXPECT-STDOUT:     }
// EXPECT-STDOUT:     store __ce __FW[0];
// EXPECT-STDOUT:     store 6 * 65536 + 3 __WS[1];
// EXPECT-STDOUT:     store 42 x;
// EXPECT-STDOUT:     unlock __X[0];
// EXPECT-STDOUT:   } else {
// EXPECT-STDOUT:     store 42 x;
// EXPECT-STDOUT:   }
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
// EXPECT-STDOUT:   // @group(4) a := load x
// EXPECT-STDOUT:   if (__c == 0) {
// EXPECT-STDOUT:     __c := load __C[8];
// EXPECT-STDOUT:     __ce := __c * 3 + 2;
// EXPECT-STDOUT:   }
// EXPECT-STDOUT:   __e := load __FR[0];
// EXPECT-STDOUT:   if (__e < 0) {
// EXPECT-STDOUT:     __e := load __FRV[2];
// EXPECT-STDOUT:     __e := __e * 3 + 2;
// EXPECT-STDOUT:   }
// EXPECT-STDOUT:   if (__e != __ce) {
// EXPECT-STDOUT:     lock __X[0];
// EXPECT-STDOUT:     __e := load __FW[0];
// EXPECT-STDOUT:     __u := __e % 3;
// EXPECT-STDOUT:     __t2 := load __C[6 + __u];
// EXPECT-STDOUT:     assert(__e / 3 <= __t2) __race(read x, 9 * 65536 + 3, write __u, __WS[0 + __u]);
// EXPECT-STDOUT:     __e := load __FR[0];
// EXPECT-STDOUT:     if (__e < 0) {
// EXPECT-STDOUT:       store __c __FRV[2];
// EXPECT-STDOUT:     } else {
// EXPECT-STDOUT:       __u := __e % 3;
// EXPECT-STDOUT:       __t2 := load __C[6 + __u];
// EXPECT-STDOUT:       if (__e / 3 <= __t2) {
// EXPECT-STDOUT:         store __ce __FR[0];
// EXPECT-STDOUT:       } else {
// EXPECT-STDOUT:         store 0 __FRV[0];
// EXPECT-STDOUT:         store 0 __FRV[1];
// EXPECT-STDOUT:         store 0 __FRV[2];
// EXPECT-STDOUT:         store __e / 3 __FRV[0 + __u];
// EXPECT-STDOUT:         store __c __FRV[2];
// EXPECT-STDOUT:         store -1 __FR[0];
// EXPECT-STDOUT:       }
// EXPECT-STDOUT:     }
// EXPECT-STDOUT:     store 9 * 65536 + 3 __RS[2];
// EXPECT-STDOUT:     a := load x;
// EXPECT-STDOUT:     unlock __X[0];
// EXPECT-STDOUT:   } else {
// EXPECT-STDOUT:     a := load x;
// EXPECT-STDOUT:   }
// EXPECT-STDOUT:   print(a);
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
// THEN-EXPECT-STDERR: To replay: racelang run %t --seed=3
