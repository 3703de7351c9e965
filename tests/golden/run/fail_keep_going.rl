// RUN: run --keep-going --detector=fasttrack --seed=3 %s
// --keep-going reports every distinct race once and continues past it (Detector::force): the
// unprotected counter races again and again in both loops, but each location and pair of
// source positions is reported once; the program still runs to its end. Exit 66.
shared count;

spawn 1 {
  i := 0;
  while (i < 3) {
    c := load count;
    store c + 1 count;
    i := i + 1;
  }
}
j := 0;
while (j < 3) {
  c := load count;
  store c + 1 count;
  j := j + 1;
}
wait 1;
c := load count;
print(c);

// EXPECT-EXIT: 66
// EXPECT-STDOUT: 3
// EXPECT-STDERR: ==================
// EXPECT-STDERR: WARNING: data race on 'count'
// EXPECT-STDERR:   Read of 'count' by thread 0 at tests/golden/run/fail_keep_going.rl:17:3:
// EXPECT-STDERR:       c := load count;
// EXPECT-STDERR:       ^~~~~~~~~~~~~~~~
// EXPECT-STDERR:   Previous write of 'count' by thread 1 at tests/golden/run/fail_keep_going.rl:11:5:
// EXPECT-STDERR:         store c + 1 count;
// EXPECT-STDERR:         ^~~~~~~~~~~~~~~~~~
// EXPECT-STDERR:   Thread 0 is the main thread
// EXPECT-STDERR:   Thread 1 was spawned by thread 0 at tests/golden/run/fail_keep_going.rl:7:1
// EXPECT-STDERR: SUMMARY: racelang: data race on 'count' (tests/golden/run/fail_keep_going.rl:17:3 and tests/golden/run/fail_keep_going.rl:11:5)
// EXPECT-STDERR: ==================
// EXPECT-STDERR: ==================
// EXPECT-STDERR: WARNING: data race on 'count'
// EXPECT-STDERR:   Write of 'count' by thread 0 at tests/golden/run/fail_keep_going.rl:18:3:
// EXPECT-STDERR:       store c + 1 count;
// EXPECT-STDERR:       ^~~~~~~~~~~~~~~~~~
// EXPECT-STDERR:   Previous write of 'count' by thread 1 at tests/golden/run/fail_keep_going.rl:11:5:
// EXPECT-STDERR:         store c + 1 count;
// EXPECT-STDERR:         ^~~~~~~~~~~~~~~~~~
// EXPECT-STDERR:   Thread 0 is the main thread
// EXPECT-STDERR:   Thread 1 was spawned by thread 0 at tests/golden/run/fail_keep_going.rl:7:1
// EXPECT-STDERR: SUMMARY: racelang: data race on 'count' (tests/golden/run/fail_keep_going.rl:18:3 and tests/golden/run/fail_keep_going.rl:11:5)
// EXPECT-STDERR: ==================
// EXPECT-STDERR: To replay: racelang run tests/golden/run/fail_keep_going.rl --detector=fasttrack --keep-going --seed=3
