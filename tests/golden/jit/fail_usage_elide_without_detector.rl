// RUN: %s --detector=none --no-elide
// --elide and --no-elide choose what the instrumentation checks; without a detector there is
// no instrumentation for them to change, which is a usage error rather than a silent no-op.
print(1);

// EXPECT-EXIT: 2
// EXPECT-STDERR: racelang run: error: --pass, --variant and --elide choose the instrumentation; --detector=none has none
// EXPECT-STDERR: Run 'racelang run --help' for usage.
