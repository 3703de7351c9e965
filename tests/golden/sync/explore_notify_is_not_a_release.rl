// RUN: explore %s
// A notify orders nothing (the FastTrack paper's rule): the worker's store to `data` and
// main's load after its wake-up race. And a notify before the wait is lost: main then waits
// for good, which explore reports as a deadlock naming the condition.
shared data;
mutex m;
condition c;

spawn 1 {
  store 42 data;
  notify(c);
}
lock m;
wait(c, m);
unlock m;
v := load data;
wait 1;

// EXPECT-EXIT: 66
// EXPECT-STDOUT: explored tests/golden/sync/explore_notify_is_not_a_release.rl
// EXPECT-STDOUT: executions: 2 (finished 1, failed 0, deadlocked 1, step limit 0), racy 1
// EXPECT-STDOUT: traces: 2 (DPOR: one finished execution per Mazurkiewicz trace)
// EXPECT-STDOUT: final states: 1
// EXPECT-STDOUT:   data = 42
// EXPECT-STDOUT: data races: 1
// EXPECT-STDOUT:   race on 'data': read by thread 0 at tests/golden/sync/explore_notify_is_not_a_release.rl:16:1, write by thread 1 at tests/golden/sync/explore_notify_is_not_a_release.rl:10:3
// EXPECT-STDOUT:     replay: racelang run tests/golden/sync/explore_notify_is_not_a_release.rl --schedule-string=0,0,0,1,1,0,0,0
// EXPECT-STDOUT: assertion failures: 0
// EXPECT-STDOUT: runtime errors: 0
// EXPECT-STDOUT: deadlocks: 1
// EXPECT-STDOUT:   thread 0 blocked:
// EXPECT-STDOUT:     thread 0 waits on condition 'c', which no thread can notify any more at tests/golden/sync/explore_notify_is_not_a_release.rl:14:1
// EXPECT-STDOUT:     replay: racelang run tests/golden/sync/explore_notify_is_not_a_release.rl --detector=none --schedule-string=0,0,1,1,0
