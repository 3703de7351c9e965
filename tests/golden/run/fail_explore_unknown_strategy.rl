// RUN: explore --strategy=bfs %s
// An unknown strategy is a usage error (exit 2) that lists the known ones.
shared x;

// EXPECT-EXIT: 2
// EXPECT-STDERR: racelang explore: error: unknown strategy 'bfs' (dpor, states, naive)
// EXPECT-STDERR: Run 'racelang explore --help' for usage.
