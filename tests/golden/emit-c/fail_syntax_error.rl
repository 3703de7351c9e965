// RUN: emit-c %s
// emit-c reports syntax errors like every command (exit 2) and emits nothing.
shared x;

store 1 x
v := load x;

// EXPECT-EXIT: 2
// EXPECT-STDERR: tests/golden/emit-c/fail_syntax_error.rl:5:10: error: expected ';'
// EXPECT-STDERR: store 1 x
// EXPECT-STDERR:          ^
