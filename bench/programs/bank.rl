// A bank with a lock per account: four tellers move money between pseudo-random pairs of 64
// accounts, taking the two account locks in index order (no deadlock). Many locks, little
// contention, two locked reads and writes per transfer. Race-free; the total is unchanged.
shared size;
shared balance[64];
mutex account[64];

store 6500000 size; // bench size: bench/run.py scales this number

i := 0;
while (i < 64) {
  store 1000 balance[i];
  i := i + 1;
}
spawn 1 {
  n := load size;
  x := 104729;
  j := 0;
  while (j < n) {
    x := (x * 1103515245 + 12345) % 2147483648;
    from := x % 64;
    to := (from + 1 + x / 64 % 63) % 64;
    amount := x / 4096 % 10;
    lock account[min(from, to)];
    lock account[max(from, to)];
    a := load balance[from];
    b := load balance[to];
    store a - amount balance[from];
    store b + amount balance[to];
    unlock account[max(from, to)];
    unlock account[min(from, to)];
    j := j + 1;
  }
}
spawn 2 {
  n := load size;
  x := 209458;
  j := 0;
  while (j < n) {
    x := (x * 1103515245 + 12345) % 2147483648;
    from := x % 64;
    to := (from + 1 + x / 64 % 63) % 64;
    amount := x / 4096 % 10;
    lock account[min(from, to)];
    lock account[max(from, to)];
    a := load balance[from];
    b := load balance[to];
    store a - amount balance[from];
    store b + amount balance[to];
    unlock account[max(from, to)];
    unlock account[min(from, to)];
    j := j + 1;
  }
}
spawn 3 {
  n := load size;
  x := 314187;
  j := 0;
  while (j < n) {
    x := (x * 1103515245 + 12345) % 2147483648;
    from := x % 64;
    to := (from + 1 + x / 64 % 63) % 64;
    amount := x / 4096 % 10;
    lock account[min(from, to)];
    lock account[max(from, to)];
    a := load balance[from];
    b := load balance[to];
    store a - amount balance[from];
    store b + amount balance[to];
    unlock account[max(from, to)];
    unlock account[min(from, to)];
    j := j + 1;
  }
}
spawn 4 {
  n := load size;
  x := 418916;
  j := 0;
  while (j < n) {
    x := (x * 1103515245 + 12345) % 2147483648;
    from := x % 64;
    to := (from + 1 + x / 64 % 63) % 64;
    amount := x / 4096 % 10;
    lock account[min(from, to)];
    lock account[max(from, to)];
    a := load balance[from];
    b := load balance[to];
    store a - amount balance[from];
    store b + amount balance[to];
    unlock account[max(from, to)];
    unlock account[min(from, to)];
    j := j + 1;
  }
}
wait 1;
wait 2;
wait 3;
wait 4;
total := 0;
i := 0;
while (i < 64) {
  b := load balance[i];
  total := total + b;
  i := i + 1;
}
assert(total == 64000);
print(total);
