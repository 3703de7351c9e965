// RUN: explore %s
// The handoff of run_volatile_handoff.rl with the spin replaced by an assumption, as model
// checkers write it: an execution in which the flag was not yet raised is discarded, not
// reported. Every other schedule reads 42 with no race (the volatile store orders it).
volatile ready;
shared data;

spawn 1 {
  store 42 data;
  store 1 ready;
}
r := load ready;
assume(r == 1);
v := load data;
assert(v == 42);
wait 1;
