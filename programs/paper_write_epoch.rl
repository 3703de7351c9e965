// RUN: run --seed=1 %s
// The program of the paper's Figure 4 (write epochs): thread 0 writes x and releases m;
// thread 1 acquires m and writes x. The first write happens before the second through the
// lock, so there is no race, and FastTrack's write epoch for x need only remember the last.
shared x;
mutex m;

lock m;
store 1 x;
unlock m;
spawn 1 {
  lock m;
  store 2 x;
  unlock m;
}
wait 1;
v := load x;
print(v);

// RUN-JIT: %s

// EXPECT-EXIT: 0
// EXPECT-STDOUT: 2
// JIT-EXPECT-EXIT: 0
// JIT-EXPECT-STDOUT: 2
