// RUN: explore --strategy=states %s
// A spin lock built from compare-and-swap on a volatile word: `cas` takes the lock when it
// finds it free (0), and the holder releases it with a volatile store. The release happens
// before the next successful cas reads it, so the counter the lock protects is race-free, and
// every schedule counts to 3. The spinning is a cycle of states, which the state-caching
// strategy explores.
volatile held;
shared count;

spawn 1 {
  r := cas(held, 0, 1);
  while (r != 0) {
    r := cas(held, 0, 1);
  }
  c := load count;
  store c + 1 count;
  store 0 held;
}
spawn 2 {
  r := cas(held, 0, 1);
  while (r != 0) {
    r := cas(held, 0, 1);
  }
  c := load count;
  store c + 1 count;
  store 0 held;
}
r := cas(held, 0, 1);
while (r != 0) {
  r := cas(held, 0, 1);
}
c := load count;
store c + 1 count;
store 0 held;
wait 1;
wait 2;
c := load count;
assert(c == 3);
