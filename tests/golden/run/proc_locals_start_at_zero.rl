// RUN: run %s
// A procedure's local that it reads before assigning is 0 at every call, as a thread's locals
// are at its start: calling `count` three times prints 1 three times, not 1 2 3.
proc count() {
  n := n + 1;
  print(n);
}

i := 0;
while (i < 3) {
  count();
  i := i + 1;
}

// EXPECT-EXIT: 0
// EXPECT-STDOUT: 1
// EXPECT-STDOUT: 1
// EXPECT-STDOUT: 1
