// RUN: run --seed=4 %s
// The situation of the paper's Figure 10: thread 1 writes x while thread 2 reads it, with no
// synchronisation. Without a lock per location around the race-detection metadata, the
// instrumentation itself races and can miss this race; with it, the race is always reported.
shared x;

spawn 1 {
  store 42 x;
}
spawn 2 {
  a := load x;
  print(a);
}
wait 1;
wait 2;

// RUN-JIT: %s
// JIT-COMPARE: exit (on real threads, thread 2 may read and print before thread 1 writes)

// EXPECT-EXIT: 66
// EXPECT-STDERR: ==================
// EXPECT-STDERR: WARNING: data race on 'x'
// EXPECT-STDERR:   Read of 'x' by thread 2 at programs/paper_instrumentation_race.rl:11:3:
// EXPECT-STDERR:       a := load x;
// EXPECT-STDERR:       ^~~~~~~~~~~~
// EXPECT-STDERR:   Previous write of 'x' by thread 1 at programs/paper_instrumentation_race.rl:8:3:
// EXPECT-STDERR:       store 42 x;
// EXPECT-STDERR:       ^~~~~~~~~~~
// EXPECT-STDERR:   Thread 1 was spawned by thread 0 at programs/paper_instrumentation_race.rl:7:1
// EXPECT-STDERR:   Thread 2 was spawned by thread 0 at programs/paper_instrumentation_race.rl:10:1
// EXPECT-STDERR: SUMMARY: racelang: data race on 'x' (programs/paper_instrumentation_race.rl:11:3 and programs/paper_instrumentation_race.rl:8:3)
// EXPECT-STDERR: ==================
// EXPECT-STDERR: To replay: racelang run programs/paper_instrumentation_race.rl --seed=4
// JIT-EXPECT-EXIT: 66
