// RUN: emit-c %s
// Semantic errors too: a name used as a lock and as a shared location.
shared m;

lock m;
store 1 m;

// EXPECT-EXIT: 2
// EXPECT-STDERR: tests/golden/emit-c/fail_name_roles.rl:5:6: error: 'm' is used here as a lock, but it is a shared location
// EXPECT-STDERR: lock m;
// EXPECT-STDERR:      ^
// EXPECT-STDERR: tests/golden/emit-c/fail_name_roles.rl:3:1: note: declared as a shared location here
// EXPECT-STDERR: shared m;
// EXPECT-STDERR: ^~~~~~~~~
