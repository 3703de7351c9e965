// RUN: emit-c --detector=djit %s
// emit-c instruments only with detectors that have a pass (vc, fasttrack); anything else is a usage error.
shared x;

store 1 x;

// EXPECT-EXIT: 2
// EXPECT-STDERR: racelang emit-c: error: unknown detector 'djit' (none, fasttrack, vc)
// EXPECT-STDERR: Run 'racelang emit-c --help' for usage.
