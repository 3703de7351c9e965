// RUN: run --allow-reserved --detector=none --seed=4 %s
// An instrumented program whose header (naming the original) was removed: the checks' positions
// belong to a program that is not known, so the report shows them without source lines.
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
// EXPECT-STDERR: ==================
// EXPECT-STDERR: WARNING: data race on 'x' (found by an instrumentation check)
// EXPECT-STDERR:   Read of 'x' by thread 2 at 9:3 of the uninstrumented program:
// EXPECT-STDERR:   Previous write of 'x' by thread 1 at 6:3 of the uninstrumented program:
// EXPECT-STDERR:   Thread 1 was spawned by thread 0 at tests/golden/run/fail_instrumented_race_without_header.rl:35:1
// EXPECT-STDERR:   Thread 2 was spawned by thread 0 at tests/golden/run/fail_instrumented_race_without_header.rl:78:1
// EXPECT-STDERR: SUMMARY: racelang: data race on 'x' (9:3 of the uninstrumented program and 6:3 of the uninstrumented program)
// EXPECT-STDERR: ==================
// EXPECT-STDERR: To replay: racelang run tests/golden/run/fail_instrumented_race_without_header.rl --allow-reserved --detector=none --seed=4
