// A procedure nobody calls is a warning, not an error: the program still checks (exit 0).
proc helper(k) {
  print(k);
}

print(1);

// EXPECT-EXIT: 0
// EXPECT-STDERR: tests/golden/check/proc_never_called.rl:2:6: warning: procedure 'helper' is never called; only called procedures are checked in full
// EXPECT-STDERR: proc helper(k) {
// EXPECT-STDERR:      ^~~~~~
