// RUN: instrument --pass=fasttrack tests/golden/inputs/elide_example.txt
// THEN: run --seed=1 %t
// The default check eliminations on fasttrack_elide.rl's program: `data` is written only before
// the first spawn (ordered), `out` only under m or after main has waited for both threads
// (ordered), `total1` only by thread 1 (thread-local). No access needs a check, so the program
// cannot race and the pass leaves it as it is: clocks no check reads would be dead code.

// EXPECT-EXIT: 0
// EXPECT-STDOUT: // racelang instrument: from tests/golden/inputs/elide_example.txt
// EXPECT-STDOUT: // racelang instrument: pass fasttrack, variant pldi09, elide redundant,thread-local,ordered,disjoint
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
// EXPECT-STDOUT:
// EXPECT-STDOUT: // racelang instrumentation: FastTrack (PLDI'09, Figure 2; same-epoch tests unlocked, the rest under X[x])
// EXPECT-STDOUT: // none needed: no access of this program can race (each is thread-local, ordered or disjoint)
// EXPECT-STDOUT: store 3 data[0];
// EXPECT-STDOUT: store 4 data[1];
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
// EXPECT-STDOUT:   lock m;
// EXPECT-STDOUT:   store t out[0];
// EXPECT-STDOUT:   unlock m;
// EXPECT-STDOUT: }
// EXPECT-STDOUT: spawn 2 {
// EXPECT-STDOUT:   v := load data[0];
// EXPECT-STDOUT:   lock m;
// EXPECT-STDOUT:   store v out[1];
// EXPECT-STDOUT:   unlock m;
// EXPECT-STDOUT: }
// EXPECT-STDOUT: wait 1;
// EXPECT-STDOUT: wait 2;
// EXPECT-STDOUT: a := load out[0];
// EXPECT-STDOUT: b := load out[1];
// EXPECT-STDOUT: print(a, b);
// THEN-EXPECT-EXIT: 0
// THEN-EXPECT-STDOUT: 14 3
