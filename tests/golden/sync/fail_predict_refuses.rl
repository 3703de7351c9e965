// RUN: predict %s
// A backend that does not run the synchronisation yet refuses the program at its first use.
volatile flag;
shared x;

spawn 1 {
  store 1 x;
  store 1 flag;
}
r := load flag;
wait 1;

// EXPECT-EXIT: 2
// EXPECT-STDERR: tests/golden/sync/fail_predict_refuses.rl:8:3: error: volatile variables are not supported by predict yet (the interpreter runs them: 'racelang run', 'explore' and 'test'; so do the JIT, 'racelang instrument' and 'racelang emit-c')
// EXPECT-STDERR:   store 1 flag;
// EXPECT-STDERR:   ^~~~~~~~~~~~~
