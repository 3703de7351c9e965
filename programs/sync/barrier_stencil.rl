// RUN: explore %s
// A barrier-phased stencil: three threads each own a cell of `cur`, and in every phase write
// their cell of `next` from their neighbours' cells of `cur`, then copy it back, with a barrier
// between reading and writing. Everything a thread did before an `await` happens before
// everything any thread does after it (the barrier release), so the neighbours' cells are read
// and written with no lock and no race; every schedule ends with the same values.
shared cur[3];
shared next[3];
barrier phase(3);

spawn 1 {
  store 10 cur[1];
  await phase;
  step := 0;
  while (step < 2) {
    l := load cur[0];
    r := load cur[2];
    store (l + r) / 2 next[1];
    await phase;
    v := load next[1];
    store v cur[1];
    await phase;
    step := step + 1;
  }
}
spawn 2 {
  store 20 cur[2];
  await phase;
  step := 0;
  while (step < 2) {
    l := load cur[1];
    store l next[2];
    await phase;
    v := load next[2];
    store v cur[2];
    await phase;
    step := step + 1;
  }
}
store 0 cur[0];
await phase;
step := 0;
while (step < 2) {
  r := load cur[1];
  store r next[0];
  await phase;
  v := load next[0];
  store v cur[0];
  await phase;
  step := step + 1;
}
wait 1;
wait 2;
a := load cur[0];
b := load cur[1];
c := load cur[2];
print(a, b, c);

// RUN-JIT: %s

// EXPECT-EXIT: 0
// EXPECT-STDOUT: explored programs/sync/barrier_stencil.rl
// EXPECT-STDOUT: executions: 7776 (finished 7776, failed 0, deadlocked 0, step limit 0), racy 0
// EXPECT-STDOUT: traces: 7776 (DPOR: one finished execution per Mazurkiewicz trace)
// EXPECT-STDOUT: final states: 1
// EXPECT-STDOUT:   cur = [10, 10, 10], next = [10, 10, 10]
// EXPECT-STDOUT: data races: 0
// EXPECT-STDOUT: assertion failures: 0
// EXPECT-STDOUT: runtime errors: 0
// EXPECT-STDOUT: deadlocks: 0
// JIT-EXPECT-EXIT: 0
// JIT-EXPECT-STDOUT: 10 10 10
