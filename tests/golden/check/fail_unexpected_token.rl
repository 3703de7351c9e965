// Tokens that cannot continue a statement name what was expected instead.
shared x;
store 1 + x;
v := load x[;

// EXPECT-EXIT: 2
// EXPECT-STDERR: tests/golden/check/fail_unexpected_token.rl:3:12: error: unexpected ';'; expected a name
// EXPECT-STDERR: store 1 + x;
// EXPECT-STDERR:            ^
// EXPECT-STDERR: tests/golden/check/fail_unexpected_token.rl:4:13: error: unexpected ';'; expected an expression
// EXPECT-STDERR: v := load x[;
// EXPECT-STDERR:             ^
