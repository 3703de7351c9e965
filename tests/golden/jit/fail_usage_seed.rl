// RUN: %s --seed=3
// Real threads have no schedule to choose: interpreter-only options are usage errors with the
// JIT (exit 2).
print(1);

// EXPECT-EXIT: 2
// EXPECT-STDERR: racelang run: error: --seed applies to the interpreter; add --backend=interp (real threads have no schedule to choose or replay)
// EXPECT-STDERR: Run 'racelang run --help' for usage.
