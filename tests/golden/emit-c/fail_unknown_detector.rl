// RUN: emit-c --detector=fasttrack %s
// emit-c instruments only with VectorClock (--detector=vc); anything else is a usage error.
shared x;

store 1 x;

// EXPECT-EXIT: 2
// EXPECT-STDERR: racelang emit-c: error: unknown detector 'fasttrack' (none or vc)
// EXPECT-STDERR: Run 'racelang emit-c --help' for usage.
