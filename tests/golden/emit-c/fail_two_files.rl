// RUN: emit-c %s %s
// Exactly one input file.
shared x;

// EXPECT-EXIT: 2
// EXPECT-STDERR: racelang emit-c: error: expected exactly one input file
// EXPECT-STDERR: Run 'racelang emit-c --help' for usage.
