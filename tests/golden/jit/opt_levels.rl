// RUN: run --backend=jit -O0 %s
// RUN-JIT: run --backend=jit -O3 --detector=none %s
// The same program at -O0 (instrumented) and -O3 (not instrumented): the same output.
// Wrapping arithmetic, INT64_MIN / -1 and % -1, truncating division and negative modulo.
shared a[3];

lo := -9223372036854775807 - 1;
hi := 9223372036854775807;
print(hi + 1, lo - 1, hi * 2, lo / -1, lo % -1);
print(-7 / 2, -7 % 2, 7 % -2, max(-3, 2), min(-3, 2));
i := 0;
while (i < 3) {
  store i * i a[i];
  i := i + 1;
}
s := 0;
j := 2;
while (j >= 0) {
  v := load a[j];
  s := s * 10 + v;
  j := j - 1;
}
print(s);

// EXPECT-EXIT: 0
// EXPECT-STDOUT: -9223372036854775808 9223372036854775807 -2 -9223372036854775808 0
// EXPECT-STDOUT: -3 -1 1 2 -3
// EXPECT-STDOUT: 410
// JIT-EXPECT-EXIT: 0
// JIT-EXPECT-STDOUT: -9223372036854775808 9223372036854775807 -2 -9223372036854775808 0
// JIT-EXPECT-STDOUT: -3 -1 1 2 -3
// JIT-EXPECT-STDOUT: 410
