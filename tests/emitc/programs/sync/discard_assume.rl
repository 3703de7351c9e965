// RUN: run --seed=1 %s
// A false assumption discards the execution: the interpreter's note and exit 0. Natively the
// process ends at the assumption (emitc/README.md); the output before it is kept.
volatile v;

x := fetch_add(v, 5);
print(x);
y := load v;
assume(y == 4);
print(y);
