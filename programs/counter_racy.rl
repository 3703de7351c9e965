// RUN: run --seed=1 %s
// Two threads increment a shared counter with no synchronisation: a read-modify-write race.
// The detector reports it on every schedule, and updates may be lost (x ends 1 or 2).
shared x;

spawn 1 {
  v := load x;
  store v + 1 x;
}
spawn 2 {
  v := load x;
  store v + 1 x;
}
wait 1;
wait 2;
v := load x;
print(v);

// RUN-JIT: %s
// JIT-COMPARE: exit stdout (on real threads, which racing access comes second varies)

// EXPECT-EXIT: 66
// EXPECT-STDERR: ==================
// EXPECT-STDERR: WARNING: data race on 'x'
// EXPECT-STDERR:   Read of 'x' by thread 2 at programs/counter_racy.rl:11:3:
// EXPECT-STDERR:       v := load x;
// EXPECT-STDERR:       ^~~~~~~~~~~~
// EXPECT-STDERR:   Previous write of 'x' by thread 1 at programs/counter_racy.rl:8:3:
// EXPECT-STDERR:       store v + 1 x;
// EXPECT-STDERR:       ^~~~~~~~~~~~~~
// EXPECT-STDERR:   Thread 1 was spawned by thread 0 at programs/counter_racy.rl:6:1
// EXPECT-STDERR:   Thread 2 was spawned by thread 0 at programs/counter_racy.rl:10:1
// EXPECT-STDERR: SUMMARY: racelang: data race on 'x' (programs/counter_racy.rl:11:3 and programs/counter_racy.rl:8:3)
// EXPECT-STDERR: ==================
// EXPECT-STDERR: To replay: racelang run programs/counter_racy.rl --seed=1
// JIT-EXPECT-EXIT: 66
