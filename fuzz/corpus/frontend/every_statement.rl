shared x;
shared a[4];
mutex m;
mutex ms[2];
spawn 1 {
  lock m;
  v := load x;
  store v + 1 x;
  unlock m;
  i := 0;
  while (i < 4 && !(i == 7)) {
    store i * 2 - (i % 3) / 1 a[i];
    i := i + 1;
  }
}
spawn 2 {
  lock ms[1];
  w := load a[max(0, min(3, 2))];
  if (w > 0 || w <= -1) {
    print(w, -w);
  } else {
    assert(w != 5);
  }
  unlock ms[1];
}
wait 1;
wait 2;
