// RUN: explore %s
// Message passing done wrong: the worker raises the volatile flag before it writes the data, so
// the flag's edge (a volatile write happens before every later read of it) orders nothing that
// matters, and main's read of `data` races with the worker's write whenever it sees the flag.
// `racelang instrument` catches it too: the instrumented program fails its check on `data`.
shared data;
volatile ready;

spawn 1 {
  store 1 ready;
  store 42 data;
}
r := load ready;
if (r == 1) {
  v := load data;
  print(v);
}
wait 1;

// EXPECT-EXIT: 66
// EXPECT-STDOUT: explored programs/sync/race_publish_too_early.rl
// EXPECT-STDOUT: executions: 3 (finished 3, failed 0, deadlocked 0, step limit 0), racy 2
// EXPECT-STDOUT: traces: 3 (optimal DPOR: one execution per Mazurkiewicz trace)
// EXPECT-STDOUT: final states: 1
// EXPECT-STDOUT:   data = 42
// EXPECT-STDOUT: data races: 1
// EXPECT-STDOUT:   race on 'data': write by thread 1 at programs/sync/race_publish_too_early.rl:11:3, read by thread 0 at programs/sync/race_publish_too_early.rl:15:3
// EXPECT-STDOUT:     replay: racelang run programs/sync/race_publish_too_early.rl --schedule-string=0,1,0,0,0,1
// EXPECT-STDOUT: assertion failures: 0
// EXPECT-STDOUT: runtime errors: 0
// EXPECT-STDOUT: deadlocks: 0
