// RUN: run --seed=1 %s
// A false assumption discards the run: it is not a behaviour of the program, which is not an
// error (exit 0), and the note says which thread's assumption it was.
volatile ready;

spawn 1 {
  store 1 ready;
}
r := load ready;
assume(r == 1);
wait 1;

// RUN-JIT: run --backend=jit --detector=none %s
// JIT-COMPARE: exit stdout

// EXPECT-EXIT: 0
// JIT-EXPECT-EXIT: 0
