// RUN: instrument --variant=fastest %s
// An unknown variant is a usage error that lists the pass's variants.

// EXPECT-EXIT: 2
// EXPECT-STDERR: racelang instrument: error: the fasttrack pass has no variant 'fastest' (pldi09 (default), no-read-share, epoch-ignores-thread, no-location-locks, barrier-one-buffer)
// EXPECT-STDERR: Run 'racelang instrument --help' for usage.
