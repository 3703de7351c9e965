// RUN: explore --strategy=states %s
// Message passing done wrong: the worker raises the volatile flag before it writes the data, so
// the flag's edge (a volatile write happens before every later read of it) orders nothing that
// matters, and main's read of `data` races with the worker's write. Main spins until it sees
// the flag, so every run reaches the read and every run races, whichever access comes first
// (the spin is a cycle of states, so `explore` caches states). The instrumentation catches it
// too, on the JIT under every pass: the instrumented program fails its check on `data`.
shared data;
volatile ready;

spawn 1 {
  store 1 ready;
  store 42 data;
}
r := load ready;
while (r == 0) {
  r := load ready;
}
v := load data;
wait 1;

// RUN-JIT: %s
// JIT-COMPARE: exit stdout (on real threads, which racing access comes second varies)

// EXPECT-EXIT: 66
// EXPECT-STDOUT: explored programs/sync/race_publish_too_early.rl
// EXPECT-STDOUT: executions: at least 6 (finished 6, failed 0, deadlocked 0, step limit 0), racy 6
// EXPECT-STDOUT: states: 14
// EXPECT-STDOUT: note: some schedules never end (the state graph has a cycle, e.g. a spin loop); execution counts are lower bounds
// EXPECT-STDOUT: final states: 1
// EXPECT-STDOUT:   data = 42
// EXPECT-STDOUT: data races: 1
// EXPECT-STDOUT:   race on 'data': write by thread 1 at programs/sync/race_publish_too_early.rl:13:3, read by thread 0 at programs/sync/race_publish_too_early.rl:19:1
// EXPECT-STDOUT:     replay: racelang run programs/sync/race_publish_too_early.rl --schedule-string=0,0,1,0,0,1
// EXPECT-STDOUT: assertion failures: 0
// EXPECT-STDOUT: runtime errors: 0
// EXPECT-STDOUT: deadlocks: 0
// JIT-EXPECT-EXIT: 66
