// RUN: predict --analysis=all tests/golden/inputs/predict_lock_closure.trace
// A trace in racelang's format (no program: witnesses are checked on the trace, not replayed).
// The two writes of x are adjacent in the trace, so every analysis reports them.

// EXPECT-EXIT: 66
// EXPECT-STDERR: ==================
// EXPECT-STDERR: WARNING: predicted data race on 'x' (shb, syncp, wcp, m2, maximal)
// EXPECT-STDERR:   Write of 'x' by thread 2 at 30:3 (event 14):
// EXPECT-STDERR:   Previous write of 'x' by thread 1 at 20:3 (event 13):
// EXPECT-STDERR:   Witness schedule: 1,1,1,2,2,2,1,1,1,2,2,2,1,2
// EXPECT-STDERR: SUMMARY: racelang: predicted data race on 'x' (30:3 and 20:3)
// EXPECT-STDERR: ==================
// EXPECT-STDERR: note: m2 is complete on this trace: these are all its predictable races
// EXPECT-STDERR: predict: 1 race predicted (all) on 14 events
