// Characters that are not part of the language are lexical errors; every one is reported.
x := 1 $ 2;
y := x # 3;

// EXPECT-EXIT: 2
// EXPECT-STDERR: tests/golden/check/fail_bad_character.rl:2:8: error: invalid character '$'
// EXPECT-STDERR: x := 1 $ 2;
// EXPECT-STDERR:        ^
// EXPECT-STDERR: tests/golden/check/fail_bad_character.rl:3:8: error: invalid character '#'
// EXPECT-STDERR: y := x # 3;
// EXPECT-STDERR:        ^
