// RUN: explore --co-enabled %s
// Volatile accesses synchronise and are never data races, so the exact racing pairs leave
// them out: only the plain store and load of `x`, which nothing orders, race.
volatile flag;
shared x;

spawn 1 {
  store 1 x;
  store 1 flag;
}
f := load flag;
store 2 flag;
v := load x;
wait 1;

// EXPECT-EXIT: 66
// EXPECT-STDOUT: co-enabled racing pairs: 1 (24 states)
// EXPECT-STDOUT:   'x': write by thread 1 at tests/golden/sync/explore_co_enabled_volatile.rl:8:3 and read by thread 0 at tests/golden/sync/explore_co_enabled_volatile.rl:13:1
