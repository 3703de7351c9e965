// RUN: run --seed=6 %s
// Two threads wait for the same worker (a "multiple join", the paper's section 3.4). After
// its wait, each reads the worker's result without a lock: ordered by the join, no race.
shared result;
shared copy[2];

spawn 1 {
  store 7 result;
}
spawn 2 {
  wait 1;
  r := load result;
  store r copy[0];
}
spawn 3 {
  wait 1;
  r := load result;
  store r * 2 copy[1];
}
wait 2;
wait 3;
a := load copy[0];
b := load copy[1];
print(a, b);

// RUN-JIT: %s

// EXPECT-EXIT: 0
// EXPECT-STDOUT: 7 14
// JIT-EXPECT-EXIT: 0
// JIT-EXPECT-STDOUT: 7 14
