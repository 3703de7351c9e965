// RUN: run --seed=9 %s
// A producer and a consumer share a four-slot ring buffer under one lock. Each spins
// (releasing the lock between tries) while the buffer is full or empty. Race-free.
shared buf[4];
shared head;   // next slot to read
shared count;  // items in the buffer
mutex m;

spawn 1 { // producer: 1..6
  item := 1;
  while (item <= 6) {
    lock m;
    c := load count;
    if (c < 4) {
      h := load head;
      store item buf[(h + c) % 4];
      store c + 1 count;
      item := item + 1;
    }
    unlock m;
  }
}
spawn 2 { // consumer: sums what it takes
  got := 0;
  sum := 0;
  while (got < 6) {
    lock m;
    c := load count;
    if (c > 0) {
      h := load head;
      v := load buf[h];
      store (h + 1) % 4 head;
      store c - 1 count;
      sum := sum + v;
      got := got + 1;
    }
    unlock m;
  }
  print(sum);
}
wait 1;
wait 2;

// RUN-JIT: %s

// EXPECT-EXIT: 0
// EXPECT-STDOUT: 21
// JIT-EXPECT-EXIT: 0
// JIT-EXPECT-STDOUT: 21
