// RUN: emit-c --detector=vc %s
// emit-c with a detector instruments the program first, so it refuses what the passes refuse:
// a barrier awaited by more threads than its count.
barrier b(1);

spawn 1 {
  await b;
}
await b;
wait 1;

// EXPECT-EXIT: 2
// EXPECT-STDERR: tests/golden/sync/fail_emit_c_detector_barrier_overfull.rl:9:1: error: barrier 'b' is awaited by 2 threads but counts 1: the instrumentation passes need every thread that awaits a barrier to be one of its count (the interpreter runs it: 'racelang run', 'explore')
// EXPECT-STDERR: await b;
// EXPECT-STDERR: ^~~~~~~~
