// RUN: explore --no-cache --strategy=dpor %s
// --no-cache is the naive strategy: asking for another one as well is a usage error.
shared x;

// EXPECT-EXIT: 2
// EXPECT-STDERR: racelang explore: error: --no-cache is --strategy=naive; it contradicts --strategy=dpor
// EXPECT-STDERR: Run 'racelang explore --help' for usage.
