// RUN: run --seed=1 %s
// A read/write race: thread 2 reads x while thread 1 may be writing it, with nothing ordering
// the two. The report names both accesses, where each thread was spawned, and how to replay.
shared x;

spawn 1 {
  store 42 x;
}
spawn 2 {
  v := load x;
  print(v);
}
wait 1;
wait 2;

// EXPECT-EXIT: 66
// EXPECT-STDERR: ==================
// EXPECT-STDERR: WARNING: data race on 'x'
// EXPECT-STDERR:   Read of 'x' by thread 2 at tests/golden/run/fail_race_read_write.rl:10:3:
// EXPECT-STDERR:       v := load x;
// EXPECT-STDERR:       ^~~~~~~~~~~~
// EXPECT-STDERR:   Previous write of 'x' by thread 1 at tests/golden/run/fail_race_read_write.rl:7:3:
// EXPECT-STDERR:       store 42 x;
// EXPECT-STDERR:       ^~~~~~~~~~~
// EXPECT-STDERR:   Thread 1 was spawned by thread 0 at tests/golden/run/fail_race_read_write.rl:6:1
// EXPECT-STDERR:   Thread 2 was spawned by thread 0 at tests/golden/run/fail_race_read_write.rl:9:1
// EXPECT-STDERR: SUMMARY: racelang: data race on 'x' (tests/golden/run/fail_race_read_write.rl:10:3 and tests/golden/run/fail_race_read_write.rl:7:3)
// EXPECT-STDERR: ==================
// EXPECT-STDERR: To replay: racelang run tests/golden/run/fail_race_read_write.rl --seed=1
