// Names starting with '__' belong to the race-detection instrumentation.
shared __C[4];
__t := 1;
lock __X;

// EXPECT-EXIT: 2
// EXPECT-STDERR: tests/golden/check/fail_reserved_names.rl:2:1: error: '__C' is reserved: names starting with '__' belong to the race-detection instrumentation (for instrumented programs, use --allow-reserved)
// EXPECT-STDERR: shared __C[4];
// EXPECT-STDERR: ^~~~~~~~~~~~~~
// EXPECT-STDERR: tests/golden/check/fail_reserved_names.rl:3:1: error: '__t' is reserved: names starting with '__' belong to the race-detection instrumentation (for instrumented programs, use --allow-reserved)
// EXPECT-STDERR: __t := 1;
// EXPECT-STDERR: ^~~
// EXPECT-STDERR: tests/golden/check/fail_reserved_names.rl:4:6: error: '__X' is reserved: names starting with '__' belong to the race-detection instrumentation (for instrumented programs, use --allow-reserved)
// EXPECT-STDERR: lock __X;
// EXPECT-STDERR:      ^~~
