// RUN: explore %s
// The same handoff with a plain flag: now nothing orders the data, and both the flag and the
// data race. The control for explore_volatile_handoff.rl: the volatile makes the difference.
shared ready;
shared data;

spawn 1 {
  store 42 data;
  store 1 ready;
}
r := load ready;
assume(r == 1);
v := load data;
wait 1;

// EXPECT-EXIT: 66
// EXPECT-STDOUT: explored tests/golden/sync/explore_plain_flag_races.rl
// EXPECT-STDOUT: executions: 2 (finished 1, failed 0, deadlocked 0, discarded 1, step limit 0), racy 2
// EXPECT-STDOUT: traces: 2 (DPOR: one finished execution per Mazurkiewicz trace)
// EXPECT-STDOUT: final states: 1
// EXPECT-STDOUT:   ready = 1, data = 42
// EXPECT-STDOUT: data races: 2
// EXPECT-STDOUT:   race on 'ready': write by thread 1 at tests/golden/sync/explore_plain_flag_races.rl:9:3, read by thread 0 at tests/golden/sync/explore_plain_flag_races.rl:11:1
// EXPECT-STDOUT:     replay: racelang run tests/golden/sync/explore_plain_flag_races.rl --schedule-string=0,0,1,1
// EXPECT-STDOUT:   race on 'data': read by thread 0 at tests/golden/sync/explore_plain_flag_races.rl:13:1, write by thread 1 at tests/golden/sync/explore_plain_flag_races.rl:8:3
// EXPECT-STDOUT:     replay: racelang run tests/golden/sync/explore_plain_flag_races.rl --keep-going --schedule-string=0,1,1,0,0
// EXPECT-STDOUT: assertion failures: 0
// EXPECT-STDOUT: runtime errors: 0
// EXPECT-STDOUT: deadlocks: 0
