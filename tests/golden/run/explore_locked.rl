// RUN: explore %s
// Acceptance program (c) with three threads: each increments x under one lock. Race-free, with
// one final state x = 3, whatever the interleaving.
shared x;
mutex m;

spawn 1 {
  lock m;
  v := load x;
  store v + 1 x;
  unlock m;
}
spawn 2 {
  lock m;
  v := load x;
  store v + 1 x;
  unlock m;
}
spawn 3 {
  lock m;
  v := load x;
  store v + 1 x;
  unlock m;
}
wait 1;
wait 2;
wait 3;

// EXPECT-EXIT: 0
// EXPECT-STDOUT: explored tests/golden/run/explore_locked.rl
// EXPECT-STDOUT: executions: 6 (finished 6, failed 0, deadlocked 0, step limit 0), racy 0
// EXPECT-STDOUT: traces: 6 (DPOR: one finished execution per Mazurkiewicz trace)
// EXPECT-STDOUT: final states: 1
// EXPECT-STDOUT:   x = 3
// EXPECT-STDOUT: data races: 0
// EXPECT-STDOUT: assertion failures: 0
// EXPECT-STDOUT: runtime errors: 0
// EXPECT-STDOUT: deadlocks: 0
