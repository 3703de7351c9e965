// RUN: explore --strategy=states --list-executions=never-written.txt %s
// --list-executions lists DPOR's executions; the state-caching search has none to list.
shared x;
store 1 x;

// EXPECT-EXIT: 2
// EXPECT-STDERR: racelang explore: error: --list-executions applies to --strategy=dpor
// EXPECT-STDERR: Run 'racelang explore --help' for usage.
