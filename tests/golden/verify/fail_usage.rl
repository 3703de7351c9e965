// RUN: verify --cases=0 %s
// verify takes no file and a positive number of cases.

// EXPECT-EXIT: 2
// EXPECT-STDERR: racelang verify: error: verify takes no FILE: it checks the pass on programs it generates
// EXPECT-STDERR: Run 'racelang verify --help' for usage.
