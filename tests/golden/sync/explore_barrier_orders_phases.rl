// RUN: explore %s
// Everything before an `await` happens before everything after it in every thread the phase
// releases (the barrier release rule), and the barrier serves phase after phase: no race on
// `x` in any schedule, and each phase reads what the previous one wrote.
shared x;
barrier b(2);

spawn 1 {
  store 1 x;
  await b;
  await b;
  v := load x;
  assert(v == 2);
}
await b;
v := load x;
assert(v == 1);
store 2 x;
await b;
wait 1;

// EXPECT-EXIT: 0
// EXPECT-STDOUT: explored tests/golden/sync/explore_barrier_orders_phases.rl
// EXPECT-STDOUT: executions: 4 (finished 4, failed 0, deadlocked 0, step limit 0), racy 0
// EXPECT-STDOUT: traces: 4 (DPOR: one finished execution per Mazurkiewicz trace)
// EXPECT-STDOUT: final states: 1
// EXPECT-STDOUT:   x = 2
// EXPECT-STDOUT: data races: 0
// EXPECT-STDOUT: assertion failures: 0
// EXPECT-STDOUT: runtime errors: 0
// EXPECT-STDOUT: deadlocks: 0
