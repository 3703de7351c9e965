// RUN: run --seed=1 %s
// A barrier for three threads that only two threads reach: both wait for good, and the
// deadlock report says how many arrived.
barrier b(3);

spawn 1 {
  await b;
}
await b;
wait 1;
