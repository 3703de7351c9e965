// RUN: instrument programs/sync/race_publish_too_early.rl
// THEN: explore %t
// The race of programs/sync/race_publish_too_early.rl (the flag is raised before the data is
// written) is caught by the instrumented program's own check on `data`, reported at the
// original's positions.

// EXPECT-EXIT: 0
// EXPECT-STDOUT: // racelang instrument: from programs/sync/race_publish_too_early.rl
// EXPECT-STDOUT: // racelang instrument: pass fasttrack, variant pldi09, elide redundant,thread-local
// EXPECT-STDOUT: // FastTrack instrumentation: every racelang command runs this file as it is, and reports its
// EXPECT-STDOUT: // positions in the original. With --bigger-step each @group runs as one atomic step.
// EXPECT-STDOUT: // RUN: explore %s
// EXPECT-STDOUT: // Message passing done wrong: the worker raises the volatile flag before it writes the data, so
// EXPECT-STDOUT: // the flag's edge (a volatile write happens before every later read of it) orders nothing that
// EXPECT-STDOUT: // matters, and main's read of `data` races with the worker's write whenever it sees the flag.
// EXPECT-STDOUT: // `racelang instrument` catches it too: the instrumented program fails its check on `data`.
// EXPECT-STDOUT: shared data;
// EXPECT-STDOUT: volatile ready;
// EXPECT-STDOUT: shared __C[4];
// EXPECT-STDOUT: shared __FW[1];
// EXPECT-STDOUT: shared __FR[1];
// EXPECT-STDOUT: shared __FRV[2];
// EXPECT-STDOUT: shared __RS[2];
// EXPECT-STDOUT: shared __WS[2];
// EXPECT-STDOUT: mutex __X[1];
// EXPECT-STDOUT: shared __V[2];
// EXPECT-STDOUT: mutex __VX[1];
// EXPECT-STDOUT:
// EXPECT-STDOUT: // racelang instrumentation: FastTrack (PLDI'09, Figure 2; same-epoch tests unlocked, the rest under X[x])
// EXPECT-STDOUT: // @group(2) prologue: C[t][t] := 1 for every thread t
// EXPECT-STDOUT: store 1 __C[0];
// EXPECT-STDOUT: store 1 __C[3];
// EXPECT-STDOUT: // @group(14) spawn 1
// EXPECT-STDOUT: __t1 := load __C[0];
// EXPECT-STDOUT: __t2 := load __C[2];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[2];
// EXPECT-STDOUT: __t1 := load __C[1];
// EXPECT-STDOUT: __t2 := load __C[3];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[3];
// EXPECT-STDOUT: __t1 := load __C[0];
// EXPECT-STDOUT: __t1 := __t1 + 1;
// EXPECT-STDOUT: store __t1 __C[0];
// EXPECT-STDOUT: __c := load __C[0];
// EXPECT-STDOUT: __ce := __c * 2 + 0;
// EXPECT-STDOUT: spawn 1 {
// EXPECT-STDOUT:   // @group(16) store 1 ready
// EXPECT-STDOUT:   lock __VX[0];
// EXPECT-STDOUT:   __t1 := load __C[2];
// EXPECT-STDOUT:   __t2 := load __V[0];
// EXPECT-STDOUT:   __t2 := max(__t1, __t2);
// EXPECT-STDOUT:   store __t2 __V[0];
// EXPECT-STDOUT:   __t1 := load __C[3];
// EXPECT-STDOUT:   __t2 := load __V[1];
// EXPECT-STDOUT:   __t2 := max(__t1, __t2);
// EXPECT-STDOUT:   store __t2 __V[1];
// EXPECT-STDOUT:   __t1 := load __C[3];
// EXPECT-STDOUT:   __t1 := __t1 + 1;
// EXPECT-STDOUT:   store __t1 __C[3];
// EXPECT-STDOUT:   store 1 ready;
// EXPECT-STDOUT:   unlock __VX[0];
// EXPECT-STDOUT:   __c := load __C[3];
// EXPECT-STDOUT:   __ce := __c * 2 + 1;
// EXPECT-STDOUT:   // @group(2) store 42 data
// EXPECT-STDOUT:   __e := load __FW[0];
// EXPECT-STDOUT:   if (__e != __ce) {
// EXPECT-STDOUT:     lock __X[0];
// EXPECT-STDOUT:     __e := load __FW[0];
// EXPECT-STDOUT:     __u := __e % 2;
// EXPECT-STDOUT:     __t2 := load __C[2 + __u];
// EXPECT-STDOUT:     assert(__e / 2 <= __t2) __race(write data, 11 * 65536 + 3, write __u, __WS[0 + __u]);
// EXPECT-STDOUT:     __e := load __FR[0];
// EXPECT-STDOUT:     if (__e < 0) {
// EXPECT-STDOUT:       __t1 := load __FRV[0];
// EXPECT-STDOUT:       __t2 := load __C[2];
// EXPECT-STDOUT:       assert(__t1 <= __t2) __race(write data, 11 * 65536 + 3, read 0, __RS[0]);
// EXPECT-STDOUT:       __t1 := load __FRV[1];
// EXPECT-STDOUT:       __t2 := load __C[3];
// EXPECT-STDOUT:       assert(__t1 <= __t2) __race(write data, 11 * 65536 + 3, read 1, __RS[1]);
// EXPECT-STDOUT:       store 0 __FR[0];
// EXPECT-STDOUT:     } else {
// EXPECT-STDOUT:       __u := __e % 2;
// EXPECT-STDOUT:       __t2 := load __C[2 + __u];
// EXPECT-STDOUT:       assert(__e / 2 <= __t2) __race(write data, 11 * 65536 + 3, read __u, __RS[0 + __u]);
// EXPECT-STDOUT:     }
// EXPECT-STDOUT:     store __ce __FW[0];
// EXPECT-STDOUT:     store 11 * 65536 + 3 __WS[1];
// EXPECT-STDOUT:     store 42 data;
// EXPECT-STDOUT:     unlock __X[0];
// EXPECT-STDOUT:   } else {
// EXPECT-STDOUT:     store 42 data;
// EXPECT-STDOUT:   }
// EXPECT-STDOUT: }
// EXPECT-STDOUT: // @group(13) r := load ready
// EXPECT-STDOUT: lock __VX[0];
// EXPECT-STDOUT: r := load ready;
// EXPECT-STDOUT: __t1 := load __V[0];
// EXPECT-STDOUT: __t2 := load __C[0];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[0];
// EXPECT-STDOUT: __t1 := load __V[1];
// EXPECT-STDOUT: __t2 := load __C[1];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[1];
// EXPECT-STDOUT: unlock __VX[0];
// EXPECT-STDOUT: __c := load __C[0];
// EXPECT-STDOUT: __ce := __c * 2 + 0;
// EXPECT-STDOUT: if (r == 1) {
// EXPECT-STDOUT:   // @group(3) v := load data
// EXPECT-STDOUT:   __e := load __FR[0];
// EXPECT-STDOUT:   if (__e < 0) {
// EXPECT-STDOUT:     __e := load __FRV[0];
// EXPECT-STDOUT:     __e := __e * 2 + 0;
// EXPECT-STDOUT:   }
// EXPECT-STDOUT:   if (__e != __ce) {
// EXPECT-STDOUT:     lock __X[0];
// EXPECT-STDOUT:     __e := load __FW[0];
// EXPECT-STDOUT:     __u := __e % 2;
// EXPECT-STDOUT:     __t2 := load __C[__u];
// EXPECT-STDOUT:     assert(__e / 2 <= __t2) __race(read data, 15 * 65536 + 3, write __u, __WS[0 + __u]);
// EXPECT-STDOUT:     __e := load __FR[0];
// EXPECT-STDOUT:     if (__e < 0) {
// EXPECT-STDOUT:       store __c __FRV[0];
// EXPECT-STDOUT:     } else {
// EXPECT-STDOUT:       __u := __e % 2;
// EXPECT-STDOUT:       __t2 := load __C[__u];
// EXPECT-STDOUT:       if (__e / 2 <= __t2) {
// EXPECT-STDOUT:         store __ce __FR[0];
// EXPECT-STDOUT:       } else {
// EXPECT-STDOUT:         store 0 __FRV[0];
// EXPECT-STDOUT:         store 0 __FRV[1];
// EXPECT-STDOUT:         store __e / 2 __FRV[0 + __u];
// EXPECT-STDOUT:         store __c __FRV[0];
// EXPECT-STDOUT:         store -1 __FR[0];
// EXPECT-STDOUT:       }
// EXPECT-STDOUT:     }
// EXPECT-STDOUT:     store 15 * 65536 + 3 __RS[0];
// EXPECT-STDOUT:     v := load data;
// EXPECT-STDOUT:     unlock __X[0];
// EXPECT-STDOUT:   } else {
// EXPECT-STDOUT:     v := load data;
// EXPECT-STDOUT:   }
// EXPECT-STDOUT:   print(v);
// EXPECT-STDOUT: }
// EXPECT-STDOUT: // @group(11) wait 1
// EXPECT-STDOUT: wait 1;
// EXPECT-STDOUT: __t1 := load __C[2];
// EXPECT-STDOUT: __t2 := load __C[0];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[0];
// EXPECT-STDOUT: __t1 := load __C[3];
// EXPECT-STDOUT: __t2 := load __C[1];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[1];
// EXPECT-STDOUT: __c := load __C[0];
// EXPECT-STDOUT: __ce := __c * 2 + 0;
// EXPECT-STDOUT: // EXPECT-EXIT: 66
// EXPECT-STDOUT: // EXPECT-STDOUT: explored programs/sync/race_publish_too_early.rl
// EXPECT-STDOUT: // EXPECT-STDOUT: executions: 3 (finished 3, failed 0, deadlocked 0, step limit 0), racy 2
// EXPECT-STDOUT: // EXPECT-STDOUT: traces: 3 (optimal DPOR: one execution per Mazurkiewicz trace)
// EXPECT-STDOUT: // EXPECT-STDOUT: final states: 1
// EXPECT-STDOUT: // EXPECT-STDOUT:   data = 42
// EXPECT-STDOUT: // EXPECT-STDOUT: data races: 1
// EXPECT-STDOUT: // EXPECT-STDOUT:   race on 'data': write by thread 1 at programs/sync/race_publish_too_early.rl:11:3, read by thread 0 at programs/sync/race_publish_too_early.rl:15:3
// EXPECT-STDOUT: // EXPECT-STDOUT:     replay: racelang run programs/sync/race_publish_too_early.rl --schedule-string=0,1,0,0,0,1
// EXPECT-STDOUT: // EXPECT-STDOUT: assertion failures: 0
// EXPECT-STDOUT: // EXPECT-STDOUT: runtime errors: 0
// EXPECT-STDOUT: // EXPECT-STDOUT: deadlocks: 0
// THEN-EXPECT-EXIT: 66
// THEN-EXPECT-STDOUT: explored %t
// THEN-EXPECT-STDOUT: executions: 4 (finished 1, failed 3, deadlocked 0, step limit 0), racy 3
// THEN-EXPECT-STDOUT: traces: 4 (optimal DPOR: one execution per Mazurkiewicz trace)
// THEN-EXPECT-STDOUT: final states: 1
// THEN-EXPECT-STDOUT:   data = 42, __C = [2, 2, 1, 2], __FW = [5], __FR = [0], __FRV = [0, 0], __RS = [0, 0], __WS = [0, 720899], __V = [1, 1]
// THEN-EXPECT-STDOUT: data races: 1
// THEN-EXPECT-STDOUT:   race on 'data': write by thread 1 at programs/sync/race_publish_too_early.rl:11:3, read by thread 0 at programs/sync/race_publish_too_early.rl:15:3
// THEN-EXPECT-STDOUT:     replay: racelang run %t --schedule-string=0,0,0,0,0,0,0,0,0,0,0,0,1,1,1,1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,1,1,1,1,1,1
// THEN-EXPECT-STDOUT: assertion failures: 0
// THEN-EXPECT-STDOUT: runtime errors: 0
// THEN-EXPECT-STDOUT: deadlocks: 0
