// RUN: run --seed=5 %s
// Message passing through a plain flag: thread 1 writes data and then sets a flag; thread 2
// spins on the flag and then reads data. It "works" under sequential consistency, but the
// flag and data accesses are unsynchronised, so both are data races (as they are in C/C++).
shared data;
shared flag;

spawn 1 {
  store 42 data;
  store 1 flag;
}
spawn 2 {
  f := 0;
  while (f == 0) {
    f := load flag;
  }
  d := load data;
  print(d);
}
wait 1;
wait 2;

// RUN-JIT: %s
// JIT-COMPARE: exit stdout (on real threads, which racing access comes second varies)

// EXPECT-EXIT: 66
// EXPECT-STDERR: ==================
// EXPECT-STDERR: WARNING: data race on 'flag'
// EXPECT-STDERR:   Write of 'flag' by thread 1 at programs/flag_handoff_racy.rl:10:3:
// EXPECT-STDERR:       store 1 flag;
// EXPECT-STDERR:       ^~~~~~~~~~~~~
// EXPECT-STDERR:   Previous read of 'flag' by thread 2 at programs/flag_handoff_racy.rl:15:5:
// EXPECT-STDERR:         f := load flag;
// EXPECT-STDERR:         ^~~~~~~~~~~~~~~
// EXPECT-STDERR:   Thread 1 was spawned by thread 0 at programs/flag_handoff_racy.rl:8:1
// EXPECT-STDERR:   Thread 2 was spawned by thread 0 at programs/flag_handoff_racy.rl:12:1
// EXPECT-STDERR: SUMMARY: racelang: data race on 'flag' (programs/flag_handoff_racy.rl:10:3 and programs/flag_handoff_racy.rl:15:5)
// EXPECT-STDERR: ==================
// EXPECT-STDERR: To replay: racelang run programs/flag_handoff_racy.rl --seed=5
// JIT-EXPECT-EXIT: 66
