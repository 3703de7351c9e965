// RUN: run --seed=1 %s
// Spawning a thread id again after waiting for it: a runtime error.
shared x;

k := 0;
while (k < 2) {
  spawn 1 {
    v := load x;
    store v + 1 x;
  }
  wait 1;
  k := k + 1;
}
