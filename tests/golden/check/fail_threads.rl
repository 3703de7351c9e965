// Thread ids: spawned threads are numbered from 1, each id has exactly one spawn, waits name
// a spawned thread, and a thread cannot wait for itself.
spawn 0 {
}
spawn 1 {
  wait 1;
}
spawn 1 {
}
spawn 5000 {
}
wait 2;

// EXPECT-EXIT: 2
// EXPECT-STDERR: tests/golden/check/fail_threads.rl:3:1: error: thread id 0 is the main thread's; spawned threads are numbered from 1
// EXPECT-STDERR: spawn 0 {
// EXPECT-STDERR: ^~~~~~~~~
// EXPECT-STDERR: tests/golden/check/fail_threads.rl:8:1: error: thread 1 is spawned more than once; each thread id has one spawn
// EXPECT-STDERR: spawn 1 {
// EXPECT-STDERR: ^~~~~~~~~
// EXPECT-STDERR: tests/golden/check/fail_threads.rl:5:1: note: the other spawn of thread 1 is here
// EXPECT-STDERR: spawn 1 {
// EXPECT-STDERR: ^~~~~~~~~
// EXPECT-STDERR: tests/golden/check/fail_threads.rl:10:1: error: thread id 5000 is too large (at most 1024)
// EXPECT-STDERR: spawn 5000 {
// EXPECT-STDERR: ^~~~~~~~~~~~
// EXPECT-STDERR: tests/golden/check/fail_threads.rl:6:3: error: thread 1 waits for itself and could never continue
// EXPECT-STDERR:   wait 1;
// EXPECT-STDERR:   ^~~~~~~
// EXPECT-STDERR: tests/golden/check/fail_threads.rl:12:1: error: wait for thread 2, but no spawn in the program creates it
// EXPECT-STDERR: wait 2;
// EXPECT-STDERR: ^~~~~~~
