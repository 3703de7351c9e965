// RUN: run --schedule-string=0,0,0,3,1 %s
// The first witness `racelang explore` prints for this program (fail_explore_spawn_mixed.rl):
// at the fifth scheduling point threads 3, 1 and 2 can step, in that (spawn) order, and the
// schedule picks thread 1. The replay scheduler used to search them as if sorted by id and
// refuse the schedule ("cannot replay the schedule").
shared x;

spawn 3 {
  store 3 x;
}
spawn 1 {
  v := load x;
}
spawn 2 {
  store 2 x;
}
wait 1;
wait 2;
wait 3;

// EXPECT-EXIT: 66
// EXPECT-STDERR: ==================
// EXPECT-STDERR: WARNING: data race on 'x'
// EXPECT-STDERR:   Read of 'x' by thread 1 at tests/golden/run/fail_replay_spawn_mixed.rl:12:3:
// EXPECT-STDERR:       v := load x;
// EXPECT-STDERR:       ^~~~~~~~~~~~
// EXPECT-STDERR:   Previous write of 'x' by thread 3 at tests/golden/run/fail_replay_spawn_mixed.rl:9:3:
// EXPECT-STDERR:       store 3 x;
// EXPECT-STDERR:       ^~~~~~~~~~
// EXPECT-STDERR:   Thread 1 was spawned by thread 0 at tests/golden/run/fail_replay_spawn_mixed.rl:11:1
// EXPECT-STDERR:   Thread 3 was spawned by thread 0 at tests/golden/run/fail_replay_spawn_mixed.rl:8:1
// EXPECT-STDERR: SUMMARY: racelang: data race on 'x' (tests/golden/run/fail_replay_spawn_mixed.rl:12:3 and tests/golden/run/fail_replay_spawn_mixed.rl:9:3)
// EXPECT-STDERR: ==================
// EXPECT-STDERR: To replay: racelang run tests/golden/run/fail_replay_spawn_mixed.rl --schedule-string=0,0,0,3,1
