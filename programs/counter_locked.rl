// RUN: run --seed=1 %s
// The counter of counter_racy.rl with every access under one lock: race-free, and x is
// always 3 whatever the schedule.
shared x;
mutex m;

spawn 1 {
  lock m;
  v := load x;
  store v + 1 x;
  unlock m;
}
spawn 2 {
  lock m;
  v := load x;
  store v + 1 x;
  unlock m;
}
lock m;
v := load x;
store v + 1 x;
unlock m;
wait 1;
wait 2;
v := load x; // both threads have been waited for: this read is ordered after their writes
print(v);

// RUN-JIT: %s

// EXPECT-EXIT: 0
// EXPECT-STDOUT: 3
// JIT-EXPECT-EXIT: 0
// JIT-EXPECT-STDOUT: 3
