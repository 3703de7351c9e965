// RUN: run --seed=1 %s
// Unlocking a free lock (an element of a lock array).
mutex m[3];

lock m[1];
unlock m[1];
n := 1;
unlock m[n];
