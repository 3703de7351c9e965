// A block comment that never ends.
x := 1;
/* this comment runs to the end of the file
y := 2;

// EXPECT-EXIT: 2
// EXPECT-STDERR: tests/golden/check/fail_unterminated_comment.rl:3:1: error: unterminated /* comment
// EXPECT-STDERR: /* this comment runs to the end of the file
// EXPECT-STDERR: ^~
