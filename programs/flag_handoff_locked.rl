// RUN: run --seed=5 %s
// flag_handoff_racy.rl made correct: the flag is read and written under a lock, which orders
// thread 1's write of data before thread 2's read of it. Race-free; always prints 42.
shared data;
shared flag;
mutex m;

spawn 1 {
  store 42 data;
  lock m;
  store 1 flag;
  unlock m;
}
spawn 2 {
  f := 0;
  while (f == 0) {
    lock m;
    f := load flag;
    unlock m;
  }
  d := load data;
  print(d);
}
wait 1;
wait 2;

// RUN-JIT: %s

// EXPECT-EXIT: 0
// EXPECT-STDOUT: 42
// JIT-EXPECT-EXIT: 0
// JIT-EXPECT-STDOUT: 42
