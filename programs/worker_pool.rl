// RUN: run --seed=1 %s
// A worker pool written with one procedure: three threads run `worker`, each taking item
// numbers from a shared counter under a lock until the items run out, adding up the squares of
// the items it took in a slot of its own. Whichever worker took which item, main's total is
// 0 + 1 + 4 + ... + 81 = 285. The procedure is expanded once per spawn, so the JIT and the
// instrumentation see three threads' code, exactly as if written out by hand.
shared next;
shared sums[3];
mutex m;

proc worker(slot, items) {
  lock m;
  i := load next;
  store i + 1 next;
  unlock m;
  while (i < items) {
    total := total + i * i;
    lock m;
    i := load next;
    store i + 1 next;
    unlock m;
  }
  store total sums[slot];
}

spawn 1 worker(0, 10);
spawn 2 worker(1, 10);
spawn 3 worker(2, 10);
wait 1;
wait 2;
wait 3;
a := load sums[0];
b := load sums[1];
c := load sums[2];
assert(a + b + c == 285);
print(a + b + c);

// RUN-JIT: %s

// EXPECT-EXIT: 0
// EXPECT-STDOUT: 285
// JIT-EXPECT-EXIT: 0
// JIT-EXPECT-STDOUT: 285
