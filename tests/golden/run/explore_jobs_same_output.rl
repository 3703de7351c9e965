// RUN: explore --jobs=3 %s
// Three workers on a racy program with a lock: the output (witnesses included) is the one
// every other --jobs prints (tests/interp/parallel_explore_test.cpp checks that everywhere).
shared x;
shared y;
mutex m;
spawn 1 { lock m; store 1 x; unlock m; store 1 y; }
spawn 2 { lock m; v := load x; unlock m; w := load y; }
wait 1;
wait 2;

// EXPECT-EXIT: 66
// EXPECT-STDOUT: explored tests/golden/run/explore_jobs_same_output.rl
// EXPECT-STDOUT: executions: 4 (finished 4, failed 0, deadlocked 0, step limit 0), racy 4
// EXPECT-STDOUT: traces: 4 (DPOR: one finished execution per Mazurkiewicz trace)
// EXPECT-STDOUT: final states: 1
// EXPECT-STDOUT:   x = 1, y = 1
// EXPECT-STDOUT: data races: 1
// EXPECT-STDOUT:   race on 'y': read by thread 2 at tests/golden/run/explore_jobs_same_output.rl:8:42, write by thread 1 at tests/golden/run/explore_jobs_same_output.rl:7:40
// EXPECT-STDOUT:     replay: racelang run tests/golden/run/explore_jobs_same_output.rl --schedule-string=0,0,1,1,1,1,2,2,2,2
// EXPECT-STDOUT: assertion failures: 0
// EXPECT-STDOUT: runtime errors: 0
// EXPECT-STDOUT: deadlocks: 0
