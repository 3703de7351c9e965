// RUN: run --seed=1 %s
// Waiting with a lock another thread holds is the same error, naming the holder; the condition
// and the lock are array elements indexed at run time, named with the index in the message.
// The barrier makes it deterministic: thread 1 holds m[1] from before the first await until
// after the second, and main waits in between.
mutex m[2];
condition c[3];
barrier b(2);

spawn 1 {
  lock m[1];
  await b;
  await b;
  unlock m[1];
}
await b;
i := 2;
j := 1;
wait(c[i], m[j]);
