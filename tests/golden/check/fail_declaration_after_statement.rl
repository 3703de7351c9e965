// Declarations come first: the statements after them are the main thread's body.
x := 1;
shared y;

// EXPECT-EXIT: 2
// EXPECT-STDERR: tests/golden/check/fail_declaration_after_statement.rl:3:1: error: declarations must come before all procedures and statements
// EXPECT-STDERR: shared y;
// EXPECT-STDERR: ^~~~~~
