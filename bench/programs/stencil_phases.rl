// Fork/join phases: a 1D stencil over 32768 cells in two phases (a -> b, then b -> a), each
// done by four fresh workers on one quarter each and joined by main, then a parallel
// reduction. Each phase reads what other threads wrote in the previous phase, including
// the cells at the edges of other workers' quarters: ordered only by spawn and wait
// (fork/join happens-before). Race-free.
shared size;
shared a[32768];
shared b[32768];
shared partial[4];

store 12000 size; // bench size: bench/run.py scales this number

i := 0;
while (i < 32768) {
  store i * 7 % 1000 a[i];
  i := i + 1;
}
// Phase 1: a -> b, one quarter per worker; each reads its neighbours' edge cells of a.
spawn 1 {
  rounds := load size;
  r := 0;
  while (r < rounds) {
    i := 1;
    while (i < 8192) {
      left := load a[i - 1];
      mid := load a[i];
      right := load a[i + 1];
      store (left + 2 * mid + right + r) / 4 b[i];
      i := i + 1;
    }
    r := r + 1;
  }
}
spawn 2 {
  rounds := load size;
  r := 0;
  while (r < rounds) {
    i := 8192;
    while (i < 16384) {
      left := load a[i - 1];
      mid := load a[i];
      right := load a[i + 1];
      store (left + 2 * mid + right + r) / 4 b[i];
      i := i + 1;
    }
    r := r + 1;
  }
}
spawn 3 {
  rounds := load size;
  r := 0;
  while (r < rounds) {
    i := 16384;
    while (i < 24576) {
      left := load a[i - 1];
      mid := load a[i];
      right := load a[i + 1];
      store (left + 2 * mid + right + r) / 4 b[i];
      i := i + 1;
    }
    r := r + 1;
  }
}
spawn 4 {
  rounds := load size;
  r := 0;
  while (r < rounds) {
    i := 24576;
    while (i < 32767) {
      left := load a[i - 1];
      mid := load a[i];
      right := load a[i + 1];
      store (left + 2 * mid + right + r) / 4 b[i];
      i := i + 1;
    }
    r := r + 1;
  }
}
wait 1;
wait 2;
wait 3;
wait 4;
// Phase 2: b -> a, by new threads (a thread id is spawned once).
spawn 5 {
  rounds := load size;
  r := 0;
  while (r < rounds) {
    i := 1;
    while (i < 8192) {
      left := load b[i - 1];
      mid := load b[i];
      right := load b[i + 1];
      store (left + 2 * mid + right + r) / 4 a[i];
      i := i + 1;
    }
    r := r + 1;
  }
}
spawn 6 {
  rounds := load size;
  r := 0;
  while (r < rounds) {
    i := 8192;
    while (i < 16384) {
      left := load b[i - 1];
      mid := load b[i];
      right := load b[i + 1];
      store (left + 2 * mid + right + r) / 4 a[i];
      i := i + 1;
    }
    r := r + 1;
  }
}
spawn 7 {
  rounds := load size;
  r := 0;
  while (r < rounds) {
    i := 16384;
    while (i < 24576) {
      left := load b[i - 1];
      mid := load b[i];
      right := load b[i + 1];
      store (left + 2 * mid + right + r) / 4 a[i];
      i := i + 1;
    }
    r := r + 1;
  }
}
spawn 8 {
  rounds := load size;
  r := 0;
  while (r < rounds) {
    i := 24576;
    while (i < 32767) {
      left := load b[i - 1];
      mid := load b[i];
      right := load b[i + 1];
      store (left + 2 * mid + right + r) / 4 a[i];
      i := i + 1;
    }
    r := r + 1;
  }
}
wait 5;
wait 6;
wait 7;
wait 8;
// Phase 3: a parallel reduction of a.
spawn 9 {
  i := 0;
  s := 0;
  while (i < 8192) {
    v := load a[i];
    s := (s + v) % 1000000007;
    i := i + 1;
  }
  store s partial[0];
}
spawn 10 {
  i := 8192;
  s := 0;
  while (i < 16384) {
    v := load a[i];
    s := (s + v) % 1000000007;
    i := i + 1;
  }
  store s partial[1];
}
spawn 11 {
  i := 16384;
  s := 0;
  while (i < 24576) {
    v := load a[i];
    s := (s + v) % 1000000007;
    i := i + 1;
  }
  store s partial[2];
}
spawn 12 {
  i := 24576;
  s := 0;
  while (i < 32768) {
    v := load a[i];
    s := (s + v) % 1000000007;
    i := i + 1;
  }
  store s partial[3];
}
wait 9;
wait 10;
wait 11;
wait 12;
total := 0;
k := 0;
while (k < 4) {
  s := load partial[k];
  total := (total + s) % 1000000007;
  k := k + 1;
}
print(total);
