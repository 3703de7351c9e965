// Producer/consumer over a locked ring buffer: two producers put items into a 64-slot
// buffer, two consumers take them out, all under one lock. A thread that finds the buffer
// full (or empty) releases the lock and backs off with private work (doubling, up to a cap)
// before it tries again: without backoff, pthread mutexes let a spinning thread starve the
// others and run times vary tenfold. Race-free; every item is consumed.
shared size;
shared buf[64];
shared head;  // next slot to read
shared count; // items in the buffer
shared sums[2];
shared idle[4]; // the backoff work, stored so that the compiler keeps it
mutex m;

store 600000 size; // bench size: bench/run.py scales this number

spawn 1 { // producer
  n := load size;
  item := 1;
  backoff := 1;
  noise := 0;
  while (item <= n) {
    lock m;
    c := load count;
    if (c < 64) {
      h := load head;
      store item * 1 buf[(h + c) % 64];
      store c + 1 count;
      item := item + 1;
      backoff := 1;
    } else {
      backoff := min(backoff * 2, 512);
    }
    unlock m;
    if (backoff > 1) {
      // full: back off with private work before trying again
      w := 0;
      while (w < backoff) {
        noise := (noise * 31 + w) % 65521;
        w := w + 1;
      }
    }
  }
  store noise idle[0];
}
spawn 2 { // producer
  n := load size;
  item := 1;
  backoff := 1;
  noise := 0;
  while (item <= n) {
    lock m;
    c := load count;
    if (c < 64) {
      h := load head;
      store item * 2 buf[(h + c) % 64];
      store c + 1 count;
      item := item + 1;
      backoff := 1;
    } else {
      backoff := min(backoff * 2, 512);
    }
    unlock m;
    if (backoff > 1) {
      // full: back off with private work before trying again
      w := 0;
      while (w < backoff) {
        noise := (noise * 31 + w) % 65521;
        w := w + 1;
      }
    }
  }
  store noise idle[1];
}
spawn 3 { // consumer
  n := load size;
  got := 0;
  sum := 0;
  backoff := 1;
  noise := 0;
  while (got < n) {
    lock m;
    c := load count;
    if (c > 0) {
      h := load head;
      v := load buf[h];
      store (h + 1) % 64 head;
      store c - 1 count;
      sum := (sum + v) % 1000000007;
      got := got + 1;
      backoff := 1;
    } else {
      backoff := min(backoff * 2, 512);
    }
    unlock m;
    if (backoff > 1) {
      // empty: back off with private work before trying again
      w := 0;
      while (w < backoff) {
        noise := (noise * 31 + w) % 65521;
        w := w + 1;
      }
    }
  }
  store sum sums[0];
  store noise idle[2];
}
spawn 4 { // consumer
  n := load size;
  got := 0;
  sum := 0;
  backoff := 1;
  noise := 0;
  while (got < n) {
    lock m;
    c := load count;
    if (c > 0) {
      h := load head;
      v := load buf[h];
      store (h + 1) % 64 head;
      store c - 1 count;
      sum := (sum + v) % 1000000007;
      got := got + 1;
      backoff := 1;
    } else {
      backoff := min(backoff * 2, 512);
    }
    unlock m;
    if (backoff > 1) {
      // empty: back off with private work before trying again
      w := 0;
      while (w < backoff) {
        noise := (noise * 31 + w) % 65521;
        w := w + 1;
      }
    }
  }
  store sum sums[1];
  store noise idle[3];
}
wait 1;
wait 2;
wait 3;
wait 4;
a := load sums[0];
b := load sums[1];
n := load size;
// 1 + 2 + ... + n from the first producer, twice that from the second
assert((a + b) % 1000000007 == 3 * (n * (n + 1) / 2) % 1000000007);
print((a + b) % 1000000007);
