// RUN: explore --json %s
// Two threads take two locks in opposite orders: some schedules deadlock, others finish. The
// JSON output lists the deadlock with a witness schedule and the command that replays it.
shared x;
mutex a;
mutex b;

spawn 1 {
  lock a;
  lock b;
  store 1 x;
  unlock b;
  unlock a;
}
lock b;
lock a;
store 2 x;
unlock a;
unlock b;
wait 1;

// EXPECT-EXIT: 1
// EXPECT-STDOUT: {
// EXPECT-STDOUT:   "program": "tests/golden/run/fail_explore_deadlock.rl",
// EXPECT-STDOUT:   "detector": "vc",
// EXPECT-STDOUT:   "complete": true,
// EXPECT-STDOUT:   "limit": null,
// EXPECT-STDOUT:   "cyclic": false,
// EXPECT-STDOUT:   "strategy": "dpor",
// EXPECT-STDOUT:   "overflow": false,
// EXPECT-STDOUT:   "executions": 3,
// EXPECT-STDOUT:   "traces": 3,
// EXPECT-STDOUT:   "finished_executions": 2,
// EXPECT-STDOUT:   "failed_executions": 0,
// EXPECT-STDOUT:   "deadlocked_executions": 1,
// EXPECT-STDOUT:   "discarded_executions": 0,
// EXPECT-STDOUT:   "step_limit_executions": 0,
// EXPECT-STDOUT:   "bounded_executions": 0,
// EXPECT-STDOUT:   "thread_bound": 10000,
// EXPECT-STDOUT:   "racy_executions": 0,
// EXPECT-STDOUT:   "states": 25,
// EXPECT-STDOUT:   "parts": 1,
// EXPECT-STDOUT:   "sleep_blocked": 0,
// EXPECT-STDOUT:   "final_states": [{"x": 1}, {"x": 2}],
// EXPECT-STDOUT:   "races": [],
// EXPECT-STDOUT:   "assertion_failures": [],
// EXPECT-STDOUT:   "runtime_errors": [],
// EXPECT-STDOUT:   "deadlocks": [
// EXPECT-STDOUT:     {"threads": [{"thread": 0, "line": 16, "col": 1, "waits_for": "lock", "lock": "a", "holder": 1, "message": "thread 0 waits to lock 'a', held by thread 1"}, {"thread": 1, "line": 10, "col": 3, "waits_for": "lock", "lock": "b", "holder": 0, "message": "thread 1 waits to lock 'b', held by thread 0"}], "schedule": [0,0,1], "replay": "racelang run tests/golden/run/fail_explore_deadlock.rl --detector=none --schedule-string=0,0,1"}
// EXPECT-STDOUT:   ],
// EXPECT-STDOUT:   "step_limits": []
// EXPECT-STDOUT: }
