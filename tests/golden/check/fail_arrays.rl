// Arrays must be declared with a size of at least one and are always indexed; scalars never
// are. A constant index out of range is a warning (it is an error only when it runs).
shared buf[4];
shared x;
shared empty[0];
mutex locks[2];
store 1 buf;
store 1 x[0];
store 1 undeclared[2];
lock locks;
store 1 buf[4];

// EXPECT-EXIT: 2
// EXPECT-STDERR: tests/golden/check/fail_arrays.rl:5:1: error: array 'empty' must have at least one element
// EXPECT-STDERR: shared empty[0];
// EXPECT-STDERR: ^~~~~~~~~~~~~~~~
// EXPECT-STDERR: tests/golden/check/fail_arrays.rl:7:9: error: 'buf' is an array; use an element, e.g. 'buf[0]'
// EXPECT-STDERR: store 1 buf;
// EXPECT-STDERR:         ^~~
// EXPECT-STDERR: tests/golden/check/fail_arrays.rl:8:9: error: 'x' is not an array and cannot be indexed
// EXPECT-STDERR: store 1 x[0];
// EXPECT-STDERR:         ^~~~
// EXPECT-STDERR: tests/golden/check/fail_arrays.rl:9:9: error: array 'undeclared' is not declared; declare it with a size, e.g. 'shared undeclared[4];'
// EXPECT-STDERR: store 1 undeclared[2];
// EXPECT-STDERR:         ^~~~~~~~~~~~~
// EXPECT-STDERR: tests/golden/check/fail_arrays.rl:10:6: error: 'locks' is an array; use an element, e.g. 'locks[0]'
// EXPECT-STDERR: lock locks;
// EXPECT-STDERR:      ^~~~~
// EXPECT-STDERR: tests/golden/check/fail_arrays.rl:11:13: warning: index 4 is out of range for 'buf' of size 4
// EXPECT-STDERR: store 1 buf[4];
// EXPECT-STDERR:             ^
