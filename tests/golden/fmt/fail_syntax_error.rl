// RUN: fmt %s
// fmt needs a program that parses.
store 1;

// EXPECT-EXIT: 2
// EXPECT-STDERR: tests/golden/fmt/fail_syntax_error.rl:3:8: error: unexpected ';'; expected a name
// EXPECT-STDERR: store 1;
// EXPECT-STDERR:        ^
