// RUN: explore --strategy=states --json %s
// Thread 1 spins forever only if it reads g before thread 0 sets it: some schedules finish,
// the others can never end. The JSON lists the cycle under "non_terminating" (only present
// when there is one) with a witness, and the exit code is 1.
shared g;
shared f;
mutex m;

spawn 1 {
  lock m;
  v := load g;
  unlock m;
  if (v == 0) {
    w := 0;
    while (w == 0) {
      w := load f;
    }
  }
}
lock m;
store 1 g;
unlock m;
wait 1;

// EXPECT-EXIT: 1
// EXPECT-STDOUT: {
// EXPECT-STDOUT:   "program": "tests/golden/run/fail_explore_spin_on_some_schedules.rl",
// EXPECT-STDOUT:   "detector": "vc",
// EXPECT-STDOUT:   "complete": true,
// EXPECT-STDOUT:   "limit": null,
// EXPECT-STDOUT:   "cyclic": true,
// EXPECT-STDOUT:   "strategy": "states",
// EXPECT-STDOUT:   "overflow": false,
// EXPECT-STDOUT:   "executions": 1,
// EXPECT-STDOUT:   "traces": null,
// EXPECT-STDOUT:   "finished_executions": 1,
// EXPECT-STDOUT:   "failed_executions": 0,
// EXPECT-STDOUT:   "deadlocked_executions": 0,
// EXPECT-STDOUT:   "discarded_executions": 0,
// EXPECT-STDOUT:   "step_limit_executions": 0,
// EXPECT-STDOUT:   "bounded_executions": 0,
// EXPECT-STDOUT:   "thread_bound": null,
// EXPECT-STDOUT:   "racy_executions": 0,
// EXPECT-STDOUT:   "states": 19,
// EXPECT-STDOUT:   "parts": null,
// EXPECT-STDOUT:   "sleep_blocked": null,
// EXPECT-STDOUT:   "final_states": [{"g": 1, "f": 0}],
// EXPECT-STDOUT:   "races": [],
// EXPECT-STDOUT:   "assertion_failures": [],
// EXPECT-STDOUT:   "runtime_errors": [],
// EXPECT-STDOUT:   "deadlocks": [],
// EXPECT-STDOUT:   "non_terminating": [
// EXPECT-STDOUT:     {"threads": [{"thread": 0, "line": 23, "col": 1, "blocked": true}, {"thread": 1, "line": 16, "col": 7, "blocked": false}], "steps": 16, "schedule": [0,1,1,1,0,0,0,1,1], "replay": "racelang run tests/golden/run/fail_explore_spin_on_some_schedules.rl --detector=none --max-steps=16 --schedule-string=0,1,1,1,0,0,0,1,1"}
// EXPECT-STDOUT:   ],
// EXPECT-STDOUT:   "step_limits": []
// EXPECT-STDOUT: }
