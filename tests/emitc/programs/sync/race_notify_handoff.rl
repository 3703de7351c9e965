// RUN: run --seed=1 %s
// A notify orders nothing (docs/language.md): the worker stores `data` and notifies, and main
// reads `data` after its wait returns, with nothing between the store and the load. A race,
// which ThreadSanitizer must see: a condition variable built on a pthread condvar or an
// internal mutex would order the notifier before the waiter and hide it. The worker notifies
// until main says it woke (main's volatile store orders main before the worker, not the other
// way), so no notify is lost and the program always ends. The value is printed so that the C
// compiler keeps the load.
shared data;
mutex m;
condition c;
volatile woke;

spawn 1 {
  store 42 data;
  w := load woke;
  while (w == 0) {
    notify(c);
    w := load woke;
  }
}
lock m;
wait(c, m);
unlock m;
store 1 woke;
v := load data;
print(v);
wait 1;
