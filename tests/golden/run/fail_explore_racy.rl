// RUN: explore --locals %s
// The issue's acceptance program (a): thread 1 stores x and thread 2 loads it with no
// synchronisation. Every execution races, and there are exactly two final states of (x, v).
shared x;

spawn 1 {
  store 1 x;
}
spawn 2 {
  v := load x;
}
wait 1;
wait 2;

// EXPECT-EXIT: 66
// EXPECT-STDOUT: explored tests/golden/run/fail_explore_racy.rl
// EXPECT-STDOUT: executions: 2 (finished 2, failed 0, deadlocked 0, step limit 0), racy 2
// EXPECT-STDOUT: traces: 2 (DPOR: one finished execution per Mazurkiewicz trace)
// EXPECT-STDOUT: final states: 2
// EXPECT-STDOUT:   x = 1; thread 2: v = 0
// EXPECT-STDOUT:   x = 1; thread 2: v = 1
// EXPECT-STDOUT: data races: 1
// EXPECT-STDOUT:   race on 'x': read by thread 2 at tests/golden/run/fail_explore_racy.rl:10:3, write by thread 1 at tests/golden/run/fail_explore_racy.rl:7:3
// EXPECT-STDOUT:     replay: racelang run tests/golden/run/fail_explore_racy.rl --schedule-string=0,0,1,2
// EXPECT-STDOUT: assertion failures: 0
// EXPECT-STDOUT: runtime errors: 0
// EXPECT-STDOUT: deadlocks: 0
