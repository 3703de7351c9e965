// Read-shared tables: main fills a lookup table, then four workers read it at pseudo-random
// indices (a linear congruential generator each) and sum what they read. Every cell is read
// by many threads and written only before the spawns: concurrent reads never race, but a
// detector must keep a read per thread (FastTrack's read-shared case). Race-free.
shared size;
shared table[4096];
shared result[4];

store 80000000 size; // bench size: bench/run.py scales this number

i := 0;
while (i < 4096) {
  store (i * 2654435761) % 1000003 table[i];
  i := i + 1;
}
spawn 1 {
  n := load size;
  x := 7919;
  sum := 0;
  j := 0;
  while (j < n) {
    x := (x * 1103515245 + 12345) % 2147483648;
    v := load table[x % 4096];
    sum := (sum + v) % 1000000007;
    j := j + 1;
  }
  store sum result[0];
}
spawn 2 {
  n := load size;
  x := 15838;
  sum := 0;
  j := 0;
  while (j < n) {
    x := (x * 1103515245 + 12345) % 2147483648;
    v := load table[x % 4096];
    sum := (sum + v) % 1000000007;
    j := j + 1;
  }
  store sum result[1];
}
spawn 3 {
  n := load size;
  x := 23757;
  sum := 0;
  j := 0;
  while (j < n) {
    x := (x * 1103515245 + 12345) % 2147483648;
    v := load table[x % 4096];
    sum := (sum + v) % 1000000007;
    j := j + 1;
  }
  store sum result[2];
}
spawn 4 {
  n := load size;
  x := 31676;
  sum := 0;
  j := 0;
  while (j < n) {
    x := (x * 1103515245 + 12345) % 2147483648;
    v := load table[x % 4096];
    sum := (sum + v) % 1000000007;
    j := j + 1;
  }
  store sum result[3];
}
wait 1;
wait 2;
wait 3;
wait 4;
total := 0;
k := 0;
while (k < 4) {
  s := load result[k];
  total := total + s;
  k := k + 1;
}
print(total);
