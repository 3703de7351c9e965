// RUN: predict --analysis=all tests/golden/inputs/predict_race.std
// RAPID's STD format: source ids are line * 65536 + col. Happens-before orders the write and the
// read through m. SyncP, M2 and maximal predict the race (main's critical section first); SHB orders a
// read after its writer, so it does not; WCP does.

// EXPECT-EXIT: 66
// EXPECT-STDERR: ==================
// EXPECT-STDERR: WARNING: predicted data race on 'x' (syncp, wcp, m2, maximal)
// EXPECT-STDERR:   Read of 'x' by thread 0 at 5:1 (event 7):
// EXPECT-STDERR:   Previous write of 'x' by thread 1 at 4:3 (event 2):
// EXPECT-STDERR:   Witness schedule: 0,0,0,1,0
// EXPECT-STDERR: SUMMARY: racelang: predicted data race on 'x' (5:1 and 4:3)
// EXPECT-STDERR: ==================
// EXPECT-STDERR: note: m2 is complete on this trace: these are all its predictable races
// EXPECT-STDERR: predict: 1 race predicted (all) on 7 events
