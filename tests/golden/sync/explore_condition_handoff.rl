// RUN: explore %s
// The usual way to wait for a condition: the flag is shared, read and written under the lock,
// and re-checked in a loop around the wait. Every schedule is race-free and ends with 42.
shared data;
shared ready;
mutex m;
condition c;

spawn 1 {
  store 42 data;
  lock m;
  store 1 ready;
  notify(c);
  unlock m;
}
lock m;
r := load ready;
while (r == 0) {
  wait(c, m);
  r := load ready;
}
unlock m;
v := load data;
assert(v == 42);
wait 1;

// EXPECT-EXIT: 0
// EXPECT-STDOUT: explored tests/golden/sync/explore_condition_handoff.rl
// EXPECT-STDOUT: executions: 2 (finished 2, failed 0, deadlocked 0, step limit 0), racy 0
// EXPECT-STDOUT: traces: 2 (DPOR: one finished execution per Mazurkiewicz trace)
// EXPECT-STDOUT: final states: 1
// EXPECT-STDOUT:   data = 42, ready = 1
// EXPECT-STDOUT: data races: 0
// EXPECT-STDOUT: assertion failures: 0
// EXPECT-STDOUT: runtime errors: 0
// EXPECT-STDOUT: deadlocks: 0
