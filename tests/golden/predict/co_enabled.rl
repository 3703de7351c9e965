// RUN: explore --co-enabled %s
// The exact racing pairs: y's accesses race (both can be next at once); x's never are, since
// the wait orders them, though both threads touch x.
shared x;
shared y;

spawn 1 {
  store 1 x;
  store 1 y;
}
v := load y;
wait 1;
w := load x;

// EXPECT-EXIT: 66
// EXPECT-STDOUT: co-enabled racing pairs: 1 (12 states)
// EXPECT-STDOUT:   'y': write by thread 1 at tests/golden/predict/co_enabled.rl:9:3 and read by thread 0 at tests/golden/predict/co_enabled.rl:11:1
