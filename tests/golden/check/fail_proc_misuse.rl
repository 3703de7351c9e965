// Misused procedures: an unknown name, the wrong number of arguments, a parameter named twice,
// a spawned call with an argument that is not a constant, a local used as a location.
proc put(v, v) {
  store v x;
}

proc get(x) {
  r := load x;
}

proc unused() {
}

k := 1;
put(1);
missing(2);
spawn 1 get(k);
wait 1;

// EXPECT-EXIT: 2
// EXPECT-STDERR: tests/golden/check/fail_proc_misuse.rl:3:13: error: parameter 'v' of procedure 'put' is named twice
// EXPECT-STDERR: proc put(v, v) {
// EXPECT-STDERR:             ^
// EXPECT-STDERR: tests/golden/check/fail_proc_misuse.rl:15:1: error: procedure 'put' takes 2 arguments, not 1
// EXPECT-STDERR: put(1);
// EXPECT-STDERR: ^~~~~~~
// EXPECT-STDERR: tests/golden/check/fail_proc_misuse.rl:3:6: note: 'put' is defined here
// EXPECT-STDERR: proc put(v, v) {
// EXPECT-STDERR:      ^~~
// EXPECT-STDERR: tests/golden/check/fail_proc_misuse.rl:16:1: error: no procedure named 'missing'
// EXPECT-STDERR: missing(2);
// EXPECT-STDERR: ^~~~~~~
// EXPECT-STDERR: tests/golden/check/fail_proc_misuse.rl:17:13: error: the arguments of a spawned procedure must be constants: a new thread starts with none of its parent's locals (hand it values through shared memory)
// EXPECT-STDERR: spawn 1 get(k);
// EXPECT-STDERR:             ^
// EXPECT-STDERR: tests/golden/check/fail_proc_misuse.rl:8:13: error: 'x' is a local variable of procedure 'get' and cannot also be a shared location or lock
// EXPECT-STDERR:   r := load x;
// EXPECT-STDERR:             ^
