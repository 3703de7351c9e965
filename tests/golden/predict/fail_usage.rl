// RUN: predict --analysis=maximal %s
// The maximal causal model is not implemented: a usage error that says so.
shared x;

// EXPECT-EXIT: 2
// EXPECT-STDERR: racelang predict: error: unknown analysis 'maximal' (shb, syncp, wcp, m2, all); the maximal causal model is not implemented yet
// EXPECT-STDERR: Run 'racelang predict --help' for usage.
