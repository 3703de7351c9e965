// Disjoint per-thread slices: four workers each own a quarter of one array and update every
// cell of it, round after round. Nothing is shared between workers (the thread-local-like
// pattern a detector should make cheap); main fills the array before the spawns and sums it
// after the waits. Race-free.
shared size;
shared data[65536];

store 15000 size; // bench size: bench/run.py scales this number

i := 0;
while (i < 65536) {
  store i data[i];
  i := i + 1;
}
spawn 1 {
  rounds := load size;
  r := 0;
  while (r < rounds) {
    i := 0;
    while (i < 16384) {
      v := load data[i];
      store (v * 3 + r) % 1000003 data[i];
      i := i + 1;
    }
    r := r + 1;
  }
}
spawn 2 {
  rounds := load size;
  r := 0;
  while (r < rounds) {
    i := 16384;
    while (i < 32768) {
      v := load data[i];
      store (v * 3 + r) % 1000003 data[i];
      i := i + 1;
    }
    r := r + 1;
  }
}
spawn 3 {
  rounds := load size;
  r := 0;
  while (r < rounds) {
    i := 32768;
    while (i < 49152) {
      v := load data[i];
      store (v * 3 + r) % 1000003 data[i];
      i := i + 1;
    }
    r := r + 1;
  }
}
spawn 4 {
  rounds := load size;
  r := 0;
  while (r < rounds) {
    i := 49152;
    while (i < 65536) {
      v := load data[i];
      store (v * 3 + r) % 1000003 data[i];
      i := i + 1;
    }
    r := r + 1;
  }
}
wait 1;
wait 2;
wait 3;
wait 4;
sum := 0;
i := 0;
while (i < 65536) {
  v := load data[i];
  sum := (sum + v) % 1000000007;
  i := i + 1;
}
print(sum);
