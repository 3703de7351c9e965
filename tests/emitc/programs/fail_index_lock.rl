// RUN: run --seed=1 %s
// An index out of range for an array of locks.
mutex m[2];

j := 1;
lock m[j];
unlock m[j];
lock m[j + 1];
