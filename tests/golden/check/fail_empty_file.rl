// A file with no statements is a valid (empty) program; this one has a stray brace.
}

// EXPECT-EXIT: 2
// EXPECT-STDERR: tests/golden/check/fail_empty_file.rl:2:1: error: unexpected '}'; expected a statement or end of file
// EXPECT-STDERR: }
// EXPECT-STDERR: ^
