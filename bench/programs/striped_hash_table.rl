// A lock-striped hash table with mixed reads and writes: four workers each perform `size`
// operations on 1024 buckets guarded by 8 stripe locks (bucket k by stripe k % 8); a quarter
// of the operations increment a bucket, the rest read it. Every access is under its stripe's
// lock, so the locks order all conflicting accesses. Race-free.
shared size;
shared table[1024];
shared reads[4];
mutex stripe[8];

store 3000000 size; // bench size: bench/run.py scales this number

spawn 1 {
  n := load size;
  x := 7919;
  seen := 0;
  j := 0;
  while (j < n) {
    x := (x * 1103515245 + 12345) % 2147483648;
    k := (x / 65536) % 1024;
    lock stripe[k % 8];
    v := load table[k];
    if (x % 4 == 0) {
      store v + 1 table[k];
    } else {
      seen := (seen + v) % 1000000007;
    }
    unlock stripe[k % 8];
    j := j + 1;
  }
  store seen reads[0];
}
spawn 2 {
  n := load size;
  x := 15838;
  seen := 0;
  j := 0;
  while (j < n) {
    x := (x * 1103515245 + 12345) % 2147483648;
    k := (x / 65536) % 1024;
    lock stripe[k % 8];
    v := load table[k];
    if (x % 4 == 0) {
      store v + 1 table[k];
    } else {
      seen := (seen + v) % 1000000007;
    }
    unlock stripe[k % 8];
    j := j + 1;
  }
  store seen reads[1];
}
spawn 3 {
  n := load size;
  x := 23757;
  seen := 0;
  j := 0;
  while (j < n) {
    x := (x * 1103515245 + 12345) % 2147483648;
    k := (x / 65536) % 1024;
    lock stripe[k % 8];
    v := load table[k];
    if (x % 4 == 0) {
      store v + 1 table[k];
    } else {
      seen := (seen + v) % 1000000007;
    }
    unlock stripe[k % 8];
    j := j + 1;
  }
  store seen reads[2];
}
spawn 4 {
  n := load size;
  x := 31676;
  seen := 0;
  j := 0;
  while (j < n) {
    x := (x * 1103515245 + 12345) % 2147483648;
    k := (x / 65536) % 1024;
    lock stripe[k % 8];
    v := load table[k];
    if (x % 4 == 0) {
      store v + 1 table[k];
    } else {
      seen := (seen + v) % 1000000007;
    }
    unlock stripe[k % 8];
    j := j + 1;
  }
  store seen reads[3];
}
wait 1;
wait 2;
wait 3;
wait 4;
total := 0;
k := 0;
while (k < 1024) {
  v := load table[k];
  total := total + v;
  k := k + 1;
}
print(total);
