// RUN: run --seed=1 %s
// Two threads increment a shared counter with no synchronisation: a read-modify-write race.
// The detector reports it on every schedule, and updates may be lost (x ends 1 or 2).
shared x;

spawn 1 {
  v := load x;
  store v + 1 x;
}
spawn 2 {
  v := load x;
  store v + 1 x;
}
wait 1;
wait 2;
v := load x;
print(v);

// EXPECT-EXIT: 2
// EXPECT-STDERR: racelang: error: unknown command 'run'
// EXPECT-STDERR: Run 'racelang --help' for the list of commands.
