// RUN: run --bigger-step --schedule-string=0,1,0 %s
// In the bigger-step semantics a group runs as one step, so it may block only at its first
// visible instruction: here main's group takes m and then finds n held by thread 1. The pass
// never emits such a group; a hand-written marker can.
spawn 1 {
  lock n;
  store 1 x;
  unlock n;
}
// @group(2) both locks in one step
lock m;
lock n;
unlock n;
unlock m;
wait 1;

// EXPECT-EXIT: 1
// EXPECT-STDERR: tests/golden/run/fail_bigger_step_blocks_in_group.rl:12:1: error: thread 0: bigger-step semantics: this instruction would block ('n' is held by thread 1) inside an atomic group, which may block only at its first visible instruction
// EXPECT-STDERR: lock n;
// EXPECT-STDERR: ^~~~~~~
// EXPECT-STDERR: To replay: racelang run tests/golden/run/fail_bigger_step_blocks_in_group.rl --bigger-step --schedule-string=0,1,0
