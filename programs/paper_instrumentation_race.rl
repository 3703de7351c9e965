// RUN: run --seed=4 %s
// The situation of the paper's Figure 10: thread 1 writes x while thread 2 reads it, with no
// synchronisation. Without a lock per location around the race-detection metadata, the
// instrumentation itself races and can miss this race; with it, the race is always reported.
shared x;

spawn 1 {
  store 42 x;
}
spawn 2 {
  a := load x;
  print(a);
}
wait 1;
wait 2;

// EXPECT-EXIT: 2
// EXPECT-STDERR: racelang: error: unknown command 'run'
// EXPECT-STDERR: Run 'racelang --help' for the list of commands.
