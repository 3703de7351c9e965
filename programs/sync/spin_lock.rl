// RUN: explore --strategy=states %s
// A spin lock built from compare-and-swap on a volatile word: `cas` takes the lock when it
// finds it free (0), and the holder releases it with a volatile store. The release happens
// before the next successful cas reads it, so the counter the lock protects is race-free, and
// every schedule counts to 3. The spinning is a cycle of states, which the state-caching
// strategy explores.
volatile held;
shared count;

spawn 1 {
  r := cas(held, 0, 1);
  while (r != 0) {
    r := cas(held, 0, 1);
  }
  c := load count;
  store c + 1 count;
  store 0 held;
}
spawn 2 {
  r := cas(held, 0, 1);
  while (r != 0) {
    r := cas(held, 0, 1);
  }
  c := load count;
  store c + 1 count;
  store 0 held;
}
r := cas(held, 0, 1);
while (r != 0) {
  r := cas(held, 0, 1);
}
c := load count;
store c + 1 count;
store 0 held;
wait 1;
wait 2;
c := load count;
assert(c == 3);

// RUN-JIT: %s

// EXPECT-EXIT: 0
// EXPECT-STDOUT: explored programs/sync/spin_lock.rl
// EXPECT-STDOUT: executions: at least 1928 (finished 1928, failed 0, deadlocked 0, step limit 0), racy 0
// EXPECT-STDOUT: states: 181
// EXPECT-STDOUT: note: some schedules never end (the state graph has a cycle, e.g. a spin loop); execution counts are lower bounds
// EXPECT-STDOUT: final states: 1
// EXPECT-STDOUT:   count = 3
// EXPECT-STDOUT: data races: 0
// EXPECT-STDOUT: assertion failures: 0
// EXPECT-STDOUT: runtime errors: 0
// EXPECT-STDOUT: deadlocks: 0
// JIT-EXPECT-EXIT: 0
