// RUN: instrument --elide=loops %s
// An unknown check elimination is a usage error that lists the valid ones.

// EXPECT-EXIT: 2
// EXPECT-STDERR: racelang instrument: error: unknown check elimination 'loops' (all, none, or a list of: redundant, thread-local, redundant-across-release, thread-local-writers-only, ordered, ordered-unguarded-reads, ordered-before-waits, ordered-locks-after-assignment, disjoint, disjoint-off-by-one, disjoint-without-joins, disjoint-ignoring-reads, range, range-wrong-bound, range-across-sync)
// EXPECT-STDERR: Run 'racelang instrument --help' for usage.
