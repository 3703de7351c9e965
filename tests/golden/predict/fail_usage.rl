// RUN: predict --analysis=hb %s
// Happens-before is `racelang run`'s business, not an analysis of predict: a usage error naming
// the analyses there are.
shared x;

// EXPECT-EXIT: 2
// EXPECT-STDERR: racelang predict: error: unknown analysis 'hb' (shb, syncp, wcp, m2, maximal, all)
// EXPECT-STDERR: Run 'racelang predict --help' for usage.
