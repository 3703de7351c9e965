shared x;
mutex x;
shared y[2];
shared y;

// EXPECT-EXIT: 2
// EXPECT-STDERR: tests/golden/check/fail_declared_twice.rl:2:1: error: 'x' is declared more than once
// EXPECT-STDERR: mutex x;
// EXPECT-STDERR: ^~~~~~~~
// EXPECT-STDERR: tests/golden/check/fail_declared_twice.rl:1:1: note: the first declaration is here
// EXPECT-STDERR: shared x;
// EXPECT-STDERR: ^~~~~~~~~
// EXPECT-STDERR: tests/golden/check/fail_declared_twice.rl:4:1: error: 'y' is declared more than once
// EXPECT-STDERR: shared y;
// EXPECT-STDERR: ^~~~~~~~~
// EXPECT-STDERR: tests/golden/check/fail_declared_twice.rl:3:1: note: the first declaration is here
// EXPECT-STDERR: shared y[2];
// EXPECT-STDERR: ^~~~~~~~~~~~
