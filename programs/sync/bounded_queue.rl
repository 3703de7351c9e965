// RUN: explore %s
// A bounded queue of two slots with one lock and two condition variables: the producer waits
// on not_full while the queue is full, the consumer on not_empty while it is empty, and each
// notifies the other. `wait(c, m)` releases m while it sleeps and re-acquires it before it
// returns, which is what orders the slots' accesses; a notify itself orders nothing. Every
// schedule delivers the three items in order (sum 1 + 2 + 3, checked by the assertion) with
// no race and no lost wake-up.
shared slot[2];
shared head;
shared size;
mutex m;
condition not_full;
condition not_empty;

spawn 1 { // the producer
  i := 1;
  while (i <= 3) {
    lock m;
    n := load size;
    while (n == 2) {
      wait(not_full, m);
      n := load size;
    }
    h := load head;
    store i slot[(h + n) % 2];
    store n + 1 size;
    notify(not_empty);
    unlock m;
    i := i + 1;
  }
}
sum := 0; // the consumer
got := 0;
while (got < 3) {
  lock m;
  n := load size;
  while (n == 0) {
    wait(not_empty, m);
    n := load size;
  }
  h := load head;
  v := load slot[h];
  assert(v == got + 1); // in order
  store (h + 1) % 2 head;
  store n - 1 size;
  notify(not_full);
  unlock m;
  sum := sum + v;
  got := got + 1;
}
wait 1;
assert(sum == 6);
print(sum);

// RUN-JIT: %s

// EXPECT-EXIT: 0
// EXPECT-STDOUT: explored programs/sync/bounded_queue.rl
// EXPECT-STDOUT: executions: 24 (finished 24, failed 0, deadlocked 0, step limit 0), racy 0
// EXPECT-STDOUT: traces: 24 (DPOR: one finished execution per Mazurkiewicz trace)
// EXPECT-STDOUT: final states: 1
// EXPECT-STDOUT:   slot = [3, 2], head = 1, size = 0
// EXPECT-STDOUT: data races: 0
// EXPECT-STDOUT: assertion failures: 0
// EXPECT-STDOUT: runtime errors: 0
// EXPECT-STDOUT: deadlocks: 0
// JIT-EXPECT-EXIT: 0
// JIT-EXPECT-STDOUT: 6
