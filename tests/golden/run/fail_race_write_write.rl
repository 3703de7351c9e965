// RUN: run --schedule=rr %s
// A write/write race under the round-robin scheduler: both threads store to buf[1] (array
// elements are separate locations: the stores to buf[0] and buf[2] do not race).
shared buf[3];

spawn 1 {
  store 1 buf[0];
  store 1 buf[1];
}
spawn 2 {
  store 2 buf[2];
  store 2 buf[1];
}
wait 1;
wait 2;

// EXPECT-EXIT: 66
// EXPECT-STDERR: ==================
// EXPECT-STDERR: WARNING: data race on 'buf[1]'
// EXPECT-STDERR:   Write of 'buf[1]' by thread 2 at tests/golden/run/fail_race_write_write.rl:12:3:
// EXPECT-STDERR:       store 2 buf[1];
// EXPECT-STDERR:       ^~~~~~~~~~~~~~~
// EXPECT-STDERR:   Previous write of 'buf[1]' by thread 1 at tests/golden/run/fail_race_write_write.rl:8:3:
// EXPECT-STDERR:       store 1 buf[1];
// EXPECT-STDERR:       ^~~~~~~~~~~~~~~
// EXPECT-STDERR:   Thread 1 was spawned by thread 0 at tests/golden/run/fail_race_write_write.rl:6:1
// EXPECT-STDERR:   Thread 2 was spawned by thread 0 at tests/golden/run/fail_race_write_write.rl:10:1
// EXPECT-STDERR: SUMMARY: racelang: data race on 'buf[1]' (tests/golden/run/fail_race_write_write.rl:12:3 and tests/golden/run/fail_race_write_write.rl:8:3)
// EXPECT-STDERR: ==================
// EXPECT-STDERR: To replay: racelang run tests/golden/run/fail_race_write_write.rl --schedule=rr
