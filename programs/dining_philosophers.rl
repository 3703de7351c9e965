// RUN: run --seed=11 %s
// Three philosophers, three forks. Each takes the lower-numbered fork first (a global lock
// order), so they cannot deadlock; the meal count is protected by its own lock.
shared meals;
mutex fork[3];
mutex count;

spawn 1 {
  lock fork[0];
  lock fork[1];
  lock count;
  n := load meals;
  store n + 1 meals;
  unlock count;
  unlock fork[1];
  unlock fork[0];
}
spawn 2 {
  lock fork[1];
  lock fork[2];
  lock count;
  n := load meals;
  store n + 1 meals;
  unlock count;
  unlock fork[2];
  unlock fork[1];
}
spawn 3 {
  // Philosopher 3 sits between fork 2 and fork 0: lower index first breaks the cycle.
  lock fork[0];
  lock fork[2];
  lock count;
  n := load meals;
  store n + 1 meals;
  unlock count;
  unlock fork[2];
  unlock fork[0];
}
wait 1;
wait 2;
wait 3;
n := load meals;
print(n);

// RUN-JIT: %s

// EXPECT-EXIT: 0
// EXPECT-STDOUT: 3
// JIT-EXPECT-EXIT: 0
// JIT-EXPECT-STDOUT: 3
