// Misused synchronisation: each operation names what it needs and what the name is instead.
shared x;
mutex m;
volatile flag;
volatile slots[2];
condition c;
barrier phase(0);
barrier gate;
shared counted(2);
r := cas(x, 0, 1);
r := fetch_add(missing, 1);
await m;
wait(m, c);
notify(flag);
lock c;
r := load slots;
store 1 flag[0];
notify_all(c);
await gate;

// EXPECT-EXIT: 2
// EXPECT-STDERR: tests/golden/sync/fail_misuse.rl:7:1: error: barrier 'phase' must wait for at least one thread
// EXPECT-STDERR: barrier phase(0);
// EXPECT-STDERR: ^~~~~~~~~~~~~~~~~
// EXPECT-STDERR: tests/golden/sync/fail_misuse.rl:8:1: error: barrier 'gate' needs the number of threads it waits for, e.g. 'barrier gate(2);'
// EXPECT-STDERR: barrier gate;
// EXPECT-STDERR: ^~~~~~~~~~~~~
// EXPECT-STDERR: tests/golden/sync/fail_misuse.rl:9:1: error: only barriers take a thread count; 'counted' is declared 'shared'
// EXPECT-STDERR: shared counted(2);
// EXPECT-STDERR: ^~~~~~~~~~~~~~~~~~
// EXPECT-STDERR: tests/golden/sync/fail_misuse.rl:10:10: error: 'cas' needs a volatile variable, but 'x' is a shared location
// EXPECT-STDERR: r := cas(x, 0, 1);
// EXPECT-STDERR:          ^
// EXPECT-STDERR: tests/golden/sync/fail_misuse.rl:2:1: note: declared as a shared location here
// EXPECT-STDERR: shared x;
// EXPECT-STDERR: ^~~~~~~~~
// EXPECT-STDERR: tests/golden/sync/fail_misuse.rl:11:16: error: 'fetch_add' needs a volatile variable; 'missing' is not declared (declare it, e.g. 'volatile missing;')
// EXPECT-STDERR: r := fetch_add(missing, 1);
// EXPECT-STDERR:                ^~~~~~~
// EXPECT-STDERR: tests/golden/sync/fail_misuse.rl:12:7: error: 'await' needs a barrier, but 'm' is a lock
// EXPECT-STDERR: await m;
// EXPECT-STDERR:       ^
// EXPECT-STDERR: tests/golden/sync/fail_misuse.rl:3:1: note: declared as a lock here
// EXPECT-STDERR: mutex m;
// EXPECT-STDERR: ^~~~~~~~
// EXPECT-STDERR: tests/golden/sync/fail_misuse.rl:13:6: error: 'wait' needs a condition variable, but 'm' is a lock
// EXPECT-STDERR: wait(m, c);
// EXPECT-STDERR:      ^
// EXPECT-STDERR: tests/golden/sync/fail_misuse.rl:3:1: note: declared as a lock here
// EXPECT-STDERR: mutex m;
// EXPECT-STDERR: ^~~~~~~~
// EXPECT-STDERR: tests/golden/sync/fail_misuse.rl:13:9: error: 'c' is used here as a lock, but it is a condition variable
// EXPECT-STDERR: wait(m, c);
// EXPECT-STDERR:         ^
// EXPECT-STDERR: tests/golden/sync/fail_misuse.rl:6:1: note: declared as a condition variable here
// EXPECT-STDERR: condition c;
// EXPECT-STDERR: ^~~~~~~~~~~~
// EXPECT-STDERR: tests/golden/sync/fail_misuse.rl:14:8: error: 'notify' needs a condition variable, but 'flag' is a volatile variable
// EXPECT-STDERR: notify(flag);
// EXPECT-STDERR:        ^~~~
// EXPECT-STDERR: tests/golden/sync/fail_misuse.rl:4:1: note: declared as a volatile variable here
// EXPECT-STDERR: volatile flag;
// EXPECT-STDERR: ^~~~~~~~~~~~~~
// EXPECT-STDERR: tests/golden/sync/fail_misuse.rl:16:11: error: 'slots' is an array; use an element, e.g. 'slots[0]'
// EXPECT-STDERR: r := load slots;
// EXPECT-STDERR:           ^~~~~
// EXPECT-STDERR: tests/golden/sync/fail_misuse.rl:17:9: error: 'flag' is not an array and cannot be indexed
// EXPECT-STDERR: store 1 flag[0];
// EXPECT-STDERR:         ^~~~~~~
