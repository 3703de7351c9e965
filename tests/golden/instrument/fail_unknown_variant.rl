// RUN: instrument --variant=fastest %s
// An unknown variant is a usage error that lists the pass's variants.

// EXPECT-EXIT: 2
// EXPECT-STDERR: racelang instrument: error: the vc pass has no variant 'fastest' (paper (default), no-location-locks, no-release-increment, store-skips-reads, figure9-wait, roadrunner-release)
// EXPECT-STDERR: Run 'racelang instrument --help' for usage.
