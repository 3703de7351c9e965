// RUN: run --seed=1 %s
// tests/golden/sync/explore_plain_flag_races.rl without the assumption: a plain flag orders
// nothing, so the flag and the data both race, and ThreadSanitizer must report it on the C
// program (plain cells stay plain next to volatile ones; the volatile here is only a counter).
// The values are printed so that the C compiler keeps the loads.
shared ready;
shared data;
volatile count;

spawn 1 {
  store 42 data;
  store 1 ready;
  n := fetch_add(count, 1);
}
r := load ready;
v := load data;
n := fetch_add(count, 1);
print(r, v, n);
wait 1;
