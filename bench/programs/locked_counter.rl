// A lock-protected shared counter: four workers increment one counter (and fold a value
// into a checksum) under one lock, with a little private work between critical sections.
// The contended-lock pattern: every iteration is an acquire and a release. Race-free; the
// count is exact.
shared size;
shared count;
shared checksum;
mutex m;

store 4000000 size; // bench size: bench/run.py scales this number

spawn 1 {
  n := load size;
  j := 0;
  local := 1;
  while (j < n) {
    // a little private work between critical sections
    w := 0;
    while (w < 8) {
      local := (local * 31 + w) % 65521;
      w := w + 1;
    }
    lock m;
    c := load count;
    store c + 1 count;
    s := load checksum;
    store (s + local) % 1000000007 checksum;
    unlock m;
    j := j + 1;
  }
}
spawn 2 {
  n := load size;
  j := 0;
  local := 2;
  while (j < n) {
    // a little private work between critical sections
    w := 0;
    while (w < 8) {
      local := (local * 31 + w) % 65521;
      w := w + 1;
    }
    lock m;
    c := load count;
    store c + 1 count;
    s := load checksum;
    store (s + local) % 1000000007 checksum;
    unlock m;
    j := j + 1;
  }
}
spawn 3 {
  n := load size;
  j := 0;
  local := 3;
  while (j < n) {
    // a little private work between critical sections
    w := 0;
    while (w < 8) {
      local := (local * 31 + w) % 65521;
      w := w + 1;
    }
    lock m;
    c := load count;
    store c + 1 count;
    s := load checksum;
    store (s + local) % 1000000007 checksum;
    unlock m;
    j := j + 1;
  }
}
spawn 4 {
  n := load size;
  j := 0;
  local := 4;
  while (j < n) {
    // a little private work between critical sections
    w := 0;
    while (w < 8) {
      local := (local * 31 + w) % 65521;
      w := w + 1;
    }
    lock m;
    c := load count;
    store c + 1 count;
    s := load checksum;
    store (s + local) % 1000000007 checksum;
    unlock m;
    j := j + 1;
  }
}
wait 1;
wait 2;
wait 3;
wait 4;
n := load size;
c := load count;
assert(c == 4 * n);
s := load checksum;
print(c, s);
