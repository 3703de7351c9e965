// RUN: run --backend=jit %s
// The refusal names the first synchronisation statement in source order, inside any thread.
mutex m;
condition ready;
barrier phase(2);

spawn 1 {
  if (1 == 1) {
    assume(1 == 1);
  }
  await phase;
}
lock m;
wait(ready, m);

// EXPECT-EXIT: 2
// EXPECT-STDERR: tests/golden/sync/fail_jit_refuses_nested.rl:9:5: error: 'assume' statements are not supported by the instrumentation passes yet; the JIT runs them without a detector (--detector=none)
// EXPECT-STDERR:     assume(1 == 1);
// EXPECT-STDERR:     ^~~~~~~~~~~~~~~
