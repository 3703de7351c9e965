// RUN: run --seed=1 %s
// A barrier orders each phase's arrivals before its departures, and nothing more: thread 1's
// store after the first await and main's load after the same await race. A barrier built on
// one mutex would order main's departure after thread 1's next arrival whenever thread 1 gets
// there first, and hide the race from ThreadSanitizer. The value is printed so that the C
// compiler keeps the load.
shared x;
barrier b(2);

spawn 1 {
  await b;
  store 1 x;
  await b;
}
await b;
v := load x;
await b;
print(v);
wait 1;
