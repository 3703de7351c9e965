// RUN: run --keep-going --seed=1 %s
// RUN-JIT: %s --keep-going
// JIT-COMPARE: exit stdout (which access of each racing pair comes second varies)
// --keep-going on the JIT (and the interpreter): each failed instrumentation check is reported once per location
// and pair of sites, and the run continues to its end (it prints 42), exiting 66. The
// instrumentation's per-location locks order the accesses, so once main has seen the flag
// it also sees the data.
shared data;
shared flag;

spawn 1 {
  store 42 data;
  store 1 flag;
}
f := 0;
while (f == 0) {
  f := load flag;
}
d := load data;
print(d);
wait 1;

// EXPECT-EXIT: 66
// EXPECT-STDOUT: 42
// EXPECT-STDERR: ==================
// EXPECT-STDERR: WARNING: data race on 'flag'
// EXPECT-STDERR:   Read of 'flag' by thread 0 at tests/golden/jit/fail_keep_going.rl:17:3:
// EXPECT-STDERR:       f := load flag;
// EXPECT-STDERR:       ^~~~~~~~~~~~~~~
// EXPECT-STDERR:   Previous write of 'flag' by thread 1 at tests/golden/jit/fail_keep_going.rl:13:3:
// EXPECT-STDERR:       store 1 flag;
// EXPECT-STDERR:       ^~~~~~~~~~~~~
// EXPECT-STDERR:   Thread 0 is the main thread
// EXPECT-STDERR:   Thread 1 was spawned by thread 0 at tests/golden/jit/fail_keep_going.rl:11:1
// EXPECT-STDERR: SUMMARY: racelang: data race on 'flag' (tests/golden/jit/fail_keep_going.rl:17:3 and tests/golden/jit/fail_keep_going.rl:13:3)
// EXPECT-STDERR: ==================
// EXPECT-STDERR: ==================
// EXPECT-STDERR: WARNING: data race on 'data'
// EXPECT-STDERR:   Read of 'data' by thread 0 at tests/golden/jit/fail_keep_going.rl:19:1:
// EXPECT-STDERR:     d := load data;
// EXPECT-STDERR:     ^~~~~~~~~~~~~~~
// EXPECT-STDERR:   Previous write of 'data' by thread 1 at tests/golden/jit/fail_keep_going.rl:12:3:
// EXPECT-STDERR:       store 42 data;
// EXPECT-STDERR:       ^~~~~~~~~~~~~~
// EXPECT-STDERR:   Thread 0 is the main thread
// EXPECT-STDERR:   Thread 1 was spawned by thread 0 at tests/golden/jit/fail_keep_going.rl:11:1
// EXPECT-STDERR: SUMMARY: racelang: data race on 'data' (tests/golden/jit/fail_keep_going.rl:19:1 and tests/golden/jit/fail_keep_going.rl:12:3)
// EXPECT-STDERR: ==================
// EXPECT-STDERR: To replay: racelang run tests/golden/jit/fail_keep_going.rl --keep-going --seed=1
// JIT-EXPECT-EXIT: 66
// JIT-EXPECT-STDOUT: 42
