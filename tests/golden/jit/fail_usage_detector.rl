// RUN: run --backend=jit --detector=djit %s
// The JIT runs a detector that has an instrumentation pass, or none; the other label-based
// detectors belong to the interpreter.
print(1);

// EXPECT-EXIT: 2
// EXPECT-STDERR: racelang run: error: the jit backend runs --detector=fasttrack (FastTrack instrumentation) or --detector=vc (VectorClock instrumentation) or --detector=none, not 'djit'; the other detectors run with --backend=interp
// EXPECT-STDERR: Run 'racelang run --help' for usage.
