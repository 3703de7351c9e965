// RUN: explore %s
// A notify orders nothing (the FastTrack paper's rule): the worker's store to `data` and
// main's load after its wake-up race. And a notify before the wait is lost: main then waits
// for good, which explore reports as a deadlock naming the condition.
shared data;
mutex m;
condition c;

spawn 1 {
  store 42 data;
  notify(c);
}
lock m;
wait(c, m);
unlock m;
v := load data;
wait 1;
