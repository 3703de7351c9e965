// RUN: emit-c --pass=fasttrack %s
// With a pass, a declaration that no statement uses is refused at the declaration.
shared x;
barrier phase(2);

store 1 x;

// EXPECT-EXIT: 2
// EXPECT-STDERR: tests/golden/sync/fail_emit_c_detector_refuses_declaration.rl:4:1: error: barriers are not supported by emit-c with a detector yet (the instrumentation passes do not support them; emit-c without --detector translates them)
// EXPECT-STDERR: barrier phase(2);
// EXPECT-STDERR: ^~~~~~~~~~~~~~~~~
