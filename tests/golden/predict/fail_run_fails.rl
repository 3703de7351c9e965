// RUN: predict --seed=1 %s
// The recorded run fails an assertion: the events up to there are analysed (no race here), and
// the exit code is 1, as for `racelang run`.
shared x;

store 1 x;
v := load x;
assert(v == 2);

// EXPECT-EXIT: 1
// EXPECT-STDERR: predict: 0 races predicted (syncp) on 3 events of the run with --seed=1
// EXPECT-STDERR: note: the recorded run ended early: thread 0: assertion failed: v == 2 (with v = 1)
