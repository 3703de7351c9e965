// RUN: explore %s
// A ten-million-cell array and a six-step program: exploring it costs what the steps touch,
// not what the array holds. States share the memory chunks a step did not write (interp/cells.h)
// and the detectors keep metadata only for touched locations; the final states print runs of
// equal values once, as gdb does.
shared a[10000000];
shared x;

spawn 1 {
  store 1 x;
  store 2 a[5];
}
spawn 2 {
  r := load x;
  store r a[6];
}

// EXPECT-EXIT: 66
// EXPECT-STDOUT: explored tests/golden/run/explore_large_array.rl
// EXPECT-STDOUT: executions: 2 (finished 2, failed 0, deadlocked 0, step limit 0), racy 2
// EXPECT-STDOUT: traces: 2 (DPOR: one finished execution per Mazurkiewicz trace)
// EXPECT-STDOUT: final states: 2
// EXPECT-STDOUT:   a = [0, 0, 0, 0, 0, 2, 0 <repeats 9999994 times>], x = 1
// EXPECT-STDOUT:   a = [0, 0, 0, 0, 0, 2, 1, 0 <repeats 9999993 times>], x = 1
// EXPECT-STDOUT: data races: 1
// EXPECT-STDOUT:   race on 'x': read by thread 2 at tests/golden/run/explore_large_array.rl:14:3, write by thread 1 at tests/golden/run/explore_large_array.rl:10:3
// EXPECT-STDOUT:     replay: racelang run tests/golden/run/explore_large_array.rl --schedule-string=0,0,1,2
// EXPECT-STDOUT: assertion failures: 0
// EXPECT-STDOUT: runtime errors: 0
// EXPECT-STDOUT: deadlocks: 0
