// Procedures come after the declarations and before the main thread's statements.
x := 1;
proc late() {
}

// EXPECT-EXIT: 2
// EXPECT-STDERR: tests/golden/check/fail_proc_after_statement.rl:3:1: error: procedures must come after the declarations and before all statements
// EXPECT-STDERR: proc late() {
// EXPECT-STDERR: ^~~~
