// The issue's acceptance program for the JIT: 8 threads each do 10^6 increments of one
// shared counter under one lock. Race-free; the final count is exactly 8000000 on every
// schedule, with or without the detector. Timed by bench/jit/run.sh (not a test).
shared count;
mutex m;

spawn 1 {
  i := 0;
  while (i < 1000000) {
    lock m;
    c := load count;
    store c + 1 count;
    unlock m;
    i := i + 1;
  }
}
spawn 2 {
  i := 0;
  while (i < 1000000) {
    lock m;
    c := load count;
    store c + 1 count;
    unlock m;
    i := i + 1;
  }
}
spawn 3 {
  i := 0;
  while (i < 1000000) {
    lock m;
    c := load count;
    store c + 1 count;
    unlock m;
    i := i + 1;
  }
}
spawn 4 {
  i := 0;
  while (i < 1000000) {
    lock m;
    c := load count;
    store c + 1 count;
    unlock m;
    i := i + 1;
  }
}
spawn 5 {
  i := 0;
  while (i < 1000000) {
    lock m;
    c := load count;
    store c + 1 count;
    unlock m;
    i := i + 1;
  }
}
spawn 6 {
  i := 0;
  while (i < 1000000) {
    lock m;
    c := load count;
    store c + 1 count;
    unlock m;
    i := i + 1;
  }
}
spawn 7 {
  i := 0;
  while (i < 1000000) {
    lock m;
    c := load count;
    store c + 1 count;
    unlock m;
    i := i + 1;
  }
}
spawn 8 {
  i := 0;
  while (i < 1000000) {
    lock m;
    c := load count;
    store c + 1 count;
    unlock m;
    i := i + 1;
  }
}
wait 1;
wait 2;
wait 3;
wait 4;
wait 5;
wait 6;
wait 7;
wait 8;
c := load count;
assert(c == 8000000);
print(c);
