// Matrix multiply with read-shared inputs (a FastTrack-paper-style workload): main fills two
// 16x16 matrices, then four workers each compute every fourth row of their product, `size`
// times over. A and B are read by every thread and written only before the spawns (the
// read-shared case); each row of C is written by one thread only (write-exclusive). Race-free.
shared size;
shared a[256];
shared b[256];
shared c[256];

store 300000 size; // bench size: bench/run.py scales this number

i := 0;
while (i < 256) {
  store (i * 7 + 3) % 10 a[i];
  store (i * 5 + 1) % 10 b[i];
  i := i + 1;
}
spawn 1 {
  n := load size;
  rep := 0;
  while (rep < n) {
    row := 0;
    while (row < 16) {
      col := 0;
      while (col < 16) {
        sum := 0;
        k := 0;
        while (k < 16) {
          x := load a[row * 16 + k];
          y := load b[k * 16 + col];
          sum := sum + x * y;
          k := k + 1;
        }
        store sum c[row * 16 + col];
        col := col + 1;
      }
      row := row + 4;
    }
    rep := rep + 1;
  }
}
spawn 2 {
  n := load size;
  rep := 0;
  while (rep < n) {
    row := 1;
    while (row < 16) {
      col := 0;
      while (col < 16) {
        sum := 0;
        k := 0;
        while (k < 16) {
          x := load a[row * 16 + k];
          y := load b[k * 16 + col];
          sum := sum + x * y;
          k := k + 1;
        }
        store sum c[row * 16 + col];
        col := col + 1;
      }
      row := row + 4;
    }
    rep := rep + 1;
  }
}
spawn 3 {
  n := load size;
  rep := 0;
  while (rep < n) {
    row := 2;
    while (row < 16) {
      col := 0;
      while (col < 16) {
        sum := 0;
        k := 0;
        while (k < 16) {
          x := load a[row * 16 + k];
          y := load b[k * 16 + col];
          sum := sum + x * y;
          k := k + 1;
        }
        store sum c[row * 16 + col];
        col := col + 1;
      }
      row := row + 4;
    }
    rep := rep + 1;
  }
}
spawn 4 {
  n := load size;
  rep := 0;
  while (rep < n) {
    row := 3;
    while (row < 16) {
      col := 0;
      while (col < 16) {
        sum := 0;
        k := 0;
        while (k < 16) {
          x := load a[row * 16 + k];
          y := load b[k * 16 + col];
          sum := sum + x * y;
          k := k + 1;
        }
        store sum c[row * 16 + col];
        col := col + 1;
      }
      row := row + 4;
    }
    rep := rep + 1;
  }
}
wait 1;
wait 2;
wait 3;
wait 4;
total := 0;
i := 0;
while (i < 256) {
  v := load c[i];
  total := total + v;
  i := i + 1;
}
print(total);
