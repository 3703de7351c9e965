// RUN: explore %s
// fetch_add and cas are atomic read-modify-writes: two threads adding to a volatile counter
// never lose an update, and a cas succeeds for exactly one of two threads.
volatile count;
volatile owner;

spawn 1 {
  old := fetch_add(count, 1);
  won := cas(owner, 0, 1);
}
old := fetch_add(count, 1);
won := cas(owner, 0, 2);
wait 1;
c := load count;
assert(c == 2);
o := load owner;
assert(o == 1 || o == 2);

// EXPECT-EXIT: 0
// EXPECT-STDOUT: explored tests/golden/sync/explore_cas_counter.rl
// EXPECT-STDOUT: executions: 4 (finished 4, failed 0, deadlocked 0, step limit 0), racy 0
// EXPECT-STDOUT: traces: 4 (DPOR: one finished execution per Mazurkiewicz trace)
// EXPECT-STDOUT: final states: 1
// EXPECT-STDOUT:   (no shared locations)
// EXPECT-STDOUT: data races: 0
// EXPECT-STDOUT: assertion failures: 0
// EXPECT-STDOUT: runtime errors: 0
// EXPECT-STDOUT: deadlocks: 0
