// RUN: explore %s
// The handoff of run_volatile_handoff.rl with the spin replaced by an assumption, as model
// checkers write it: an execution in which the flag was not yet raised is discarded, not
// reported. Every other schedule reads 42 with no race (the volatile store orders it).
volatile ready;
shared data;

spawn 1 {
  store 42 data;
  store 1 ready;
}
r := load ready;
assume(r == 1);
v := load data;
assert(v == 42);
wait 1;

// EXPECT-EXIT: 0
// EXPECT-STDOUT: explored tests/golden/sync/explore_volatile_handoff.rl
// EXPECT-STDOUT: executions: 2 (finished 1, failed 0, deadlocked 0, discarded 1, step limit 0), racy 0
// EXPECT-STDOUT: traces: 2 (DPOR: one finished execution per Mazurkiewicz trace)
// EXPECT-STDOUT: final states: 1
// EXPECT-STDOUT:   data = 42
// EXPECT-STDOUT: data races: 0
// EXPECT-STDOUT: assertion failures: 0
// EXPECT-STDOUT: runtime errors: 0
// EXPECT-STDOUT: deadlocks: 0
