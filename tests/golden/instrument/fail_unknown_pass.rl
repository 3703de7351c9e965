// RUN: instrument --pass=magic %s
// An unknown pass is a usage error that lists the passes.

// EXPECT-EXIT: 2
// EXPECT-STDERR: racelang instrument: error: unknown pass 'magic' (fasttrack, vc)
// EXPECT-STDERR: Run 'racelang instrument --help' for usage.
