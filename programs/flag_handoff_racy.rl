// RUN: run --seed=5 %s
// Message passing through a plain flag: thread 1 writes data and then sets a flag; thread 2
// spins on the flag and then reads data. It "works" under sequential consistency, but the
// flag and data accesses are unsynchronised, so both are data races (as they are in C/C++).
shared data;
shared flag;

spawn 1 {
  store 42 data;
  store 1 flag;
}
spawn 2 {
  f := 0;
  while (f == 0) {
    f := load flag;
  }
  d := load data;
  print(d);
}
wait 1;
wait 2;

// EXPECT-EXIT: 2
// EXPECT-STDERR: racelang: error: unknown command 'run'
// EXPECT-STDERR: Run 'racelang --help' for the list of commands.
