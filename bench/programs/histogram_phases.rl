// Phase-parallel histogram: main fills a data array, then four workers each count their
// quarter of it into a private slice of the histogram (buckets t * 16 .. t * 16 + 15), `size`
// rounds over; after the joins main merges the slices. The data is read-shared, each slice is
// written by one thread only (thread-local in all but name), and the merge reads every slice
// after its writer has been joined. Race-free.
shared size;
shared data[4096];
shared hist[64];

store 300000 size; // bench size: bench/run.py scales this number

i := 0;
x := 12345;
while (i < 4096) {
  x := (x * 1103515245 + 12345) % 2147483648;
  store x % 1000 data[i];
  i := i + 1;
}
spawn 1 {
  n := load size;
  base := 0 * 16;
  round := 0;
  while (round < n) {
    j := 0 * 1024;
    while (j < 0 * 1024 + 1024) {
      v := load data[j];
      bucket := base + v % 16;
      c := load hist[bucket];
      store c + 1 hist[bucket];
      j := j + 1;
    }
    round := round + 1;
  }
}
spawn 2 {
  n := load size;
  base := 1 * 16;
  round := 0;
  while (round < n) {
    j := 1 * 1024;
    while (j < 1 * 1024 + 1024) {
      v := load data[j];
      bucket := base + v % 16;
      c := load hist[bucket];
      store c + 1 hist[bucket];
      j := j + 1;
    }
    round := round + 1;
  }
}
spawn 3 {
  n := load size;
  base := 2 * 16;
  round := 0;
  while (round < n) {
    j := 2 * 1024;
    while (j < 2 * 1024 + 1024) {
      v := load data[j];
      bucket := base + v % 16;
      c := load hist[bucket];
      store c + 1 hist[bucket];
      j := j + 1;
    }
    round := round + 1;
  }
}
spawn 4 {
  n := load size;
  base := 3 * 16;
  round := 0;
  while (round < n) {
    j := 3 * 1024;
    while (j < 3 * 1024 + 1024) {
      v := load data[j];
      bucket := base + v % 16;
      c := load hist[bucket];
      store c + 1 hist[bucket];
      j := j + 1;
    }
    round := round + 1;
  }
}
wait 1;
wait 2;
wait 3;
wait 4;
total := 0;
b := 0;
while (b < 64) {
  c := load hist[b];
  total := total + c * (b % 16 + 1);
  b := b + 1;
}
print(total);
