// RUN: explore --strategy=states %s
// Dekker's mutual exclusion for two threads, on volatile variables: a thread that wants to
// enter raises its flag; while the other's flag is up, the thread whose turn it is not lowers
// its own flag and waits for its turn. Race-free: every schedule keeps the critical sections
// apart (the assertion) and ordered by the volatile flags, so the plain counter needs no lock.
volatile wants[2];
volatile turn;
shared inside;
shared count;

spawn 1 {
  store 1 wants[1];
  other := load wants[0];
  while (other == 1) {
    t := load turn;
    if (t != 1) {
      store 0 wants[1];
      while (t != 1) {
        t := load turn;
      }
      store 1 wants[1];
    }
    other := load wants[0];
  }
  n := load inside; // the critical section
  assert(n == 0);
  store 1 inside;
  c := load count;
  store c + 1 count;
  store 0 inside;
  store 0 turn; // hand the turn over
  store 0 wants[1];
}
store 1 wants[0];
other := load wants[1];
while (other == 1) {
  t := load turn;
  if (t != 0) {
    store 0 wants[0];
    while (t != 0) {
      t := load turn;
    }
    store 1 wants[0];
  }
  other := load wants[1];
}
n := load inside; // the critical section
assert(n == 0);
store 1 inside;
c := load count;
store c + 1 count;
store 0 inside;
store 1 turn; // hand the turn over
store 0 wants[0];
wait 1;
c := load count;
assert(c == 2);

// RUN-JIT: %s

// EXPECT-EXIT: 0
// EXPECT-STDOUT: explored programs/sync/dekker.rl
// EXPECT-STDOUT: executions: at least 1299 (finished 1299, failed 0, deadlocked 0, step limit 0), racy 0
// EXPECT-STDOUT: states: 163
// EXPECT-STDOUT: note: some schedules never end (the state graph has a cycle, e.g. a spin loop); execution counts are lower bounds
// EXPECT-STDOUT: final states: 1
// EXPECT-STDOUT:   inside = 0, count = 2
// EXPECT-STDOUT: data races: 0
// EXPECT-STDOUT: assertion failures: 0
// EXPECT-STDOUT: runtime errors: 0
// EXPECT-STDOUT: deadlocks: 0
// JIT-EXPECT-EXIT: 0
