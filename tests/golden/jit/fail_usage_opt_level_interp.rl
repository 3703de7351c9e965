// RUN: run -O3 %s
// JIT-only options are usage errors with the interpreter.
print(1);

// EXPECT-EXIT: 2
// EXPECT-STDERR: racelang run: error: --opt-level applies to the jit backend (--backend=jit)
// EXPECT-STDERR: Run 'racelang run --help' for usage.
