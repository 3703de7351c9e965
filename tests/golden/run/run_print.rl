// RUN: %s
// `racelang FILE` is `racelang run --backend=jit FILE`: compiled, with VectorClock checks, on
// real threads. A race-free program: the output goes to stdout and the run exits 0 with
// nothing on stderr.
shared sum;
mutex m;

spawn 1 {
  lock m;
  s := load sum;
  store s + 1 sum;
  unlock m;
}
spawn 2 {
  lock m;
  s := load sum;
  store s + 2 sum;
  unlock m;
}
wait 1;
wait 2;
s := load sum;
print(s, s * 10);

// EXPECT-EXIT: 0
// EXPECT-STDOUT: 3 30
