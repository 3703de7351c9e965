// RUN: emit-c %s
// A declaration that no statement uses is refused at the declaration.
shared x;
barrier phase(2);

store 1 x;

// EXPECT-EXIT: 2
// EXPECT-STDERR: tests/golden/sync/fail_emit_c_refuses_declaration.rl:4:1: error: barriers are not supported by emit-c yet (only the interpreter runs them so far: 'racelang run', 'explore' and 'test')
// EXPECT-STDERR: barrier phase(2);
// EXPECT-STDERR: ^~~~~~~~~~~~~~~~~
