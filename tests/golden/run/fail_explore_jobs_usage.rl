// RUN: explore --jobs=0 %s
// --jobs takes 1 to 1024 worker threads, like `racelang test --jobs`; 0 is a usage error.
shared x;

// EXPECT-EXIT: 2
// EXPECT-STDERR: racelang explore: error: --jobs needs a number from 1 to 1024, not '0'
// EXPECT-STDERR: Run 'racelang explore --help' for usage.
