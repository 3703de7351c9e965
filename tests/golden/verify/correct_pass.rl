// RUN: verify --cases=40
// `racelang verify` on the default pass (FastTrack with the check eliminations): every property
// holds.

// EXPECT-EXIT: 0
// EXPECT-STDOUT: racelang verify: every property holds for pass fasttrack, variant pldi09, elide redundant,thread-local,ordered,disjoint on 40 programs each (seed 20261122)
// EXPECT-STDERR: racelang verify: pass fasttrack, variant pldi09, elide redundant,thread-local,ordered,disjoint; 40 programs per property, seed 20261122
// EXPECT-STDERR:   theorem4: 40 programs
// EXPECT-STDERR:   theorem5: 40 programs
// EXPECT-STDERR:   lemmas-3-8-10: 40 programs
// EXPECT-STDERR:   lemma4: 40 programs
