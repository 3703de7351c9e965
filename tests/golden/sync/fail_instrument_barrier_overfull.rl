// RUN: instrument %s
// The instrumentation passes instrument every synchronisation, but a barrier must not be awaited
// by more threads than its count: the passes' two buffers per barrier are exact only when every
// phase is made of the same threads (docs/instrumentation.md, "Barriers"). The refusal points at
// the first await by a thread beyond the count.
shared x;
barrier b(2);

spawn 1 {
  await b;
}
spawn 2 {
  await b;
}
await b;
await b;
wait 1;
wait 2;

// EXPECT-EXIT: 2
// EXPECT-STDERR: tests/golden/sync/fail_instrument_barrier_overfull.rl:15:1: error: barrier 'b' is awaited by 3 threads but counts 2: the instrumentation passes need every thread that awaits a barrier to be one of its count (the interpreter runs it: 'racelang run', 'explore')
// EXPECT-STDERR: await b;
// EXPECT-STDERR: ^~~~~~~~
