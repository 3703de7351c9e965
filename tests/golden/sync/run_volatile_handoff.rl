// RUN: run --seed=1 %s
// Message passing through a volatile flag: the writer stores the data, then raises the flag;
// the reader spins on the flag, then reads the data. The volatile store happens before the
// volatile load that sees it, so the plain accesses to `data` are ordered: no race.
volatile ready;
shared data;

spawn 1 {
  store 42 data;
  store 1 ready;
}
r := load ready;
while (r == 0) {
  r := load ready;
}
v := load data;
print(v);
wait 1;

// RUN-JIT: run --backend=jit --detector=none %s

// EXPECT-EXIT: 0
// EXPECT-STDOUT: 42
// JIT-EXPECT-EXIT: 0
// JIT-EXPECT-STDOUT: 42
