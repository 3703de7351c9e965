// RUN: explore --allow-reserved --detector=none --bigger-step %s
// Exploring the instrumented form of tests/golden/inputs/instrumented_original.txt in the bigger-step semantics: one
// race, named at the original's positions, with witnesses that replay with --bigger-step.
// racelang instrument: from tests/golden/inputs/instrumented_original.txt
// VectorClock instrumentation, variant paper. Check or run with --allow-reserved;
// with --bigger-step each @group runs as one atomic step.
// The original of the instrumented programs under tests/golden/run/ (fail_instrumented_*):
// thread 1 writes x while thread 2 reads it, with nothing ordering the two.
shared x;
shared __C[9];
shared __R[3];
shared __W[3];
shared __RS[3];
shared __WS[3];
mutex __X[1];

// racelang instrumentation: VectorClock (CPP'17, Figure 9 with per-location locks)
// @group(3) prologue: C[t][t] := 1 for every thread t
store 1 __C[0];
store 1 __C[4];
store 1 __C[8];
// @group(16) spawn 1
__t1 := load __C[0];
__t2 := load __C[3];
__t2 := max(__t1, __t2);
store __t2 __C[3];
__t1 := load __C[1];
__t2 := load __C[4];
__t2 := max(__t1, __t2);
store __t2 __C[4];
__t1 := load __C[2];
__t2 := load __C[5];
__t2 := max(__t1, __t2);
store __t2 __C[5];
__t1 := load __C[0];
__t1 := __t1 + 1;
store __t1 __C[0];
spawn 1 {
  // @group(24) store 42 x
  lock __X[0];
  __t1 := load __W[0];
  __t2 := load __C[3];
  assert(__t1 <= __t2) __race(write x, 6 * 65536 + 3, write 0, __WS[0]);
  __t1 := load __W[1];
  __t2 := load __C[4];
  assert(__t1 <= __t2) __race(write x, 6 * 65536 + 3, write 1, __WS[1]);
  __t1 := load __W[2];
  __t2 := load __C[5];
  assert(__t1 <= __t2) __race(write x, 6 * 65536 + 3, write 2, __WS[2]);
  __t1 := load __R[0];
  __t2 := load __C[3];
  assert(__t1 <= __t2) __race(write x, 6 * 65536 + 3, read 0, __RS[0]);
  __t1 := load __R[1];
  __t2 := load __C[4];
  assert(__t1 <= __t2) __race(write x, 6 * 65536 + 3, read 1, __RS[1]);
  __t1 := load __R[2];
  __t2 := load __C[5];
  assert(__t1 <= __t2) __race(write x, 6 * 65536 + 3, read 2, __RS[2]);
  __t1 := load __C[4];
  store __t1 __W[1];
  store 6 * 65536 + 3 __WS[1];
  store 42 x;
  unlock __X[0];
}
// @group(16) spawn 2
__t1 := load __C[0];
__t2 := load __C[6];
__t2 := max(__t1, __t2);
store __t2 __C[6];
__t1 := load __C[1];
__t2 := load __C[7];
__t2 := max(__t1, __t2);
store __t2 __C[7];
__t1 := load __C[2];
__t2 := load __C[8];
__t2 := max(__t1, __t2);
store __t2 __C[8];
__t1 := load __C[0];
__t1 := __t1 + 1;
store __t1 __C[0];
spawn 2 {
  // @group(15) a := load x
  lock __X[0];
  __t1 := load __W[0];
  __t2 := load __C[6];
  assert(__t1 <= __t2) __race(read x, 9 * 65536 + 3, write 0, __WS[0]);
  __t1 := load __W[1];
  __t2 := load __C[7];
  assert(__t1 <= __t2) __race(read x, 9 * 65536 + 3, write 1, __WS[1]);
  __t1 := load __W[2];
  __t2 := load __C[8];
  assert(__t1 <= __t2) __race(read x, 9 * 65536 + 3, write 2, __WS[2]);
  __t1 := load __C[8];
  store __t1 __R[2];
  store 9 * 65536 + 3 __RS[2];
  a := load x;
  unlock __X[0];
  print(a);
}
// @group(13) wait 1
wait 1;
__t1 := load __C[3];
__t2 := load __C[0];
__t2 := max(__t1, __t2);
store __t2 __C[0];
__t1 := load __C[4];
__t2 := load __C[1];
__t2 := max(__t1, __t2);
store __t2 __C[1];
__t1 := load __C[5];
__t2 := load __C[2];
__t2 := max(__t1, __t2);
store __t2 __C[2];
// @group(13) wait 2
wait 2;
__t1 := load __C[6];
__t2 := load __C[0];
__t2 := max(__t1, __t2);
store __t2 __C[0];
__t1 := load __C[7];
__t2 := load __C[1];
__t2 := max(__t1, __t2);
store __t2 __C[1];
__t1 := load __C[8];
__t2 := load __C[2];
__t2 := max(__t1, __t2);
store __t2 __C[2];

// EXPECT-EXIT: 66
// EXPECT-STDOUT: explored tests/golden/run/fail_explore_instrumented_bigger_step.rl
// EXPECT-STDOUT: executions: 4 (finished 0, failed 4, deadlocked 0, step limit 0), racy 4
// EXPECT-STDOUT: traces: 4 (DPOR: one finished execution per Mazurkiewicz trace)
// EXPECT-STDOUT: final states: 0
// EXPECT-STDOUT: data races: 1
// EXPECT-STDOUT:   race on 'x': read by thread 2 at tests/golden/inputs/instrumented_original.txt:9:3, write by thread 1 at tests/golden/inputs/instrumented_original.txt:6:3
// EXPECT-STDOUT:     replay: racelang run tests/golden/run/fail_explore_instrumented_bigger_step.rl --allow-reserved --bigger-step --schedule-string=0,0,0,1,0,2
// EXPECT-STDOUT: assertion failures: 0
// EXPECT-STDOUT: runtime errors: 0
// EXPECT-STDOUT: deadlocks: 0
