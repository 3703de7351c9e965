// RUN: verify --pass=fasttrack --elide=redundant-across-release --property=theorem5
// Leaving out a check because of an earlier one across an unlock is unsound (another thread
// can acquire the lock in between): Theorem 5 finds a program where the original races and no
// check fails, shrunk to a few statements.

// EXPECT-EXIT: 1
// EXPECT-STDOUT: racelang verify: theorem5 (a check fails iff the original races; the same first races, from the same states) fails for pass fasttrack, variant pldi09, elide redundant-across-release.
// EXPECT-STDOUT: States before the first race differ.
// EXPECT-STDOUT: original (state => race): {
// EXPECT-STDOUT:   s[0]=1 s[1]=0 m=0 x=0 | t0:done t1.a=0 t1:done t2:done t3.a=0 t3@16:3 => thread 3 write s[0] after write by thread 1
// EXPECT-STDOUT:   s[0]=1 s[1]=0 m=0 x=0 | t0:done t1.a=0 t1:done t2:done t3.a=1 t3@20:3 => thread 3 write x after read by thread 1
// EXPECT-STDOUT:   s[0]=1 s[1]=0 m=0 x=0 | t0:done t1.a=0 t1@11:3 t2:done t3.a=0 t3@16:3 => thread 3 write s[0] after write by thread 1
// EXPECT-STDOUT:   s[0]=1 s[1]=0 m=0 x=0 | t0:done t1.a=0 t1@11:3 t2:done t3.a=1 t3@20:3 => thread 3 write x after read by thread 1
// EXPECT-STDOUT:   s[0]=1 s[1]=0 m=0 x=0 | t0:done t1.a=0 t1@7:3 t2:done t3.a=1 t3@20:3 => thread 3 write x after read by thread 1
// EXPECT-STDOUT:   s[0]=1 s[1]=0 m=0 x=0 | t0:done t1.a=0 t1@8:3 t2:done t3.a=1 t3@20:3 => thread 3 write x after read by thread 1
// EXPECT-STDOUT:   s[0]=1 s[1]=0 m=0 x=2 | t0:done t1.a=0 t1@7:3 t2:done t3.a=1 t3:done => thread 1 read x after write by thread 3
// EXPECT-STDOUT:   s[0]=1 s[1]=0 m=2 x=0 | t0:done t1.a=0 t1@10:3 t2:done t3.a=0 t3@16:3 => thread 3 write s[0] after write by thread 1
// EXPECT-STDOUT:   s[0]=1 s[1]=0 m=2 x=0 | t0:done t1.a=0 t1@10:3 t2:done t3.a=1 t3@20:3 => thread 3 write x after read by thread 1
// EXPECT-STDOUT:   s[0]=1 s[1]=0 m=2 x=0 | t0:done t1.a=0 t1@6:3 t2:done t3.a=1 t3@20:3 => thread 3 write x after read by thread 1
// EXPECT-STDOUT:   s[0]=1 s[1]=0 m=2 x=0 | t0:done t1.a=0 t1@9:3 t2:done t3.a=0 t3@17:3 => thread 1 write s[0] after write by thread 3
// EXPECT-STDOUT:   s[0]=1 s[1]=0 m=2 x=0 | t0:done t1.a=0 t1@9:3 t2:done t3.a=1 t3@20:3 => thread 3 write x after read by thread 1
// EXPECT-STDOUT:   s[0]=1 s[1]=0 m=2 x=2 | t0:done t1.a=0 t1@5:3 t2:done t3.a=1 t3:done => thread 1 read x after write by thread 3
// EXPECT-STDOUT: }
// EXPECT-STDOUT: instrumented, bigger-step (state => failing check): {
// EXPECT-STDOUT:   s[0]=1 s[1]=0 m=0 x=0 | t0:done t1.a=0 t1:done t2:done t3.a=0 t3@16:3 => thread 3 write s[0] after write by thread 1
// EXPECT-STDOUT:   s[0]=1 s[1]=0 m=0 x=0 | t0:done t1.a=0 t1:done t2:done t3.a=1 t3@20:3 => thread 3 write x after read by thread 1
// EXPECT-STDOUT:   s[0]=1 s[1]=0 m=0 x=0 | t0:done t1.a=0 t1@11:3 t2:done t3.a=0 t3@16:3 => thread 3 write s[0] after write by thread 1
// EXPECT-STDOUT:   s[0]=1 s[1]=0 m=0 x=0 | t0:done t1.a=0 t1@11:3 t2:done t3.a=1 t3@20:3 => thread 3 write x after read by thread 1
// EXPECT-STDOUT:   s[0]=1 s[1]=0 m=0 x=0 | t0:done t1.a=0 t1@7:3 t2:done t3.a=1 t3@20:3 => thread 3 write x after read by thread 1
// EXPECT-STDOUT:   s[0]=1 s[1]=0 m=0 x=0 | t0:done t1.a=0 t1@8:3 t2:done t3.a=1 t3@20:3 => thread 3 write x after read by thread 1
// EXPECT-STDOUT:   s[0]=1 s[1]=0 m=2 x=0 | t0:done t1.a=0 t1@10:3 t2:done t3.a=0 t3@16:3 => thread 3 write s[0] after write by thread 1
// EXPECT-STDOUT:   s[0]=1 s[1]=0 m=2 x=0 | t0:done t1.a=0 t1@10:3 t2:done t3.a=1 t3@20:3 => thread 3 write x after read by thread 1
// EXPECT-STDOUT:   s[0]=1 s[1]=0 m=2 x=0 | t0:done t1.a=0 t1@6:3 t2:done t3.a=1 t3@20:3 => thread 3 write x after read by thread 1
// EXPECT-STDOUT:   s[0]=1 s[1]=0 m=2 x=0 | t0:done t1.a=0 t1@9:3 t2:done t3.a=0 t3@17:3 => thread 1 write s[0] after write by thread 3
// EXPECT-STDOUT:   s[0]=1 s[1]=0 m=2 x=0 | t0:done t1.a=0 t1@9:3 t2:done t3.a=1 t3@20:3 => thread 3 write x after read by thread 1
// EXPECT-STDOUT:   s[0]=1 s[1]=0 m=2 x=2 | t0:done t1.a=0 t1@5:3 t2:done t3.a=1 t3:done => thread 1 read x after write by thread 3
// EXPECT-STDOUT: }
// EXPECT-STDOUT: schedule showing s[0]=1 s[1]=0 m=0 x=2 | t0:done t1.a=0 t1@7:3 t2:done t3.a=1 t3:done => thread 1 read x after write by thread 3 (original (state => race)): --schedule-string=0,0,0,3,3,3,3,3,1,1
// EXPECT-STDOUT:
// EXPECT-STDOUT: counterexample (shrunk 26 times), as racelang source:
// EXPECT-STDOUT: shared s[2];
// EXPECT-STDOUT:
// EXPECT-STDOUT: spawn 1 {
// EXPECT-STDOUT:   lock m;
// EXPECT-STDOUT:   a := load x;
// EXPECT-STDOUT:   unlock m;
// EXPECT-STDOUT:   a := load x;
// EXPECT-STDOUT:   lock m;
// EXPECT-STDOUT:   store a + 1 s[0];
// EXPECT-STDOUT:   unlock m;
// EXPECT-STDOUT:   store a + 1 s[0];
// EXPECT-STDOUT: }
// EXPECT-STDOUT: spawn 2 {
// EXPECT-STDOUT: }
// EXPECT-STDOUT: spawn 3 {
// EXPECT-STDOUT:   store a + 1 s[0];
// EXPECT-STDOUT:   lock m;
// EXPECT-STDOUT:   a := load s[0];
// EXPECT-STDOUT:   unlock m;
// EXPECT-STDOUT:   store a + 1 x;
// EXPECT-STDOUT: }
// EXPECT-STDOUT:
// EXPECT-STDOUT: A schedule above replays with 'racelang run FILE --schedule-string=...' on the
// EXPECT-STDOUT: original, or on 'racelang instrument --pass=fasttrack --variant=pldi09 --elide=redundant-across-release FILE' for the instrumented program.
// EXPECT-STDOUT: To reproduce: racelang verify --pass=fasttrack --variant=pldi09 --elide=redundant-across-release --property=theorem5 --seed=20261122 --cases=100
// EXPECT-STDERR: racelang verify: pass fasttrack, variant pldi09, elide redundant-across-release (deliberately broken); 100 programs per property, seed 20261122
// EXPECT-STDERR:   theorem5: fails
