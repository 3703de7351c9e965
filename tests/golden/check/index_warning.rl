// A constant index out of range is only a warning: `check` still accepts the program.
shared buf[2];
i := 0;
if (i > 0) {
  store 1 buf[2];
}

// EXPECT-EXIT: 0
// EXPECT-STDERR: tests/golden/check/index_warning.rl:5:15: warning: index 2 is out of range for 'buf' of size 2
// EXPECT-STDERR:   store 1 buf[2];
// EXPECT-STDERR:               ^
