// RUN: run --schedule-string=0,0,0,1,2,3 %s
// Three philosophers each take their left fork first: when all three hold one fork, nobody can
// take a second. The report lists every blocked thread, the lock it waits for and its holder.
mutex fork[3];

spawn 1 {
  lock fork[0];
  lock fork[1];
  unlock fork[1];
  unlock fork[0];
}
spawn 2 {
  lock fork[1];
  lock fork[2];
  unlock fork[2];
  unlock fork[1];
}
spawn 3 {
  lock fork[2];
  lock fork[0];
  unlock fork[0];
  unlock fork[2];
}
wait 1;
wait 2;
wait 3;

// EXPECT-EXIT: 1
// EXPECT-STDERR: tests/golden/run/fail_deadlock.rl: error: deadlock: threads 0, 1, 2 and 3 are blocked and no thread can continue
// EXPECT-STDERR: tests/golden/run/fail_deadlock.rl:24:1: note: thread 0 waits for thread 1 to finish
// EXPECT-STDERR: wait 1;
// EXPECT-STDERR: ^~~~~~~
// EXPECT-STDERR: tests/golden/run/fail_deadlock.rl:8:3: note: thread 1 waits to lock 'fork[1]', held by thread 2
// EXPECT-STDERR:   lock fork[1];
// EXPECT-STDERR:   ^~~~~~~~~~~~~
// EXPECT-STDERR: tests/golden/run/fail_deadlock.rl:14:3: note: thread 2 waits to lock 'fork[2]', held by thread 3
// EXPECT-STDERR:   lock fork[2];
// EXPECT-STDERR:   ^~~~~~~~~~~~~
// EXPECT-STDERR: tests/golden/run/fail_deadlock.rl:20:3: note: thread 3 waits to lock 'fork[0]', held by thread 1
// EXPECT-STDERR:   lock fork[0];
// EXPECT-STDERR:   ^~~~~~~~~~~~~
// EXPECT-STDERR: To replay: racelang run tests/golden/run/fail_deadlock.rl --schedule-string=0,0,0,1,2,3
