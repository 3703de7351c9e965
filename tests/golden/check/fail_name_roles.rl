// One name is a local, a shared location or a lock, never two of these. Each name's conflict
// is reported once, with a note at the use or declaration it conflicts with.
shared x;
mutex m;
x := 1;
v := load x;
store v m;
lock v;
store 1 y;
lock y;
w := y + 1;

// EXPECT-EXIT: 2
// EXPECT-STDERR: tests/golden/check/fail_name_roles.rl:5:1: error: 'x' is used here as a local variable, but it is a shared location
// EXPECT-STDERR: x := 1;
// EXPECT-STDERR: ^
// EXPECT-STDERR: tests/golden/check/fail_name_roles.rl:3:1: note: declared as a shared location here
// EXPECT-STDERR: shared x;
// EXPECT-STDERR: ^~~~~~~~~
// EXPECT-STDERR: tests/golden/check/fail_name_roles.rl:7:9: error: 'm' is used here as a shared location, but it is a lock
// EXPECT-STDERR: store v m;
// EXPECT-STDERR:         ^
// EXPECT-STDERR: tests/golden/check/fail_name_roles.rl:4:1: note: declared as a lock here
// EXPECT-STDERR: mutex m;
// EXPECT-STDERR: ^~~~~~~~
// EXPECT-STDERR: tests/golden/check/fail_name_roles.rl:8:6: error: 'v' is used here as a lock, but it is a local variable
// EXPECT-STDERR: lock v;
// EXPECT-STDERR:      ^
// EXPECT-STDERR: tests/golden/check/fail_name_roles.rl:6:1: note: first used as a local variable here
// EXPECT-STDERR: v := load x;
// EXPECT-STDERR: ^
// EXPECT-STDERR: tests/golden/check/fail_name_roles.rl:10:6: error: 'y' is used here as a lock, but it is a shared location
// EXPECT-STDERR: lock y;
// EXPECT-STDERR:      ^
// EXPECT-STDERR: tests/golden/check/fail_name_roles.rl:9:9: note: first used as a shared location here
// EXPECT-STDERR: store 1 y;
// EXPECT-STDERR:         ^
