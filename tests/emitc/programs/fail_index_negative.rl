// RUN: run --seed=1 %s
// A negative index in a load.
shared buf[3];

k := 2;
v := load buf[k - 3];
