// RUN: run --seed=3 %s
// Fork/join parallel reduction: main fills an array, two workers each sum one half into their
// own slot, main waits for both and adds the partial sums. The workers touch disjoint cells
// and main's accesses are ordered by spawn and wait: no races.
shared data[8];
shared partial[2];

i := 0;
while (i < 8) {
  store i * i data[i];
  i := i + 1;
}
spawn 1 {
  i := 0;
  s := 0;
  while (i < 4) {
    v := load data[i];
    s := s + v;
    i := i + 1;
  }
  store s partial[0];
}
spawn 2 {
  i := 4;
  s := 0;
  while (i < 8) {
    v := load data[i];
    s := s + v;
    i := i + 1;
  }
  store s partial[1];
}
wait 1;
wait 2;
a := load partial[0];
b := load partial[1];
assert(a + b == 140);
print(a, b, a + b);

// RUN-JIT: %s

// EXPECT-EXIT: 0
// EXPECT-STDOUT: 14 126 140
// JIT-EXPECT-EXIT: 0
// JIT-EXPECT-STDOUT: 14 126 140
