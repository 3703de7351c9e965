// RUN: predict --seed=1 --analysis=all --json %s
// --json: every pair of every analysis, 1-based event positions, the witness as a schedule and
// as event positions (the trace is `predict --write-trace`'s).
shared x;
mutex m;

spawn 1 {
  lock m;
  store 1 x;
  unlock m;
}
lock m;
unlock m;
v := load x;
wait 1;

// EXPECT-EXIT: 66
// EXPECT-STDOUT: {"races": [{"first": 3, "second": 7, "analysis": "wcp", "witness": null, "unconfirmed": "wcp gives no witness, and the pair is not a sync-preserving race"}, {"first": 3, "second": 7, "analysis": "m2", "witness": {"schedule": "0,0,0,1,1,0", "events": [1, 5, 6, 2, 3, 7]}}, {"first": 3, "second": 7, "analysis": "maximal", "witness": {"schedule": "0,0,0,1,1,0", "events": [1, 5, 6, 2, 3, 7]}}]}
// EXPECT-STDERR: ==================
// EXPECT-STDERR: WARNING: predicted data race on 'x' (wcp, m2, maximal)
// EXPECT-STDERR:   Read of 'x' by thread 0 at tests/golden/predict/json.rl:14:1 (event 7):
// EXPECT-STDERR:     v := load x;
// EXPECT-STDERR:     ^~~~~~~~~~~~
// EXPECT-STDERR:   Previous write of 'x' by thread 1 at tests/golden/predict/json.rl:9:3 (event 3):
// EXPECT-STDERR:       store 1 x;
// EXPECT-STDERR:       ^~~~~~~~~~
// EXPECT-STDERR:   Witness: racelang run tests/golden/predict/json.rl --keep-going --schedule-string=0,0,0,1,1,0
// EXPECT-STDERR: SUMMARY: racelang: predicted data race on 'x' (tests/golden/predict/json.rl:14:1 and tests/golden/predict/json.rl:9:3)
// EXPECT-STDERR: ==================
// EXPECT-STDERR: note: m2 is complete on this trace: these are all its predictable races
// EXPECT-STDERR: predict: 1 race predicted (all) on 8 events of the run with --seed=1
