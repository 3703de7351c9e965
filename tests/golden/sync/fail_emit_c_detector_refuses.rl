// RUN: emit-c --detector=vc %s
// emit-c translates the synchronisation, but not with a detector: the instrumentation passes
// do not support it yet, so the instrumented translation refuses the program at its first use.
volatile flag;
shared x;

spawn 1 {
  store 1 x;
  store 1 flag;
}
r := load flag;
wait 1;

// EXPECT-EXIT: 2
// EXPECT-STDERR: tests/golden/sync/fail_emit_c_detector_refuses.rl:9:3: error: volatile variables are not supported by emit-c with a detector yet (the instrumentation passes do not support them; emit-c without --detector translates them)
// EXPECT-STDERR:   store 1 flag;
// EXPECT-STDERR:   ^~~~~~~~~~~~~
