// RUN: %s
// A failure ends the run even while other threads spin forever: loops check the run's stop
// flag on their back edge, so thread 1 leaves its infinite loop and the run exits 1.
spawn 1 {
  i := 0;
  while (0 == 0) {
    i := i + 1;
  }
}
z := 0;
q := 1 / z;

// EXPECT-EXIT: 1
// EXPECT-STDERR: tests/golden/jit/fail_stops_spinning_threads.rl:11:6: error: thread 0: division by zero (1 / z with z = 0)
// EXPECT-STDERR: q := 1 / z;
// EXPECT-STDERR:      ^~~~~
// EXPECT-STDERR: Real threads cannot be replayed; the interpreter ends the same way with seed 1.
// EXPECT-STDERR: To replay: racelang run tests/golden/jit/fail_stops_spinning_threads.rl --backend=interp --detector=fasttrack --seed=1
