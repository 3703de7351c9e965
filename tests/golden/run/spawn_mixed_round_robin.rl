// RUN: run --schedule=rr %s
// Threads spawned in mixed id order (3, 1, 2): round-robin picks the next thread after the last
// one in id order, whatever order they were spawned in.
shared x[3];
mutex m;

spawn 3 {
  lock m;
  store 3 x[2];
  print(3);
  unlock m;
}
spawn 1 {
  lock m;
  store 1 x[0];
  print(1);
  unlock m;
}
spawn 2 {
  lock m;
  store 2 x[1];
  print(2);
  unlock m;
}
wait 2;
wait 3;
wait 1;

// EXPECT-EXIT: 0
// EXPECT-STDOUT: 3
// EXPECT-STDOUT: 1
// EXPECT-STDOUT: 2
