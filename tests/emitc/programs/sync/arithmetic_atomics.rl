// RUN: run --seed=1 %s
// cas and fetch_add on volatile scalars and array elements, single-threaded so the values are
// fixed: fetch_add wraps at the int64 limits, as racelang's arithmetic does; cas returns the
// old value and writes only when it equals the expected one.
volatile big;
volatile cells[3];

store 9223372036854775807 big;
old := fetch_add(big, 1);
now := load big;
print(old, now);
back := fetch_add(big, -1);
now := load big;
print(back, now);
i := 2;
a := cas(cells[i], 0, 7);
b := cas(cells[i], 0, 8);
c := load cells[2];
print(a, b, c);
d := cas(cells[i - 1], 0 - 0, 3 * 2);
e := fetch_add(cells[1], 0 - 10);
f := load cells[1];
print(d, e, f);
