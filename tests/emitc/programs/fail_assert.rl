// RUN: run --seed=1 %s
// An assertion failure names the condition and the locals it reads; output before it is kept.
shared total;
mutex m;

spawn 1 {
  lock m;
  t := load total;
  store t + 5 total;
  unlock m;
}
wait 1;
print(1, 2);
t := load total;
limit := 4;
assert(t <= limit || t % 2 == 0 && !(t > 100));
