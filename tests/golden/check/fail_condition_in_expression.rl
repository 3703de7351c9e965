// Conditions and expressions are separate: a comparison is not a value.
a := 1 < 2;

// EXPECT-EXIT: 2
// EXPECT-STDERR: tests/golden/check/fail_condition_in_expression.rl:2:8: error: unexpected '<'; expected ';'
// EXPECT-STDERR: a := 1 < 2;
// EXPECT-STDERR:        ^
