// RUN: run --seed=1 %s
// Two threads spawned from one procedure race on x inside a procedure the first calls twice:
// the report names the accesses at their places in the procedures' bodies.
shared x;

proc bump(k) {
  v := load x;
  store v + k x;
}

proc twice(k) {
  bump(k);
  bump(k);
}

spawn 1 twice(1);
spawn 2 bump(2);
wait 1;
wait 2;

// EXPECT-EXIT: 66
// EXPECT-STDERR: ==================
// EXPECT-STDERR: WARNING: data race on 'x'
// EXPECT-STDERR:   Read of 'x' by thread 2 at tests/golden/run/proc_race_in_body.rl:7:3:
// EXPECT-STDERR:       v := load x;
// EXPECT-STDERR:       ^~~~~~~~~~~~
// EXPECT-STDERR:   Previous write of 'x' by thread 1 at tests/golden/run/proc_race_in_body.rl:8:3:
// EXPECT-STDERR:       store v + k x;
// EXPECT-STDERR:       ^~~~~~~~~~~~~~
// EXPECT-STDERR:   Thread 1 was spawned by thread 0 at tests/golden/run/proc_race_in_body.rl:16:1
// EXPECT-STDERR:   Thread 2 was spawned by thread 0 at tests/golden/run/proc_race_in_body.rl:17:1
// EXPECT-STDERR: SUMMARY: racelang: data race on 'x' (tests/golden/run/proc_race_in_body.rl:7:3 and tests/golden/run/proc_race_in_body.rl:8:3)
// EXPECT-STDERR: ==================
// EXPECT-STDERR: To replay: racelang run tests/golden/run/proc_race_in_body.rl --seed=1
