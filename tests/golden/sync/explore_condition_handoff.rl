// RUN: explore %s
// The usual way to wait for a condition: the flag is shared, read and written under the lock,
// and re-checked in a loop around the wait. Every schedule is race-free and ends with 42.
shared data;
shared ready;
mutex m;
condition c;

spawn 1 {
  store 42 data;
  lock m;
  store 1 ready;
  notify(c);
  unlock m;
}
lock m;
r := load ready;
while (r == 0) {
  wait(c, m);
  r := load ready;
}
unlock m;
v := load data;
assert(v == 42);
wait 1;
