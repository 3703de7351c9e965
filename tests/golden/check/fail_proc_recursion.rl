// Procedures cannot recurse, directly or through each other: every thread's code stays finite.
proc ping(n) {
  if (n > 0) {
    pong(n - 1);
  }
}

proc pong(n) {
  ping(n);
}

ping(3);

// EXPECT-EXIT: 2
// EXPECT-STDERR: tests/golden/check/fail_proc_recursion.rl:9:3: error: procedure 'ping' calls itself (ping -> pong -> ping): procedures cannot recurse
// EXPECT-STDERR:   ping(n);
// EXPECT-STDERR:   ^~~~~~~~
