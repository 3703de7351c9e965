// RUN: %s
// Spawning a thread id a second time is a runtime error on real threads too.
shared x;

k := 0;
while (k < 2) {
  spawn 1 {
    store 1 x;
  }
  wait 1;
  k := k + 1;
}

// EXPECT-EXIT: 1
// EXPECT-STDERR: tests/golden/jit/fail_respawn.rl:7:3: error: thread 0: thread 1 has already been spawned (it has finished); a thread id is spawned at most once
// EXPECT-STDERR:   spawn 1 {
// EXPECT-STDERR:   ^~~~~~~~~
// EXPECT-STDERR: Real threads cannot be replayed; the interpreter ends the same way with seed 1.
// EXPECT-STDERR: To replay: racelang run tests/golden/jit/fail_respawn.rl --backend=interp --detector=fasttrack --seed=1
