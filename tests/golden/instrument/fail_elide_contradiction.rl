// RUN: instrument --no-elide --elide=redundant %s
// --no-elide with a list of eliminations is a contradiction, not a silent choice of one.

// EXPECT-EXIT: 2
// EXPECT-STDERR: racelang instrument: error: --no-elide and --elide=redundant contradict each other
// EXPECT-STDERR: Run 'racelang instrument --help' for usage.
