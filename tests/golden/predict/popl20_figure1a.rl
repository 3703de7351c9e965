// RUN: predict --analysis=all tests/golden/inputs/popl20_figure1a.trace
// POPL'20 Figure 1(a), reconstructed from the paper's prose (the figure itself is lost in the
// text the project works from; the trace file says what the prose fixes). The paper's verdicts:
// (1, 8) on x is a predictable race, which HB and WCP (and CP) miss because they order the two
// critical sections of l as observed, and which M2 finds. Here: WCP and SHB (HB plus reads-from)
// miss it, M2 finds it, and so do the maximal analysis (exact for predictable races on a trace
// without values) and SyncP, which the paper predates: the witness runs thread 2's section and
// leaves thread 1's out, so no two acquires of l change order. The sections' writes of y never
// race (mutual exclusion).

// EXPECT-EXIT: 66
// EXPECT-STDERR: ==================
// EXPECT-STDERR: WARNING: predicted data race on 'x' (syncp, m2, maximal)
// EXPECT-STDERR:   Read of 'x' by thread 2 at 8:1 (event 8):
// EXPECT-STDERR:   Previous write of 'x' by thread 1 at 1:1 (event 1):
// EXPECT-STDERR:   Witness schedule: 2,2,2,1,2
// EXPECT-STDERR: SUMMARY: racelang: predicted data race on 'x' (8:1 and 1:1)
// EXPECT-STDERR: ==================
// EXPECT-STDERR: note: m2 is complete on this trace: these are all its predictable races
// EXPECT-STDERR: predict: 1 race predicted (all) on 8 events
