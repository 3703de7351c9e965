// RUN: run --backend=jit --detector=fasttrack %s
// The JIT runs the VectorClock instrumentation or nothing; the label-based detectors belong to
// the interpreter.
print(1);

// EXPECT-EXIT: 2
// EXPECT-STDERR: racelang run: error: the jit backend runs --detector=vc (VectorClock instrumentation) or --detector=none, not 'fasttrack'; the other detectors run with --backend=interp
// EXPECT-STDERR: Run 'racelang run --help' for usage.
