// RUN: run --seed=1 %s
// Division by zero in a spawned thread: thread, expression and locals are named.
shared d;

spawn 2 {
  a := 10;
  b := load d;
  q := (a + 1) / (b * 3);
  print(q);
}
wait 2;
