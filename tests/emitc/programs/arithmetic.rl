// RUN: run --seed=1 %s
// Wrapping 64-bit arithmetic at the edges, C's truncating division and modulo signs, min/max,
// nested and short-circuit conditions: the C translation must print exactly this.
big := 9223372036854775807;
lo := -big - 1;
print(big + 1, lo - 1, big * 2, lo * -1, -lo);
print(lo / -1, lo % -1, 7 / -2, -7 / 2, 7 % -2, -7 % 2);
print(max(lo, big), min(lo, big), max(-3, -5), min(3 * big, 2));
z := 0;
if (z == 0 || 1 / z > 0) {
  print(1);
}
if (!(z != 0 && 5 % z == 1)) {
  print(2);
}
a := 0;
while (a < 5 && (a == 0 || 10 / a > 2)) {
  a := a + 1;
}
print(a);
