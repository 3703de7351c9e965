// A missing ';' is reported right after the token it should follow, as clang does; the
// parser recovers and reports the next error too.
shared x
store 1 x;
v := load x
print(v);

// EXPECT-EXIT: 2
// EXPECT-STDERR: tests/golden/check/fail_missing_semicolon.rl:3:9: error: expected ';'
// EXPECT-STDERR: shared x
// EXPECT-STDERR:         ^
// EXPECT-STDERR: tests/golden/check/fail_missing_semicolon.rl:5:12: error: expected ';'
// EXPECT-STDERR: v := load x
// EXPECT-STDERR:            ^
