// RUN: explore %s
// The same handoff with a plain flag: now nothing orders the data, and both the flag and the
// data race. The control for explore_volatile_handoff.rl: the volatile makes the difference.
shared ready;
shared data;

spawn 1 {
  store 42 data;
  store 1 ready;
}
r := load ready;
assume(r == 1);
v := load data;
wait 1;
