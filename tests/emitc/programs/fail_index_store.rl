// RUN: run --seed=1 %s
// A computed index out of range, in a store: the value is evaluated first, then the index.
shared buf[4];

i := 0;
while (i <= 4) {
  store i * 2 buf[i + i / 4 - 1 + 1];
  i := i + 1;
}
