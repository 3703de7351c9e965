// RUN: explore --split-parts=0 %s
// --split-parts takes at least one part (1: the search tree as one part); 0 is a usage error.
shared x;

// EXPECT-EXIT: 2
// EXPECT-STDERR: racelang explore: error: --split-parts needs a number from 1 to 4294967295, not '0'
// EXPECT-STDERR: Run 'racelang explore --help' for usage.
