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
