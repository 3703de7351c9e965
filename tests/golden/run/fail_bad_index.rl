// RUN: run --seed=1 %s
// An array index out of range is a runtime error naming the index, the array, and the locals
// the index was computed from.
shared buf[4];

i := 0;
while (i <= 4) {
  store i buf[i];
  i := i + 1;
}

// RUN-JIT: run --backend=jit --detector=none %s

// EXPECT-EXIT: 1
// EXPECT-STDERR: tests/golden/run/fail_bad_index.rl:8:15: error: thread 0: index 4 is out of range for 'buf' of size 4 (buf[i] with i = 4)
// EXPECT-STDERR:   store i buf[i];
// EXPECT-STDERR:               ^
// EXPECT-STDERR: To replay: racelang run tests/golden/run/fail_bad_index.rl --seed=1
// JIT-EXPECT-EXIT: 1
// JIT-EXPECT-STDERR: tests/golden/run/fail_bad_index.rl:8:15: error: thread 0: index 4 is out of range for 'buf' of size 4 (buf[i] with i = 4)
// JIT-EXPECT-STDERR:   store i buf[i];
// JIT-EXPECT-STDERR:               ^
// JIT-EXPECT-STDERR: Real threads cannot be replayed; the interpreter ends the same way with seed 1.
// JIT-EXPECT-STDERR: To replay: racelang run tests/golden/run/fail_bad_index.rl --backend=interp --detector=none --seed=1
