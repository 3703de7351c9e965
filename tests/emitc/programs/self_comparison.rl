// RUN: run --seed=1 %s
// A local compared with itself: C compilers warn about `c <= c` (-Wtautological-compare), so the
// translation writes the known result; the output must build warning-free and print exactly this.
c := 3;
if (c <= c && !(c < c)) {
  print(1);
}
if (c == c && c >= c && !(c != c) && !(c > c)) {
  print(2);
}
d := 0;
while (c + 1 > c + 1 || d < 2) {
  d := d + 1;
}
print(d);
