// RUN: explore %s
// A worker pool from one procedure: two workers take item numbers from a shared counter under
// a lock and each adds up the squares of its items in a slot of its own. Every schedule ends
// with the same total (0 + 1 + 4 = 5), whichever worker took which item.
shared next;
shared sums[2];
mutex m;

proc worker(slot, items) {
  lock m;
  i := load next;
  store i + 1 next;
  unlock m;
  while (i < items) {
    total := total + i * i;
    lock m;
    i := load next;
    store i + 1 next;
    unlock m;
  }
  store total sums[slot];
}

spawn 1 worker(0, 3);
spawn 2 worker(1, 3);
wait 1;
wait 2;
a := load sums[0];
b := load sums[1];
assert(a + b == 5);

// EXPECT-EXIT: 0
// EXPECT-STDOUT: explored tests/golden/run/explore_proc_worker_pool.rl
// EXPECT-STDOUT: executions: 16 (finished 16, failed 0, deadlocked 0, step limit 0), racy 0
// EXPECT-STDOUT: traces: 16 (DPOR: one finished execution per Mazurkiewicz trace)
// EXPECT-STDOUT: final states: 4
// EXPECT-STDOUT:   next = 5, sums = [0, 5]
// EXPECT-STDOUT:   next = 5, sums = [1, 4]
// EXPECT-STDOUT:   next = 5, sums = [4, 1]
// EXPECT-STDOUT:   next = 5, sums = [5, 0]
// EXPECT-STDOUT: data races: 0
// EXPECT-STDOUT: assertion failures: 0
// EXPECT-STDOUT: runtime errors: 0
// EXPECT-STDOUT: deadlocks: 0
