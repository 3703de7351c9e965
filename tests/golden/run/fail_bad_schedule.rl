// RUN: run --schedule-string=0,2,1 %s
// A replayed schedule must fit the program: thread 2 cannot step at the second scheduling point
// (it has not been spawned yet). That is a usage error (exit 2).
shared x;

spawn 1 {
  store 1 x;
}
spawn 2 {
  store 2 x;
}
wait 1;
wait 2;

// EXPECT-EXIT: 2
// EXPECT-STDERR: tests/golden/run/fail_bad_schedule.rl: error: cannot replay the schedule: at scheduling point 2 the schedule chooses thread 2, which cannot step (threads 0, 1 can): the schedule is not one of this program's
