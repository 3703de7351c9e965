// RUN: run --backend=jit --detector=vc --pass=fasttrack %s
// --pass and --detector name the same instrumentation twice; when they disagree, say so.
print(1);

// EXPECT-EXIT: 2
// EXPECT-STDERR: racelang run: error: --pass=fasttrack implements --detector=fasttrack, not --detector=vc; give one of the two
// EXPECT-STDERR: Run 'racelang run --help' for usage.
