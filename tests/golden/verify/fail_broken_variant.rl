// RUN: verify --variant=store-skips-reads --property=theorem5
// `racelang verify` on a deliberately broken variant: Theorem 5 fails, and the shrunk
// counterexample comes with a schedule that replays it and the command that reproduces it.

// EXPECT-EXIT: 1
// EXPECT-STDOUT: racelang verify: theorem5 (a check fails iff the original races; the same first races, from the same states) fails for pass vc, variant store-skips-reads.
// EXPECT-STDOUT: States before the first race differ.
// EXPECT-STDOUT: original (state => race): {
// EXPECT-STDOUT:   x=0 | t0:done t1.a=0 t1@2:3 t2.a=0 t2:done => thread 1 write x after read by thread 2
// EXPECT-STDOUT:   x=1 | t0:done t1.a=0 t1@3:3 t2.a=0 t2@6:3 => thread 2 read x after write by thread 1
// EXPECT-STDOUT:   x=1 | t0:done t1.a=1 t1:done t2.a=0 t2@6:3 => thread 2 read x after write by thread 1
// EXPECT-STDOUT: }
// EXPECT-STDOUT: instrumented, bigger-step (state => failing check): {
// EXPECT-STDOUT:   x=1 | t0:done t1.a=0 t1@3:3 t2.a=0 t2@6:3 => thread 2 read x after write by thread 1
// EXPECT-STDOUT:   x=1 | t0:done t1.a=1 t1:done t2.a=0 t2@6:3 => thread 2 read x after write by thread 1
// EXPECT-STDOUT: }
// EXPECT-STDOUT: schedule showing x=0 | t0:done t1.a=0 t1@2:3 t2.a=0 t2:done => thread 1 write x after read by thread 2 (original (state => race)): --schedule-string=0,0,2,1
// EXPECT-STDOUT:
// EXPECT-STDOUT: counterexample (shrunk 11 times), as racelang source:
// EXPECT-STDOUT: spawn 1 {
// EXPECT-STDOUT:   store a + 1 x;
// EXPECT-STDOUT:   a := load x;
// EXPECT-STDOUT: }
// EXPECT-STDOUT: spawn 2 {
// EXPECT-STDOUT:   a := load x;
// EXPECT-STDOUT: }
// EXPECT-STDOUT:
// EXPECT-STDOUT: A schedule above replays with 'racelang run FILE --schedule-string=...' on the
// EXPECT-STDOUT: original, or on 'racelang instrument --pass=vc --variant=store-skips-reads FILE' for the instrumented program.
// EXPECT-STDOUT: To reproduce: racelang verify --pass=vc --variant=store-skips-reads --property=theorem5 --seed=20261122 --cases=100
// EXPECT-STDERR: racelang verify: pass vc, variant store-skips-reads (deliberately broken); 100 programs per property, seed 20261122
// EXPECT-STDERR:   theorem5: fails
