// RUN: instrument --pass=magic %s
// An unknown pass is a usage error that lists the passes.

// EXPECT-EXIT: 2
// EXPECT-STDERR: racelang instrument: error: unknown pass 'magic' (vc, fasttrack)
// EXPECT-STDERR: Run 'racelang instrument --help' for usage.
