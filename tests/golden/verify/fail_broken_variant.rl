// RUN: verify --pass=vc --variant=store-skips-reads --property=theorem5
// `racelang verify` on a deliberately broken variant: Theorem 5 fails, and the shrunk
// counterexample comes with a schedule that replays it and the command that reproduces it.

// EXPECT-EXIT: 1
// EXPECT-STDOUT: racelang verify: theorem5 (a check fails iff the original races; the same first races, from the same states) fails for pass vc, variant store-skips-reads, elide redundant,thread-local,ordered,disjoint.
// EXPECT-STDOUT: States before the first race differ.
// EXPECT-STDOUT: original (state => race): {
// EXPECT-STDOUT:   s[0]=0 s[1]=0 x=0 m=0 | t0:done t1.a=0 t1@5:3 t2.a=0 t2@11:3 => thread 2 write x after read by thread 1
// EXPECT-STDOUT:   s[0]=0 s[1]=0 x=0 m=2 | t0:done t1.a=0 t1@6:3 t2.a=0 t2@11:3 => thread 2 write x after read by thread 1
// EXPECT-STDOUT:   s[0]=0 s[1]=0 x=1 m=0 | t0:done t1.a=0 t1@4:3 t2.a=0 t2:done => thread 1 read x after write by thread 2
// EXPECT-STDOUT:   s[0]=1 s[1]=0 x=0 m=0 | t0:done t1.a=1 t1:done t2.a=0 t2@11:3 => thread 2 write x after read by thread 1
// EXPECT-STDOUT:   s[0]=1 s[1]=0 x=0 m=2 | t0:done t1.a=0 t1@7:3 t2.a=0 t2@11:3 => thread 2 write x after read by thread 1
// EXPECT-STDOUT: }
// EXPECT-STDOUT: instrumented, bigger-step (state => failing check): {
// EXPECT-STDOUT:   s[0]=0 s[1]=0 x=1 m=0 | t0:done t1.a=0 t1@4:3 t2.a=0 t2:done => thread 1 read x after write by thread 2
// EXPECT-STDOUT: }
// EXPECT-STDOUT: schedule showing s[0]=0 s[1]=0 x=0 m=0 | t0:done t1.a=0 t1@5:3 t2.a=0 t2@11:3 => thread 2 write x after read by thread 1 (original (state => race)): --schedule-string=0,1,1,0,2
// EXPECT-STDOUT:
// EXPECT-STDOUT: counterexample (shrunk 23 times), as racelang source:
// EXPECT-STDOUT: shared s[2];
// EXPECT-STDOUT:
// EXPECT-STDOUT: spawn 1 {
// EXPECT-STDOUT:   a := load x;
// EXPECT-STDOUT:   lock m;
// EXPECT-STDOUT:   store a + 1 s[0];
// EXPECT-STDOUT:   unlock m;
// EXPECT-STDOUT:   a := 1;
// EXPECT-STDOUT: }
// EXPECT-STDOUT: spawn 2 {
// EXPECT-STDOUT:   store a + 1 x;
// EXPECT-STDOUT: }
// EXPECT-STDOUT:
// EXPECT-STDOUT: A schedule above replays with 'racelang run FILE --schedule-string=...' on the
// EXPECT-STDOUT: original, or on 'racelang instrument --pass=vc --variant=store-skips-reads --elide=redundant,thread-local,ordered,disjoint FILE' for the instrumented program.
// EXPECT-STDOUT: To reproduce: racelang verify --pass=vc --variant=store-skips-reads --elide=redundant,thread-local,ordered,disjoint --property=theorem5 --seed=20261122 --cases=100
// EXPECT-STDERR: racelang verify: pass vc, variant store-skips-reads, elide redundant,thread-local,ordered,disjoint (deliberately broken); 100 programs per property, seed 20261122
// EXPECT-STDERR:   theorem5: fails
