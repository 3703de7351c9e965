// Literals are 64-bit signed integers.
x := 9223372036854775807;
y := 9223372036854775808;

// EXPECT-EXIT: 2
// EXPECT-STDERR: tests/golden/check/fail_integer_too_large.rl:3:6: error: integer literal '9223372036854775808' is too large (the largest is 9223372036854775807)
// EXPECT-STDERR: y := 9223372036854775808;
// EXPECT-STDERR:      ^~~~~~~~~~~~~~~~~~~
