// RUN: explore %s
// fetch_add and cas are atomic read-modify-writes: two threads adding to a volatile counter
// never lose an update, and a cas succeeds for exactly one of two threads.
volatile count;
volatile owner;

spawn 1 {
  old := fetch_add(count, 1);
  won := cas(owner, 0, 1);
}
old := fetch_add(count, 1);
won := cas(owner, 0, 2);
wait 1;
c := load count;
assert(c == 2);
o := load owner;
assert(o == 1 || o == 2);
