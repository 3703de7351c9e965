// RUN: instrument --pass=fasttrack tests/golden/inputs/elide_example.txt
// THEN: run --seed=1 %t
// The default check eliminations on fasttrack_elide.rl's program: `data` is written only before
// the first spawn (ordered), `out` only under m or after main has waited for both threads
// (ordered), `total1` only by thread 1 (thread-local). No access needs a check or metadata; what
// is left is the clock operations of spawn, lock, unlock and wait.

// EXPECT-EXIT: 0
// EXPECT-STDOUT: // racelang instrument: from tests/golden/inputs/elide_example.txt
// EXPECT-STDOUT: // racelang instrument: pass fasttrack, variant pldi09, elide redundant,thread-local,ordered
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
// EXPECT-STDOUT:
// EXPECT-STDOUT: // racelang instrumentation: FastTrack (PLDI'09, Figure 2; same-epoch tests unlocked, the rest under X[x])
// EXPECT-STDOUT: // @group(3) prologue: C[t][t] := 1 for every thread t
// EXPECT-STDOUT: store 1 __C[0];
// EXPECT-STDOUT: store 1 __C[4];
// EXPECT-STDOUT: store 1 __C[8];
// EXPECT-STDOUT: store 3 data[0];
// EXPECT-STDOUT: store 4 data[1];
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
// EXPECT-STDOUT:     v := load data[i];
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
// EXPECT-STDOUT:   store t out[0];
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
// EXPECT-STDOUT:   v := load data[0];
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
// EXPECT-STDOUT:   store v out[1];
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
// EXPECT-STDOUT: a := load out[0];
// EXPECT-STDOUT: b := load out[1];
// EXPECT-STDOUT: print(a, b);
// THEN-EXPECT-EXIT: 0
// THEN-EXPECT-STDOUT: 14 3
