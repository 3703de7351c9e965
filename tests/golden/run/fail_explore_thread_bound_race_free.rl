// RUN: explore --thread-bound=8 %s
// Thread 1 spins, under a lock, until main sets the flag: race-free. The per-thread bound cuts
// the schedules where the flag comes late, and a cut is a limit: exit 1, as for --max-steps.
shared flag;
mutex m;

spawn 1 {
  f := 0;
  while (f == 0) {
    lock m;
    f := load flag;
    unlock m;
  }
}
lock m;
store 1 flag;
unlock m;
wait 1;

// EXPECT-EXIT: 1
// EXPECT-STDOUT: explored tests/golden/run/fail_explore_thread_bound_race_free.rl
// EXPECT-STDOUT: executions: 4 (finished 2, failed 0, deadlocked 0, step limit 0, cut by the thread bound 2), racy 0
// EXPECT-STDOUT: traces: 4 (DPOR: one finished execution per Mazurkiewicz trace)
// EXPECT-STDOUT: note: the per-thread bound of 8 scheduling steps (--thread-bound) cut 2 executions short; the results are those of the bounded program
// EXPECT-STDOUT: final states: 1
// EXPECT-STDOUT:   flag = 1
// EXPECT-STDOUT: data races: 0
// EXPECT-STDOUT: assertion failures: 0
// EXPECT-STDOUT: runtime errors: 0
// EXPECT-STDOUT: deadlocks: 0
