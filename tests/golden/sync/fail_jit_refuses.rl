// RUN: run --backend=jit %s
// The JIT with a detector (FastTrack by default) instruments the program first, and the passes
// do not handle the synchronisation yet: one diagnostic, at its first use.
volatile flag;
shared x;

spawn 1 {
  store 1 x;
  store 1 flag;
}
r := load flag;
wait 1;

// EXPECT-EXIT: 2
// EXPECT-STDERR: tests/golden/sync/fail_jit_refuses.rl:9:3: error: volatile variables are not supported by the instrumentation passes yet; the JIT runs them without a detector (--detector=none)
// EXPECT-STDERR:   store 1 flag;
// EXPECT-STDERR:   ^~~~~~~~~~~~~
