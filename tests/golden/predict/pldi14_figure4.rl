// RUN: predict --analysis=all tests/golden/inputs/pldi14_figure4.trace
// PLDI'14 Figure 4 (the trace of its Figure 1). The paper's verdict: of the three conflicting
// pairs, (3,10) on x (events 3 and 9 here) is a race, through a reordering in which the read of
// y at 8 sees 0 (no branch depends on it); (4,8) on y and (12,15) on z are not (lock mutual
// exclusion, and the join). Only the maximal analysis finds (3,10): the others keep every read's
// writer, and the read of y at 8 reads from the write at 4, after the write of x.

// EXPECT-EXIT: 66
// EXPECT-STDERR: ==================
// EXPECT-STDERR: WARNING: predicted data race on 'x' (maximal)
// EXPECT-STDERR:   Read of 'x' by thread 2 at 10:1 (event 9):
// EXPECT-STDERR:   Previous write of 'x' by thread 1 at 3:1 (event 3):
// EXPECT-STDERR:   Witness schedule: 1,2,2,2,1,1,2
// EXPECT-STDERR: SUMMARY: racelang: predicted data race on 'x' (10:1 and 3:1)
// EXPECT-STDERR: ==================
// EXPECT-STDERR: note: m2 is complete on this trace: these are all its predictable races
// EXPECT-STDERR: predict: 1 race predicted (all) on 14 events
