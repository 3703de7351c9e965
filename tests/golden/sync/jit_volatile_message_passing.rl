// RUN: run --backend=jit %s
// The JIT with a detector (FastTrack by default) instruments the program first, volatiles
// included: the volatile write of `flag` happens before main's read of it, so main's read of `x`
// after seeing the flag does not race with the worker's write, on any schedule.
volatile flag;
shared x;

spawn 1 {
  store 1 x;
  store 1 flag;
}
r := load flag;
if (r == 1) {
  v := load x;
}
wait 1;

// EXPECT-EXIT: 0
