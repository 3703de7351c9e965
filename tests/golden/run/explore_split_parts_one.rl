// RUN: explore --split-parts=1 --jobs=2 %s
// The search tree as one part (--split-parts=1): the same traces, outcomes and witnesses as
// the default split into 64 parts (tests/interp/parallel_explore_test.cpp compares splits on
// generated programs), and no part with sleepers, so no sleep-set-blocked execution, where
// the default split of this program (sigma(3) of bench/explore) blocks 61: its parts with
// sleepers run source sets (docs/explore.md, "Optimal parts").
shared array[4];
shared array_index;
spawn 1 { k := load array_index; store 1 array[k]; }
k := load array_index;
store k + 1 array_index;
spawn 2 { k := load array_index; store 1 array[k]; }
k := load array_index;
store k + 1 array_index;
spawn 3 { k := load array_index; store 1 array[k]; }
k := load array_index;
store k + 1 array_index;
wait 1;
wait 2;
wait 3;

// EXPECT-EXIT: 66
// EXPECT-STDOUT: explored tests/golden/run/explore_split_parts_one.rl
// EXPECT-STDOUT: executions: 48 (finished 48, failed 0, deadlocked 0, step limit 0), racy 48
// EXPECT-STDOUT: traces: 48 (DPOR: one finished execution per Mazurkiewicz trace)
// EXPECT-STDOUT: final states: 11
// EXPECT-STDOUT:   array = [0, 0, 0, 1], array_index = 3
// EXPECT-STDOUT:   array = [0, 0, 1, 0], array_index = 3
// EXPECT-STDOUT:   array = [0, 0, 1, 1], array_index = 3
// EXPECT-STDOUT:   array = [0, 1, 0, 1], array_index = 3
// EXPECT-STDOUT:   array = [0, 1, 1, 0], array_index = 3
// EXPECT-STDOUT:   array = [0, 1, 1, 1], array_index = 3
// EXPECT-STDOUT:   array = [1, 0, 0, 1], array_index = 3
// EXPECT-STDOUT:   array = [1, 0, 1, 0], array_index = 3
// EXPECT-STDOUT:   array = [1, 0, 1, 1], array_index = 3
// EXPECT-STDOUT:   array = [1, 1, 0, 1], array_index = 3
// EXPECT-STDOUT:   array = [1, 1, 1, 0], array_index = 3
// EXPECT-STDOUT: data races: 13
// EXPECT-STDOUT:   race on 'array[1]': write by thread 2 at tests/golden/run/explore_split_parts_one.rl:12:34, write by thread 1 at tests/golden/run/explore_split_parts_one.rl:9:34
// EXPECT-STDOUT:     replay: racelang run tests/golden/run/explore_split_parts_one.rl --keep-going --schedule-string=0,0,0,0,1,1,2,2
// EXPECT-STDOUT:   race on 'array[2]': write by thread 2 at tests/golden/run/explore_split_parts_one.rl:12:34, write by thread 1 at tests/golden/run/explore_split_parts_one.rl:9:34
// EXPECT-STDOUT:     replay: racelang run tests/golden/run/explore_split_parts_one.rl --keep-going --schedule-string=0,0,0,0,0,0,0,1,1,2,3,3,2
// EXPECT-STDOUT:   race on 'array[2]': write by thread 3 at tests/golden/run/explore_split_parts_one.rl:15:34, write by thread 1 at tests/golden/run/explore_split_parts_one.rl:9:34
// EXPECT-STDOUT:     replay: racelang run tests/golden/run/explore_split_parts_one.rl --keep-going --schedule-string=0,0,0,0,0,0,0,1,1,2,2,3,3
// EXPECT-STDOUT:   race on 'array[2]': write by thread 3 at tests/golden/run/explore_split_parts_one.rl:15:34, write by thread 2 at tests/golden/run/explore_split_parts_one.rl:12:34
// EXPECT-STDOUT:     replay: racelang run tests/golden/run/explore_split_parts_one.rl --keep-going --schedule-string=0,0,0,0,0,0,0,2,2,3,3
// EXPECT-STDOUT:   race on 'array[3]': write by thread 2 at tests/golden/run/explore_split_parts_one.rl:12:34, write by thread 1 at tests/golden/run/explore_split_parts_one.rl:9:34
// EXPECT-STDOUT:     replay: racelang run tests/golden/run/explore_split_parts_one.rl --keep-going --schedule-string=0,0,0,0,0,0,0,0,0,1,1,2,2
// EXPECT-STDOUT:   race on 'array[3]': write by thread 3 at tests/golden/run/explore_split_parts_one.rl:15:34, write by thread 1 at tests/golden/run/explore_split_parts_one.rl:9:34
// EXPECT-STDOUT:     replay: racelang run tests/golden/run/explore_split_parts_one.rl --keep-going --schedule-string=0,0,0,0,0,0,0,0,0,1,1,2,2,3,3
// EXPECT-STDOUT:   race on 'array[3]': write by thread 3 at tests/golden/run/explore_split_parts_one.rl:15:34, write by thread 2 at tests/golden/run/explore_split_parts_one.rl:12:34
// EXPECT-STDOUT:     replay: racelang run tests/golden/run/explore_split_parts_one.rl --keep-going --schedule-string=0,0,0,0,0,0,0,0,0,2,2,3,3
// EXPECT-STDOUT:   race on 'array_index': read by thread 1 at tests/golden/run/explore_split_parts_one.rl:9:11, write by thread 0 at tests/golden/run/explore_split_parts_one.rl:11:1
// EXPECT-STDOUT:     replay: racelang run tests/golden/run/explore_split_parts_one.rl --schedule-string=0,0,0,1
// EXPECT-STDOUT:   race on 'array_index': read by thread 1 at tests/golden/run/explore_split_parts_one.rl:9:11, write by thread 0 at tests/golden/run/explore_split_parts_one.rl:14:1
// EXPECT-STDOUT:     replay: racelang run tests/golden/run/explore_split_parts_one.rl --schedule-string=0,0,0,0,0,0,1
// EXPECT-STDOUT:   race on 'array_index': read by thread 1 at tests/golden/run/explore_split_parts_one.rl:9:11, write by thread 0 at tests/golden/run/explore_split_parts_one.rl:17:1
// EXPECT-STDOUT:     replay: racelang run tests/golden/run/explore_split_parts_one.rl --schedule-string=0,0,0,0,0,0,0,0,0,1
// EXPECT-STDOUT:   race on 'array_index': read by thread 2 at tests/golden/run/explore_split_parts_one.rl:12:11, write by thread 0 at tests/golden/run/explore_split_parts_one.rl:14:1
// EXPECT-STDOUT:     replay: racelang run tests/golden/run/explore_split_parts_one.rl --schedule-string=0,0,0,0,0,0,2
// EXPECT-STDOUT:   race on 'array_index': read by thread 2 at tests/golden/run/explore_split_parts_one.rl:12:11, write by thread 0 at tests/golden/run/explore_split_parts_one.rl:17:1
// EXPECT-STDOUT:     replay: racelang run tests/golden/run/explore_split_parts_one.rl --schedule-string=0,0,0,0,0,0,0,0,0,2
// EXPECT-STDOUT:   race on 'array_index': read by thread 3 at tests/golden/run/explore_split_parts_one.rl:15:11, write by thread 0 at tests/golden/run/explore_split_parts_one.rl:17:1
// EXPECT-STDOUT:     replay: racelang run tests/golden/run/explore_split_parts_one.rl --schedule-string=0,0,0,0,0,0,0,0,0,3
// EXPECT-STDOUT: assertion failures: 0
// EXPECT-STDOUT: runtime errors: 0
// EXPECT-STDOUT: deadlocks: 0
