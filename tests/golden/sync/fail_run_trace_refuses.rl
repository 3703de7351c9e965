// RUN: run --trace=/nonexistent-dir/never-written.std %s
// RAPID's STD trace format has no volatile, condition or barrier events: `run --trace` refuses
// such a program before it runs (and before it opens the trace file) rather than writing a
// trace that silently lacks their happens-before edges.
volatile flag;
spawn 1 {
  store 1 flag;
}
wait 1;

// EXPECT-EXIT: 2
// EXPECT-STDERR: tests/golden/sync/fail_run_trace_refuses.rl:7:3: error: volatile variables cannot be recorded by --trace: RAPID's STD format has no such events
// EXPECT-STDERR:   store 1 flag;
// EXPECT-STDERR:   ^~~~~~~~~~~~~
