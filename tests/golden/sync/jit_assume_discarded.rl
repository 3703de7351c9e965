// RUN: run --backend=jit --detector=none %s
// The JIT ends a run whose only unfinished thread stopped at a false assumption as the
// interpreter does: discarded, with the note at the assumption, exit 0.
shared x;

spawn 1 {
  v := 3;
  assume(v == 4);
  store v x;
}
store 1 x;

// EXPECT-EXIT: 0
// EXPECT-STDERR: tests/golden/sync/jit_assume_discarded.rl:8:3: note: execution discarded: thread 1's assumption is false, so this run is not a behaviour of the program
// EXPECT-STDERR:   assume(v == 4);
// EXPECT-STDERR:   ^~~~~~~~~~~~~~~
