// RUN: run --seed=7 %s
// A bank: four accounts, a lock per account. Three tellers move money between accounts,
// always taking the two account locks in index order so that they cannot deadlock. The total
// is the same at the end, and no access races.
shared balance[4];
mutex account[4];

// Opening balances: 100 each.
i := 0;
while (i < 4) {
  store 100 balance[i];
  i := i + 1;
}

spawn 1 {
  n := 0;
  while (n < 5) {
    from := n % 4;
    to := (n + 1) % 4;
    lock account[min(from, to)];
    lock account[max(from, to)];
    a := load balance[from];
    b := load balance[to];
    store a - 10 balance[from];
    store b + 10 balance[to];
    unlock account[max(from, to)];
    unlock account[min(from, to)];
    n := n + 1;
  }
}
spawn 2 {
  n := 0;
  while (n < 5) {
    from := 3 - n % 4;
    to := (from + 2) % 4;
    lock account[min(from, to)];
    lock account[max(from, to)];
    a := load balance[from];
    b := load balance[to];
    store a - 7 balance[from];
    store b + 7 balance[to];
    unlock account[max(from, to)];
    unlock account[min(from, to)];
    n := n + 1;
  }
}
spawn 3 {
  // An auditor: reads every account under its lock.
  k := 0;
  seen := 0;
  while (k < 4) {
    lock account[k];
    b := load balance[k];
    unlock account[k];
    seen := seen + b;
    k := k + 1;
  }
}
wait 1;
wait 2;
wait 3;

total := 0;
i := 0;
while (i < 4) {
  b := load balance[i];
  total := total + b;
  i := i + 1;
}
assert(total == 400);
print(total);

// RUN-JIT: %s

// EXPECT-EXIT: 0
// EXPECT-STDOUT: 400
// JIT-EXPECT-EXIT: 0
// JIT-EXPECT-STDOUT: 400
