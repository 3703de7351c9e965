// RUN: run --seed=1 %s
// Two threads wait for the same thread; one writes x before its wait, the other reads x after
// its wait. The joins order thread 1 before both, but not the two waiters with each other: a
// race. A C runtime that implemented `wait` with one mutex per thread would order the waiters
// (the second to lock it after the first) and hide this race from ThreadSanitizer. The value
// read is printed: a C compiler removes a load whose value is never used, and a detector
// cannot see an access that is not there (emitc/README.md).
shared x;
shared done;

spawn 1 {
  store 1 done;
}
spawn 2 {
  store 5 x;
  wait 1;
}
spawn 3 {
  wait 1;
  v := load x;
  print(v);
}
wait 2;
wait 3;
