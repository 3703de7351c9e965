// RUN: explore --strategy=states %s
// Peterson's mutual exclusion for two threads, on volatile variables: flag[i] says that
// thread i wants to enter, turn says who yields. Volatile accesses are sequentially consistent
// synchronisation (a volatile write happens before every later read of it), so the plain
// counter inside the critical section is race-free. `explore` checks every schedule: no data
// race, nobody else is ever inside (the assertion), and the count is always 2. The waiting
// loops spin, so the state-caching strategy explores them (a spin is a cycle of states).
volatile flag[2];
volatile turn;
shared inside;
shared count;

spawn 1 {
  store 1 flag[1];
  store 0 turn; // after you
  f := load flag[0];
  t := load turn;
  while (f == 1 && t == 0) {
    f := load flag[0];
    t := load turn;
  }
  n := load inside; // the critical section
  assert(n == 0);
  store 1 inside;
  c := load count;
  store c + 1 count;
  store 0 inside;
  store 0 flag[1]; // leave
}
store 1 flag[0];
store 1 turn; // after you
f := load flag[1];
t := load turn;
while (f == 1 && t == 1) {
  f := load flag[1];
  t := load turn;
}
n := load inside; // the critical section
assert(n == 0);
store 1 inside;
c := load count;
store c + 1 count;
store 0 inside;
store 0 flag[0]; // leave
wait 1;
c := load count;
assert(c == 2);

// RUN-JIT: %s

// EXPECT-EXIT: 0
// EXPECT-STDOUT: explored programs/sync/peterson.rl
// EXPECT-STDOUT: executions: at least 6065 (finished 6065, failed 0, deadlocked 0, step limit 0), racy 0
// EXPECT-STDOUT: states: 321
// EXPECT-STDOUT: note: some schedules never end (the state graph has a cycle, e.g. a spin loop); execution counts are lower bounds
// EXPECT-STDOUT: final states: 1
// EXPECT-STDOUT:   inside = 0, count = 2
// EXPECT-STDOUT: data races: 0
// EXPECT-STDOUT: assertion failures: 0
// EXPECT-STDOUT: runtime errors: 0
// EXPECT-STDOUT: deadlocks: 0
// JIT-EXPECT-EXIT: 0
