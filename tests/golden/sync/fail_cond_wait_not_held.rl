// RUN: run --seed=1 %s
// wait(c, m) releases m, so the waiting thread must hold it: a runtime error that names the
// condition, the lock and who holds it.
mutex m;
condition c;
wait(c, m);
