// RUN: run --seed=2 %s
// The program of the paper's Figure 6: a read by thread 0, handed to thread 1 through lock m,
// a read by thread 1, and a concurrent read by thread 2. Concurrent reads never race, so this
// is race-free, but FastTrack must inflate x's read epoch to a vector clock. A final write by
// main after both joins is ordered after every read.
shared x;
mutex m;

store 5 x;
spawn 1 {
  lock m;
  a := load x;
  unlock m;
}
spawn 2 {
  b := load x;
}
lock m;
c := load x;
unlock m;
wait 1;
wait 2;
store c + 1 x;
d := load x;
print(d);

// RUN-JIT: %s

// EXPECT-EXIT: 0
// EXPECT-STDOUT: 6
// JIT-EXPECT-EXIT: 0
// JIT-EXPECT-STDOUT: 6
