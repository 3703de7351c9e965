// RUN: explore %s
// Everything before an `await` happens before everything after it in every thread the phase
// releases (the barrier release rule), and the barrier serves phase after phase: no race on
// `x` in any schedule, and each phase reads what the previous one wrote.
shared x;
barrier b(2);

spawn 1 {
  store 1 x;
  await b;
  await b;
  v := load x;
  assert(v == 2);
}
await b;
v := load x;
assert(v == 1);
store 2 x;
await b;
wait 1;
