// RUN: run %s
// Procedures take their parameters by value and keep their locals to themselves: assigning a
// parameter or a local inside `show` changes nothing the caller sees, even where the names
// are the same.
proc show(a, b) {
  c := a * 10 + b;
  a := 0;
  print(c, a);
}

a := 1;
c := 5;
show(a, 2);
show(a + 1, c);
print(a, c);

// EXPECT-EXIT: 0
// EXPECT-STDOUT: 12 0
// EXPECT-STDOUT: 25 0
// EXPECT-STDOUT: 1 5
