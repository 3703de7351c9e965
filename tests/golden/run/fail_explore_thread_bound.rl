// RUN: explore --thread-bound=6 %s
// Thread 1 spins until main sets the flag. DPOR keeps no states, so the per-thread bound cuts
// the schedules where the flag comes late; the output says how many and that the results are
// those of the bounded program. The other schedules finish.
shared flag;

spawn 1 {
  f := 0;
  while (f == 0) {
    f := load flag;
  }
}
store 1 flag;
wait 1;

// EXPECT-EXIT: 66
// EXPECT-STDOUT: explored tests/golden/run/fail_explore_thread_bound.rl
// EXPECT-STDOUT: executions: 7 (finished 6, failed 0, deadlocked 0, step limit 0, cut by the thread bound 1), racy 7
// EXPECT-STDOUT: traces: 7 (DPOR: one finished execution per Mazurkiewicz trace)
// EXPECT-STDOUT: note: the per-thread bound of 6 scheduling steps (--thread-bound) cut 1 executions short; the results are those of the bounded program
// EXPECT-STDOUT: final states: 1
// EXPECT-STDOUT:   flag = 1
// EXPECT-STDOUT: data races: 1
// EXPECT-STDOUT:   race on 'flag': read by thread 1 at tests/golden/run/fail_explore_thread_bound.rl:10:5, write by thread 0 at tests/golden/run/fail_explore_thread_bound.rl:13:1
// EXPECT-STDOUT:     replay: racelang run tests/golden/run/fail_explore_thread_bound.rl --schedule-string=0,0,1
// EXPECT-STDOUT: assertion failures: 0
// EXPECT-STDOUT: runtime errors: 0
// EXPECT-STDOUT: deadlocks: 0
