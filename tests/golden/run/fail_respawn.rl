// RUN: run --seed=1 %s
// Each thread id is spawned once: a spawn inside a loop spawns it again, a runtime error.
shared x;

k := 0;
while (k < 2) {
  spawn 1 {
    store 1 x;
  }
  k := k + 1;
}

// EXPECT-EXIT: 1
// EXPECT-STDERR: tests/golden/run/fail_respawn.rl:7:3: error: thread 0: thread 1 has already been spawned (it has finished); a thread id is spawned at most once
// EXPECT-STDERR:   spawn 1 {
// EXPECT-STDERR:   ^~~~~~~~~
// EXPECT-STDERR: To replay: racelang run tests/golden/run/fail_respawn.rl --seed=1
