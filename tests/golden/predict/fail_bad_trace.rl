// RUN: predict tests/golden/inputs/predict_bad.trace
// A malformed trace: FILE:LINE: error: and exit 2.

// EXPECT-EXIT: 2
// EXPECT-STDERR: tests/golden/inputs/predict_bad.trace:4: error: not a well-formed trace: T0 acquires a lock T1 holds
