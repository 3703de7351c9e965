// RUN: emit-c --detector=fasttrack --variant=paper %s
// A variant belongs to the pass --detector selects (here FastTrack, which has no 'paper').
print(1);

// EXPECT-EXIT: 2
// EXPECT-STDERR: racelang emit-c: error: the fasttrack pass has no variant 'paper' (pldi09 (default), no-read-share, epoch-ignores-thread, no-location-locks, barrier-one-buffer)
// EXPECT-STDERR: Run 'racelang emit-c --help' for usage.
