// The check-elimination analysis (elide/elide.h), decision by decision: small programs are
// parsed and checked, and the decision of every load and store is compared, in source order,
// with what the rules of elide/README.md give. Each program's comments name the expected
// decision of each access (F full, R redundant, T thread-local). The deliberately broken
// options are shown to change exactly the decisions they are meant to get wrong.
#include <gtest/gtest.h>

#include <iostream>
#include <limits>
#include <memory>
#include <optional>
#include <ostream>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

#include "elide/constant_index.h"
#include "elide/disjoint_accesses.h"
#include "elide/elide.h"
#include "elide/index_ranges.h"
#include "frontend/ast_walk.h"
#include "frontend/check.h"
#include "frontend/parse.h"
#include "tests/support/program_gen.h"
#include "verify/program_gen.h"

namespace racelang::elide {

// So that a failed comparison prints "redundant", not a byte.
void PrintTo(AccessCheck check, std::ostream* out) {
  *out << spelling(check);
}

namespace {

constexpr AccessCheck F = AccessCheck::Full;
constexpr AccessCheck R = AccessCheck::Redundant;
constexpr AccessCheck T = AccessCheck::ThreadLocal;
constexpr AccessCheck C = AccessCheck::Coalesced;
constexpr AccessCheck O = AccessCheck::Ordered;
constexpr AccessCheck D = AccessCheck::Disjoint;

// The redundancy rules alone: with thread-local cells on, most accesses of these small
// programs would be thread-local, which takes precedence.
ElisionOptions redundant_only() {
  ElisionOptions options;
  options.thread_local_cells = false;
  options.ordered_cells = false;
  options.disjoint = false;
  return options;
}

ElisionOptions thread_local_only() {
  ElisionOptions options;
  options.redundant = false;
  options.ordered_cells = false;
  options.disjoint = false;
  return options;
}

// A parsed and checked program with its plan. ProgramInfo points into the Program, so both
// stay where CheckedProgram put them.
struct Analysed {
  std::unique_ptr<CheckedProgram> checked = std::make_unique<CheckedProgram>();
  ElisionPlan plan;

  // Every load and store, every thread, in source order (spawn bodies where they are written).
  std::vector<const Stmt*> accesses() const {
    std::vector<const Stmt*> out;
    for_each_stmt(checked->program.body, SpawnBodies::Enter, [&](const Stmt& s) {
      if (is_load_or_store(s)) out.push_back(&s);
    });
    return out;
  }
  std::vector<AccessCheck> decisions() const {
    std::vector<AccessCheck> out;
    for (const Stmt* s : accesses()) out.push_back(plan.check_of(*s));
    return out;
  }
};

Analysed analyse(const std::string& text, const ElisionOptions& options = {}) {
  Analysed a;
  SourceFile file("elide_test.rl", text);
  std::ostringstream errors;
  DiagnosticEngine diags(file, &errors);
  std::optional<Program> program = parse_program(file, diags);
  EXPECT_TRUE(program) << errors.str();
  if (!program) return a;
  a.checked->program = std::move(*program);
  std::optional<ProgramInfo> info = check_program(a.checked->program, diags);
  EXPECT_TRUE(info) << errors.str();
  if (!info) return a;
  a.checked->info = std::move(*info);
  a.plan = plan_elision(a.checked->program, a.checked->info, options);
  return a;
}

std::vector<AccessCheck> decisions(const std::string& text, const ElisionOptions& options = {}) {
  return analyse(text, options).decisions();
}

using Checks = std::vector<AccessCheck>;

// ---------------------------------------------------------------------------------------------
// Redundant checks: the pairs of accesses.

TEST(Redundant, ReadAfterRead) {
  EXPECT_EQ(decisions(R"(
a := load x; // F
b := load x; // R
)",
                      redundant_only()),
            (Checks{F, R}));
}

TEST(Redundant, ReadAfterWrite) {
  EXPECT_EQ(decisions(R"(
store 1 x;   // F
b := load x; // R
)",
                      redundant_only()),
            (Checks{F, R}));
}

TEST(Redundant, WriteAfterReadIsNotRedundantButAWriteAfterThatIs) {
  EXPECT_EQ(decisions(R"(
a := load x; // F
store 1 x;   // F: a write after a read records a write
store 2 x;   // R
)",
                      redundant_only()),
            (Checks{F, F, R}));
}

TEST(Redundant, WriteAfterWrite) {
  EXPECT_EQ(decisions(R"(
store 1 x; // F
store 2 x; // R
)",
                      redundant_only()),
            (Checks{F, R}));
}

TEST(Redundant, OnlyTheSameLocationAsWritten) {
  EXPECT_EQ(decisions(R"(
shared a[4];
v := load x;      // F
w := load y;      // F
u := load a[0];   // F
u := load a[1];   // F
u := load a[i];   // F
u := load a[i];   // R: the same index expression, i unchanged
u := load a[0];   // R
u := load a[1];   // R
)",
                      redundant_only()),
            (Checks{F, F, F, F, F, R, R, R}));
}

// Every synchronisation operation ends the facts. Each program is paired with the same program
// with `print(1);` in the synchronisation's place (and the rest kept valid), where the second
// load is redundant: the control that shows the kill is what makes the difference.
TEST(Redundant, EverySynchronisationEndsTheFacts) {
  struct Case {
    const char* with_sync;
    const char* without;
  };
  std::vector<Case> cases = {
      {"a := load x; lock m; b := load x; unlock m;",
       "a := load x; print(1); b := load x; lock m; unlock m;"},
      {"lock m; a := load x; unlock m; b := load x;",
       "lock m; a := load x; print(1); b := load x; unlock m;"},
      {"a := load x; spawn 1 { } b := load x; wait 1;",
       "a := load x; print(1); b := load x; spawn 1 { } wait 1;"},
      {"spawn 1 { } a := load x; wait 1; b := load x;",
       "spawn 1 { } a := load x; print(1); b := load x; wait 1;"},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(decisions(c.with_sync, redundant_only()), (Checks{F, F})) << c.with_sync;
    EXPECT_EQ(decisions(c.without, redundant_only()), (Checks{F, R})) << c.without;
  }
}

TEST(Redundant, BrokenAcrossReleaseKeepsFactsOverUnlockOnly) {
  const char* program = R"(
lock m;
a := load x; // F
unlock m;
b := load x; // F (broken: R)
lock m;
c := load x; // F, also when broken: lock still ends the facts
unlock m;
)";
  EXPECT_EQ(decisions(program, redundant_only()), (Checks{F, F, F}));
  ElisionOptions broken = redundant_only();
  broken.broken_across_release = true;
  EXPECT_EQ(decisions(program, broken), (Checks{F, R, F}));
}

TEST(Redundant, ASpawnedThreadStartsWithNoFacts) {
  EXPECT_EQ(decisions(R"(
a := load x;   // F
spawn 1 {
  b := load x; // F: thread 1's first access
  c := load x; // R
}
d := load x;   // F: the spawn ended main's facts
wait 1;
)",
                      redundant_only()),
            (Checks{F, F, R, F}));
}

// ---------------------------------------------------------------------------------------------
// Control flow.

TEST(Redundant, IfElseKeepsWhatBothBranchesEstablish) {
  EXPECT_EQ(decisions(R"(
if (k > 0) {
  a := load x;   // F
  store 1 y;     // F
  store 1 z;     // F
} else {
  b := load x;   // F
  f := load z;   // F
}
c := load x;     // R: a read of x on both paths
d := load y;     // F: y only on one path
e := load z;     // F: a write on one path, a read on the other: no common fact
)",
                      redundant_only()),
            (Checks{F, F, F, F, F, R, F, F}));
}

TEST(Redundant, IfWithoutElseIntersectsWithTheFactsBefore) {
  EXPECT_EQ(decisions(R"(
a := load x;     // F
store 1 y;       // F
if (k > 0) {
  b := load x;   // R
  lock m;
  unlock m;
}
c := load x;     // F: ended on the then path
if (k > 1) {
  store 2 y;     // F: y's fact was lost where the first if's paths met
}
d := load x;     // R: established by c on both paths
)",
                      redundant_only()),
            (Checks{F, F, R, F, F, R}));
}

TEST(Redundant, AFactEndedInTheLoopBodyIsNotAvailableAtTheHead) {
  // On the first trip b would be redundant; the head's fixpoint says it is not.
  EXPECT_EQ(decisions(R"(
a := load x;     // F
while (i < 3) {
  b := load x;   // F
  lock m;
  unlock m;
  i := i + 1;
}
c := load x;     // F: the head's facts
)",
                      redundant_only()),
            (Checks{F, F, F}));
}

TEST(Redundant, AFactTheBodyKeepsIsAvailableAtTheHeadAndAfter) {
  EXPECT_EQ(decisions(R"(
a := load x;     // F
while (i < 3) {
  b := load x;   // R
  i := i + 1;
}
c := load x;     // R
)",
                      redundant_only()),
            (Checks{F, R, R}));
}

TEST(Redundant, ALoadRepeatedInTheBodyIsRedundantOnlyTheSecondTime) {
  EXPECT_EQ(decisions(R"(
while (i < 3) {
  a := load x;   // F: not on the path that enters the loop
  b := load x;   // R
  i := i + 1;
}
c := load x;     // F: the loop may not run
)",
                      redundant_only()),
            (Checks{F, R, F}));
}

TEST(Redundant, NestedLoopsReachTheirFixpoints) {
  EXPECT_EQ(decisions(R"(
store 1 x;         // F
store 1 y;         // F
while (i < 3) {
  a := load x;     // F: the inner loop ends it on the back edge of the outer one
  b := load y;     // R: nothing ends y's fact
  while (j < 2) {
    c := load x;   // F
    lock m;
    unlock m;
    store 1 y;     // F: the lock ended y's fact too
    j := j + 1;
  }
  i := i + 1;
}
)",
                      redundant_only()),
            (Checks{F, F, F, R, F, F}));
}

// ---------------------------------------------------------------------------------------------
// Locals in indices.

TEST(Redundant, AssigningAnIndexLocalEndsTheFact) {
  EXPECT_EQ(decisions(R"(
shared a[4];
u := load a[i];   // F
j := 2;
v := load a[i];   // R: j is not in the index
i := i + 1;
w := load a[i];   // F: a different cell now
store 1 a[i + 1]; // F
k := load y;
store 2 a[i + 1]; // R: loading into k ends nothing here
i := load z;      // F
store 3 a[i + 1]; // F: loading into i ends the facts on a[i + 1]
)",
                      redundant_only()),
            (Checks{F, R, F, F, F, R, F, F}));
}

TEST(Redundant, LoadIntoItsOwnIndexLocal) {
  EXPECT_EQ(decisions(R"(
shared a[4];
r := load a[r];   // F
s := load a[r];   // F: r changed by the load itself
s := load a[r];   // R
)",
                      redundant_only()),
            (Checks{F, F, R}));
}

// ---------------------------------------------------------------------------------------------
// Thread-local cells.

TEST(ThreadLocal, ScalarsOnlyOneThreadTouches) {
  Analysed a = analyse(R"(
shared x;
shared y;
shared z;
mutex m;
store 1 x;       // T
v := load x;     // T, not R: thread-local takes precedence
store 1 y;       // F
spawn 1 {
  w := load y;   // F: y is read by thread 1 and written by main (ordered, but that is off)
  store 1 z;     // T: z is thread 1's
}
wait 1;
)",
                       ElisionOptions{.ordered_cells = false, .disjoint = false});
  EXPECT_EQ(a.decisions(), (Checks{T, T, F, F, T}));
  EXPECT_TRUE(a.plan.whole_symbol_thread_local("x"));
  EXPECT_FALSE(a.plan.whole_symbol_thread_local("y"));
  EXPECT_TRUE(a.plan.whole_symbol_thread_local("z"));
  EXPECT_FALSE(a.plan.whole_symbol_thread_local("m")); // a lock
  EXPECT_FALSE(a.plan.whole_symbol_thread_local("nothing"));
  EXPECT_EQ(a.plan.count(T), 3u);
  EXPECT_EQ(a.plan.count(F), 2u);
  EXPECT_EQ(a.plan.count(R), 0u);
}

TEST(ThreadLocal, AReadOnlyCellTwoThreadsReadIsNotThreadLocal) {
  EXPECT_EQ(decisions(R"(
v := load x;     // F
spawn 1 {
  w := load x;   // F
}
)",
                      thread_local_only()),
            (Checks{F, F}));
}

TEST(ThreadLocal, ConstantIndexCellsOfASharedArray) {
  Analysed a = analyse(R"(
shared a[4];
store 1 a[0];          // T: only main touches a[0]
store 1 a[1 + 1];      // F: a[2] is main's and thread 1's
v := load a[7];        // T: out of range, touches no cell
spawn 1 {
  w := load a[2];      // F
  store 2 a[-(0 - 1)]; // T: a[1] is thread 1's alone
  w := load a[3 % 2];  // T: the same cell
}
wait 1;
)",
                       thread_local_only());
  EXPECT_EQ(a.decisions(), (Checks{T, F, T, F, T, T}));
  EXPECT_FALSE(a.plan.whole_symbol_thread_local("a"));
}

TEST(ThreadLocal, OneNonConstantIndexMakesTheArrayOneUnit) {
  // The same program as above, plus one computed index in main: any cell may be main's.
  EXPECT_EQ(decisions(R"(
shared a[4];
store 1 a[0];          // F
store 1 a[1 + 1];      // F
v := load a[7];        // F
u := load a[i];        // F
spawn 1 {
  w := load a[2];      // F
  store 2 a[-(0 - 1)]; // F
  w := load a[3 % 2];  // F
}
wait 1;
)",
                      thread_local_only()),
            (Checks{F, F, F, F, F, F, F}));
  // A division by zero does not fold, so it counts as a computed index as well.
  EXPECT_EQ(decisions(R"(
shared a[4];
store 1 a[0];          // F
u := load a[1 / 0];    // F
spawn 1 {
  w := load a[1];      // F
}
)",
                      thread_local_only()),
            (Checks{F, F, F}));
}

TEST(ThreadLocal, AnArrayOnlyOneThreadTouchesIsThreadLocalWhateverItsIndices) {
  Analysed a = analyse(R"(
shared a[4];
shared b[2];
spawn 1 {
  store 1 a[i];      // T
  v := load a[0];    // T
  store 1 b[0];      // F
}
store 2 b[1];        // T: b's cells are tracked one by one
w := load b[0];      // F
)",
                       thread_local_only());
  EXPECT_EQ(a.decisions(), (Checks{T, T, F, T, F}));
  EXPECT_TRUE(a.plan.whole_symbol_thread_local("a"));
  EXPECT_FALSE(a.plan.whole_symbol_thread_local("b"));
}

TEST(ThreadLocal, BrokenWritersOnlyIgnoresReaders) {
  const char* program = R"(
store 1 x;       // F (broken: T)
spawn 1 {
  v := load x;   // F (broken: T)
}
)";
  EXPECT_EQ(decisions(program, thread_local_only()), (Checks{F, F}));
  ElisionOptions broken = thread_local_only();
  broken.broken_writers_only = true;
  Analysed a = analyse(program, broken);
  EXPECT_EQ(a.decisions(), (Checks{T, T}));
  EXPECT_TRUE(a.plan.whole_symbol_thread_local("x"));
}

TEST(ThreadLocal, NestedSpawnsAreThreadsOfTheirOwn) {
  Analysed a = analyse(R"(
spawn 1 {
  store 1 y;       // F: y is also thread 2's
  a := load w;     // F: w is also main's
  spawn 2 {
    store 1 x;     // T: only thread 2
    store 2 y;     // F
    b := load w;   // F: thread 2 starts with no facts
  }
  c := load w;     // F: the spawn ended thread 1's facts
  d := load w;     // R
  wait 2;
}
store 3 w;         // F
)");
  EXPECT_EQ(a.decisions(), (Checks{F, F, T, F, F, F, R, F}));
  EXPECT_TRUE(a.plan.whole_symbol_thread_local("x"));
  EXPECT_FALSE(a.plan.whole_symbol_thread_local("y"));
}

TEST(ThreadLocal, AThreadSpawnedInALoopIsOneOwner) {
  const char* program = R"(
while (i < 2) {
  spawn 1 {
    store 1 x;     // T (redundancy alone: F)
    v := load x;   // T (redundancy alone: R)
    store 1 y;     // F
  }
  wait 1;
  w := load y;     // F
  i := i + 1;
}
)";
  EXPECT_EQ(decisions(program), (Checks{T, T, F, F}));
  EXPECT_EQ(decisions(program, redundant_only()), (Checks{F, R, F, F}));
}

// ---------------------------------------------------------------------------------------------
// The plan itself.

// ---------------------------------------------------------------------------------------------
// Ordered cells: written only while main runs alone, or guarded by one lock elsewhere.

ElisionOptions ordered_only() {
  ElisionOptions options;
  options.redundant = false;
  options.thread_local_cells = false;
  options.disjoint = false;
  return options;
}

TEST(Ordered, ALockedCounterAndItsInitialisedSize) {
  Analysed a = analyse(R"(
store 10 size;     // O: main alone, before its first spawn
spawn 1 {
  n := load size;  // O: size is written only while main runs alone
  lock m;
  c := load count; // O: count is guarded by m
  store c + 1 count;
  unlock m;
}
spawn 2 {
  lock m;
  c := load count; // O
  store c + 1 count;
  unlock m;
}
wait 1;
wait 2;
c := load count;   // O: after main waited for every thread
store 0 size;      // O
)",
                       ordered_only());
  EXPECT_EQ(a.decisions(), (Checks{O, O, O, O, O, O, O, O}));
  EXPECT_TRUE(a.plan.whole_symbol_unchecked("size"));
  EXPECT_TRUE(a.plan.whole_symbol_unchecked("count"));
  EXPECT_FALSE(a.plan.whole_symbol_unchecked("m"));
  EXPECT_FALSE(a.plan.whole_symbol_thread_local("count"));
}

TEST(Ordered, OneAccessWithoutTheLockOrOutsideThePhasesIsEnough) {
  // A read without the lock in another thread.
  EXPECT_EQ(decisions(R"(
spawn 1 { lock m; store 1 x; unlock m; }
spawn 2 { v := load x; }
)",
                      ordered_only()),
            (Checks{F, F}));
  // Two different locks.
  EXPECT_EQ(decisions(R"(
spawn 1 { lock m; store 1 x; unlock m; }
spawn 2 { lock n; store 2 x; unlock n; }
)",
                      ordered_only()),
            (Checks{F, F}));
  // A lock held on one branch only.
  EXPECT_EQ(decisions(R"(
spawn 1 { if (k > 0) { lock m; } else { print(1); } store 1 x; if (k > 0) { unlock m; } }
spawn 2 { lock m; store 2 x; unlock m; }
)",
                      ordered_only()),
            (Checks{F, F}));
  // main's store after its last spawn but before the waits, and one after too few waits.
  EXPECT_EQ(decisions(R"(
spawn 1 { v := load x; }
spawn 2 { w := load y; }
store 1 x;
wait 1;
store 1 y;
wait 2;
)",
                      ordered_only()),
            (Checks{F, F, F, F}));
  // A spawn after a wait: main is not alone between them.
  EXPECT_EQ(decisions(R"(
spawn 1 { v := load x; }
wait 1;
store 1 x;
spawn 2 { w := load y; }
wait 2;
)",
                      ordered_only()),
            (Checks{F, F, O})); // y is never written: ordered
}

TEST(Ordered, MainsAccessesWhileItRunsAloneWhateverTheLocation) {
  // x races between the threads, so it is no ordered unit; main's accesses before its first
  // spawn and after it has waited for every thread are ordered with all of them anyway.
  Analysed a = analyse(R"(
store 0 x;             // O: no other thread exists yet
i := 0;
while (i < 2) {
  store i x;           // O: nested in a top-level statement before the first spawn
  i := i + 1;
}
spawn 1 { store 1 x; } // F
spawn 2 { v := load x; } // F
v := load x;           // F: both threads may run
wait 1;
v := load x;           // F: thread 2 may run
wait 2;
v := load x;           // O: every thread has ended
store 3 x;             // O
)",
                       ordered_only());
  EXPECT_EQ(a.decisions(), (Checks{O, O, F, F, F, F, O, O}));
  EXPECT_FALSE(a.plan.whole_symbol_unchecked("x")); // the threads' accesses keep its metadata
  // Off with the switch.
  ElisionOptions off = ordered_only();
  off.ordered_cells = false;
  EXPECT_EQ(decisions("store 0 x;\nspawn 1 { store 1 x; }\nspawn 2 { store 2 x; }\n", off),
            (Checks{F, F, F}));
}

TEST(Ordered, ResultCellsHandedToMainAtTheJoinAreTheirWorkersOwn) {
  // Outside main's phases each cell of r is touched by one worker only, so with both
  // eliminations the workers' stores are thread-local, although main touches every cell
  // (with a computed index) before the spawns and after the joins.
  const char* results = R"(
shared r[2];
store 0 r[0];           // O: main alone
store 0 r[1];           // O
spawn 1 { store 1 r[0]; } // T
spawn 2 { store 2 r[1]; } // T
wait 1;
wait 2;
i := 0;
while (i < 2) {
  v := load r[i];       // O: main alone
  i := i + 1;
}
)";
  Analysed a = analyse(results);
  EXPECT_EQ(a.decisions(), (Checks{O, O, T, T, O}));
  EXPECT_TRUE(a.plan.whole_symbol_unchecked("r"));
  // Each switch alone: main's accesses are ordered but the workers' stay checked without
  // `ordered`'s phases the thread-local analysis sees main touch every cell.
  EXPECT_EQ(decisions(results, ordered_only()), (Checks{O, O, F, F, O}));
  EXPECT_EQ(decisions(results, thread_local_only()), (Checks{F, F, F, F, F}));
  // A worker touching another's cell outside main's phases: neither is thread-local.
  EXPECT_EQ(
      decisions(
          "shared r[2];\nstore 0 r[0];\nspawn 1 { store 1 r[0]; }\nspawn 2 { v := load r[0]; }\n"),
      (Checks{O, F, F}));
}

TEST(Ordered, WaitsForNestedThreadsAndLocksByConstantIndex) {
  // Thread 2 is spawned by thread 1: main must wait for it too before it is alone.
  EXPECT_EQ(decisions(R"(
spawn 1 { spawn 2 { v := load x; } }
wait 1;
store 1 x;
wait 2;
store 2 x;
)",
                      ordered_only()),
            (Checks{F, F, O})); // x is not ordered, but the last store is main's alone
  EXPECT_EQ(decisions(R"(
spawn 1 { spawn 2 { v := load x; } }
wait 1;
wait 2;
store 2 x;
)",
                      ordered_only()),
            (Checks{O, O}));
  // l[1] guards; l[k] (computed) does not, and unlocking l[k] may have released l[1].
  EXPECT_EQ(decisions(R"(
mutex l[3];
spawn 1 { lock l[1]; store 1 x; unlock l[1]; lock l[k]; store 1 y; unlock l[k]; }
spawn 2 { lock l[2 - 1]; store 2 x; unlock l[1]; lock l[k]; store 2 y; unlock l[k]; }
spawn 3 { lock l[1]; unlock l[k]; store 3 z; unlock l[1]; }
spawn 4 { lock l[1]; store 4 z; unlock l[1]; }
)",
                      ordered_only()),
            (Checks{O, F, O, F, F, F}));
}

TEST(Ordered, ALoopKeepsOnlyTheLocksHeldOnEveryIteration) {
  EXPECT_EQ(decisions(R"(
spawn 1 {
  lock m;
  i := 0;
  while (i < 2) { store i x; unlock m; lock m; i := i + 1; }  // O: m held at every arrival
  unlock m;
}
spawn 2 {
  lock m;
  i := 0;
  while (i < 2) { store i y; unlock m; i := i + 1; }  // F: not held on the second iteration
}
spawn 3 { lock m; store 1 x; store 1 y; unlock m; }
)",
                      ordered_only()),
            (Checks{O, F, O, F}));
}

// An array whose every cell c is accessed under the element L[T(c)] of one lock array, for one
// function T: lock striping and the two account locks of a transfer taken in index order.
TEST(Ordered, ArraysGuardedByTheLockOfTheirCell) {
  // stripe[k % 4] before table[k], and stripe[1] before table[1] (T(c) = c % 4 in both: 1 % 4
  // is not folded, so the constant lock counts only for T = □, and these two differ).
  EXPECT_EQ(decisions(R"(
mutex stripe[4];
shared table[8];
spawn 1 { k := 5; lock stripe[k % 4]; v := load table[k]; store v + 1 table[k]; unlock stripe[k % 4]; }
spawn 2 { j := 3; lock stripe[j % 4]; v := load table[j]; unlock stripe[j % 4]; }
)",
                      ordered_only()),
            (Checks{O, O, O}));
  // A constant element at its own cell and a computed one agree on T = □.
  EXPECT_EQ(decisions(R"(
mutex l[4];
shared t[4];
spawn 1 { lock l[1]; store 1 t[1]; unlock l[1]; }
spawn 2 { k := 2; lock l[k]; store 2 t[k]; unlock l[k]; }
)",
                      ordered_only()),
            (Checks{O, O}));
  // Two accounts locked as min(f, t) and max(f, t), in either operand order: both cells held.
  EXPECT_EQ(decisions(R"(
mutex account[4];
shared balance[4];
spawn 1 {
  f := 1; t := 2;
  lock account[min(f, t)]; lock account[max(f, t)];
  a := load balance[f]; store a balance[t];
  unlock account[max(f, t)]; unlock account[min(f, t)];
}
spawn 2 {
  f := 3; t := 0;
  lock account[min(t, f)]; lock account[max(f, t)];
  a := load balance[t]; store a - 1 balance[f];
  unlock account[max(f, t)]; unlock account[min(t, f)];
}
)",
                      ordered_only()),
            (Checks{O, O, O, O}));
}

TEST(Ordered, TheLockOfACellOnlyWhileItsIndexStands) {
  auto both_threads = [](const std::string& thread_one) {
    return "mutex stripe[4];\nshared table[4];\nspawn 1 { " + thread_one +
           " }\nspawn 2 { k := 1; lock stripe[k]; store 2 table[k]; unlock stripe[k]; }\n";
  };
  // The index's local changes between the lock and the access (by an assignment, a load, a
  // cas), so the access may be to another cell.
  for (const char* changed :
       {"k := 0; lock stripe[k]; k := k + 1; store 1 table[k]; unlock stripe[k - 1];",
        "k := 0; lock stripe[k]; k := load z; store 1 table[k]; unlock stripe[0];",
        "k := 0; lock stripe[k]; k := cas(w, 0, 1); store 1 table[k]; unlock stripe[0];"}) {
    std::string program = std::string("volatile w;\n") + both_threads(changed);
    EXPECT_EQ(decisions(program, ordered_only()).back(), F) << changed;
    ElisionOptions broken = ordered_only();
    broken.broken_locks_survive_assignment = true;
    EXPECT_EQ(decisions(program, broken).back(), O) << changed;
  }
  for (const char* unguarded : {
           // Unlocking a constant element may release the one held by k.
           "k := 1; lock stripe[k]; unlock stripe[1]; store 1 table[k];",
           // The lock index reads a local besides the access index: no function of the cell.
           "k := 1; j := 0; lock stripe[k + j]; store 1 table[k]; unlock stripe[k + j];",
           // Another function of the cell than thread 2's.
           "k := 1; lock stripe[k % 2]; store 1 table[k]; unlock stripe[k % 2];",
           // An access index the lock index does not contain (the same value, not the same
           // expression).
           "k := 1; lock stripe[k]; store 1 table[k + 0]; unlock stripe[k];",
       })
    EXPECT_EQ(decisions(both_threads(unguarded), ordered_only()).back(), F) << unguarded;
  // Held by the same text in two threads is not one lock: k differs between them.
  EXPECT_EQ(decisions(R"(
mutex l[2];
spawn 1 { k := 0; lock l[k]; store 1 x; unlock l[k]; }
spawn 2 { k := 1; lock l[k]; store 2 x; unlock l[k]; }
)",
                      ordered_only()),
            (Checks{F, F}));
}

TEST(Ordered, BrokenOptionsChangeExactlyWhatTheyBreak) {
  const char* unguarded = R"(
spawn 1 { lock m; store 1 x; unlock m; }
spawn 2 { v := load x; }
)";
  ElisionOptions broken = ordered_only();
  broken.broken_unguarded_reads = true;
  EXPECT_EQ(decisions(unguarded, ordered_only()), (Checks{F, F}));
  EXPECT_EQ(decisions(unguarded, broken), (Checks{O, O}));
  const char* before_waits = R"(
spawn 1 { v := load x; }
store 1 x;
wait 1;
)";
  broken = ordered_only();
  broken.broken_phase_before_waits = true;
  EXPECT_EQ(decisions(before_waits, ordered_only()), (Checks{F, F}));
  EXPECT_EQ(decisions(before_waits, broken), (Checks{O, O}));
}

TEST(Plan, WithEverySwitchOffEveryAccessIsFull) {
  ElisionOptions off;
  off.redundant = false;
  off.thread_local_cells = false;
  off.ordered_cells = false;
  off.disjoint = false;
  Analysed a = analyse(R"(
store 1 x;
v := load x;
)",
                       off);
  EXPECT_EQ(a.decisions(), (Checks{F, F}));
  EXPECT_EQ(a.plan.count(F), 2u);
  EXPECT_FALSE(a.plan.whole_symbol_thread_local("x"));
}

TEST(Plan, StatementsItDidNotAnalyseAreFull) {
  Analysed a = analyse(R"(
store 1 x;
v := load x;
)");
  EXPECT_EQ(a.decisions(), (Checks{T, T}));
  // A copy of an analysed access is another statement; so is a non-access.
  Stmt copy = a.checked->program.body[1];
  EXPECT_EQ(a.plan.check_of(copy), F);
  Stmt assign = make_stmt(Assign{"v", make_int(1)});
  EXPECT_EQ(a.plan.check_of(assign), F);
}

TEST(Plan, CountsEveryAccessOfEveryThreadOnce) {
  Analysed a = analyse(R"(
store 1 x;       // T
spawn 1 {
  store 1 y;     // F
  store 2 y;     // R
  while (i < 3) {
    u := load z; // T
    i := i + 1;
  }
}
v := load y;     // F (main is not alone: thread 1 may run)
v := load y;     // R
)");
  EXPECT_EQ(a.decisions(), (Checks{T, F, R, T, F, R}));
  EXPECT_EQ(a.plan.count(F), 2u);
  EXPECT_EQ(a.plan.count(R), 2u);
  EXPECT_EQ(a.plan.count(T), 2u);
}

// ---------------------------------------------------------------------------------------------
// Range coalescing: which loops are coalesced, and which of their accesses.

ElisionOptions range_only() {
  ElisionOptions options;
  options.redundant = false;
  options.thread_local_cells = false;
  options.ordered_cells = false;
  options.disjoint = false;
  options.range = true;
  return options;
}

TEST(Range, ACountedLoopOverASliceIsCoalesced) {
  Analysed a = analyse(R"(
shared s[4];
shared t[4];
shared r[2];
i := 1;
while (i < 3) {
  v := load s[i];     // C
  store v + 1 s[i];   // C: the same index
  w := load t[i + 1]; // C: another array, its own index
  u := load x;        // C: a scalar, checked again in every iteration of the range check
  q := load r[0];     // C: a constant index
  i := i + 1;
}
)",
                       range_only());
  EXPECT_EQ(a.decisions(), (Checks{C, C, C, C, C}));
  ASSERT_EQ(a.plan.coalesced_loop_count(), 1u);
  const Stmt& loop = a.checked->program.body[1];
  const CoalescedLoop* coalesced = a.plan.coalesced_loop(loop);
  ASSERT_NE(coalesced, nullptr);
  EXPECT_EQ(coalesced->counter, "i");
  EXPECT_EQ(coalesced->bound_offset, 0);
  EXPECT_EQ(coalesced->body_size, 6u);
  ASSERT_EQ(coalesced->accesses.size(), 5u);
  EXPECT_EQ(coalesced->accesses[2].position, 2u);
  EXPECT_EQ(coalesced->accesses[1].kind, AccessKind::Write);
}

// Every shape the analysis refuses, each next to the smallest change that makes it accepted:
// the control that shows the refusal is about that one condition.
TEST(Range, OnlyLoopsThatCannotSynchroniseFailOrBlock) {
  auto loop = [](const std::string& cond, const std::string& body) {
    return "shared s[4];\nshared t[4];\nvolatile v;\nn := 3;\ni := 0;\nwhile (" + cond + ") {\n" +
           body + "}\n";
  };
  std::vector<std::pair<std::string, std::string>> cases = {
      // synchronisation in the body
      {loop("i < 3", "lock m; a := load s[i]; unlock m; i := i + 1;"),
       loop("i < 3", "a := load s[i]; i := i + 1;")},
      {loop("i < 3", "a := load s[i]; b := load v; i := i + 1;"),
       loop("i < 3", "a := load s[i]; b := load x; i := i + 1;")},
      // something that can fail: an assertion, a division by a local, an index that may be
      // out of range and is not the counter plus a constant
      {loop("i < 3", "a := load s[i]; assert(a >= 0); i := i + 1;"),
       loop("i < 3", "a := load s[i]; i := i + 1;")},
      {loop("i < 3", "a := load s[i]; b := 10 / a; i := i + 1;"),
       loop("i < 3", "a := load s[i]; b := a / 10; i := i + 1;")},
      {loop("i < 3", "a := load s[i]; b := load t[a]; i := i + 1;"),
       loop("i < 3", "a := load s[i]; b := load t[2]; i := i + 1;")},
      {loop("i < 3", "a := load s[2 * i]; i := i + 1;"),
       loop("i < 3", "a := load s[i + 1]; i := i + 1;")},
      // two indices into one array: the range check would lock a cell twice
      {loop("i < 3", "a := load s[i]; store 1 s[i + 1]; i := i + 1;"),
       loop("i < 3", "a := load s[i + 1]; store 1 s[i + 1]; i := i + 1;")},
      {loop("i < 3", "a := load s[i]; b := load s[2]; i := i + 1;"),
       loop("i < 3", "a := load s[i]; b := load t[2]; i := i + 1;")},
      // the counter and the bound
      {loop("i < 3", "a := load s[i]; i := i + 2;"), loop("i < 3", "a := load s[i]; i := i + 1;")},
      {loop("i < 3", "a := load s[i]; i := i + 1; a := 0;"),
       loop("i < 3", "a := load s[i]; a := 0; i := i + 1;")},
      {loop("i < 3", "i := load s[0]; a := load s[i]; i := i + 1;"),
       loop("i < 3", "j := load t[0]; a := load s[i]; i := i + 1;")},
      {loop("i < n", "a := load s[i]; n := a; i := i + 1;"),
       loop("i < n", "a := load s[i]; m := a; i := i + 1;")},
      {loop("i <= 3", "a := load s[i]; i := i + 1;"), loop("i < 3", "a := load s[i]; i := i + 1;")},
      // control flow in the body
      {loop("i < 3", "if (i == 1) { a := load s[i]; } i := i + 1;"),
       loop("i < 3", "a := load s[i]; i := i + 1;")},
      // nothing to coalesce
      {loop("i < 3", "a := 1; i := i + 1;"), loop("i < 3", "a := load x; i := i + 1;")},
  };
  for (const auto& [refused, accepted] : cases) {
    EXPECT_EQ(analyse(refused, range_only()).plan.coalesced_loop_count(), 0u) << refused;
    EXPECT_EQ(analyse(accepted, range_only()).plan.coalesced_loop_count(), 1u) << accepted;
  }
}

TEST(Range, OnlyAccessesThatWouldBeFullAreCoalesced) {
  // With the other decisions on: the redundant load of the same cell and the thread-local
  // array need no check, so they are left out of the range check as well.
  Analysed a = analyse(R"(
shared s[4];
shared t[4];
spawn 1 { store 1 s[0]; }
i := 0;
while (i < 2) {
  v := load s[i]; // C
  w := load s[i]; // R
  u := load t[i]; // T: only main touches t
  i := i + 1;
}
wait 1;
)",
                       ElisionOptions{.range = true});
  EXPECT_EQ(a.decisions(), (Checks{F, C, R, T}));
  ASSERT_EQ(a.plan.coalesced_loop_count(), 1u);
}

TEST(Range, BrokenOptionsChangeExactlyWhatTheyBreak) {
  const char* program = R"(
shared s[4];
i := 0;
while (i < 3) {
  lock m;
  v := load s[i]; // F (across-sync: C)
  unlock m;
  i := i + 1;
}
j := 0;
while (j < 3) {
  w := load s[j]; // C, bound 3 (wrong-bound: 3 - 1)
  j := j + 1;
}
)";
  Analysed right = analyse(program, range_only());
  EXPECT_EQ(right.decisions(), (Checks{F, C}));
  EXPECT_EQ(right.plan.coalesced_loop(right.checked->program.body[3])->bound_offset, 0);
  ElisionOptions wrong_bound = range_only();
  wrong_bound.broken_range_bound = true;
  Analysed short_by_one = analyse(program, wrong_bound);
  EXPECT_EQ(short_by_one.decisions(), (Checks{F, C}));
  EXPECT_EQ(short_by_one.plan.coalesced_loop(short_by_one.checked->program.body[3])->bound_offset,
            -1);
  ElisionOptions across_sync = range_only();
  across_sync.broken_range_across_sync = true;
  EXPECT_EQ(decisions(program, across_sync), (Checks{C, C}));
}

TEST(Range, IndicesReadTheRangeChecksCounter) {
  Expr index = make_binary(BinaryOp::Add, make_local("i"), make_local("k"));
  Expr renamed = replace_local(index, "i", "__r");
  EXPECT_EQ(renamed, make_binary(BinaryOp::Add, make_local("__r"), make_local("k")));
  EXPECT_EQ(index, make_binary(BinaryOp::Add, make_local("i"), make_local("k"))); // a copy
}

// ---------------------------------------------------------------------------------------------
// Index ranges: the interval of every array index the analysis can bound, in access order.

using Ranges = std::vector<std::optional<IndexRange>>;

Ranges ranges(const std::string& text, const IndexRangeOptions& options = {}) {
  Analysed a = analyse(text);
  std::unordered_map<const Stmt*, IndexRange> found =
      index_ranges(a.checked->program, a.checked->info, options);
  Ranges out;
  for (const Stmt* s : a.accesses()) {
    auto it = found.find(s);
    out.push_back(it == found.end() ? std::nullopt : std::optional<IndexRange>(it->second));
  }
  return out;
}

IndexRange r(int64_t lo, int64_t hi) {
  return IndexRange{lo, hi};
}
constexpr std::nullopt_t kNone = std::nullopt;

TEST(IndexRanges, CountedLoopsNestedAndRestarted) {
  EXPECT_EQ(ranges(R"(
shared a[64];
i := 8;
while (i < 16) {
  v := load a[i - 1];  // the counter in [8, 15]
  j := 0;
  while (j <= 2) {
    store j a[2 * i + j]; // [16, 32]
    j := j + 1;
  }
  store 0 a[j];        // j was assigned in the loop: no bound after it
  i := i + 1;
}
v := load a[i];        // nor for the counter after its loop
k := 3;
while (20 > k && v < 7) {
  store 1 a[k];        // [3, 19]: `H > i` and one conjunct of an `&&` bound it
  k := k + 2;
}
)"),
            (Ranges{r(7, 14), r(16, 32), kNone, kNone, r(3, 19)}));
  // A loop that never runs still gets a range, never an empty one; the broken option stops one
  // short.
  EXPECT_EQ(ranges("shared a[4];\ni := 5;\nwhile (i < 2) { store 0 a[i]; i := i + 1; }\n"),
            (Ranges{r(5, 5)}));
  EXPECT_EQ(ranges("shared a[4];\ni := 0;\nwhile (i < 4) { store 0 a[i]; i := i + 1; }\n",
                   IndexRangeOptions{.off_by_one = true}),
            (Ranges{r(0, 2)}));
}

TEST(IndexRanges, OnlyLoopsWhoseCounterAndBoundBehave) {
  EXPECT_EQ(ranges(R"(
shared a[64];
n := load a[0];
i := 0;
while (i < n) { store 0 a[i]; i := i + 1; }        // a loaded bound: none
i := 0;
while (i < 8) { i := i + 1; store 0 a[i]; }        // the increment not last: none
i := 0;
while (i < 8) { store 0 a[i]; i := 0; i := i + 1; } // assigned twice: none
i := 0;
m := 8;
while (i < m) { store 0 a[i]; m := m + 1; i := i + 1; } // the bound changes: none
i := 0;
while (i < 8) { store 0 a[i]; i := i - 1; }        // not an increment: none
i := 0;
while (i < 8) { store 0 a[i]; i := i + 0; }        // a step of 0 never moves: none
)"),
            (Ranges{r(0, 0), kNone, kNone, kNone, kNone, kNone, kNone}));
}

TEST(IndexRanges, ExpressionsBranchesAndWrapping) {
  EXPECT_EQ(ranges(R"(
shared a[64];
i := 0;
if (v > 0) { i := 10; } else { i := 2; }
store 0 a[i];                 // [2, 10]: both branches
store 0 a[-i + 20];           // [10, 18]
store 0 a[max(i, 5)];         // [5, 10]
store 0 a[min(i, 5)];         // [2, 5]
store 0 a[i / 3];             // [0, 3]
store 0 a[(i + 1) % 4];       // [0, 3]: a remainder of a nonnegative dividend
x := load a[0];
store 0 a[x % 4];             // [-3, 3]: the sign of an unknown dividend
store 0 a[x / 4];             // none
store 0 a[i % x];             // none: the divisor unknown
big := 9223372036854775807;
store 0 a[big + i];           // none: it could wrap
store 0 a[big * 2];           // none
)"),
            (Ranges{r(2, 10), r(10, 18), r(5, 10), r(2, 5), r(0, 3), r(0, 3), r(0, 0), r(-3, 3),
                    kNone, kNone, kNone, kNone}));
}

// ---------------------------------------------------------------------------------------------
// Disjoint accesses: no access of a thread that may run at the same time conflicts on a cell.

ElisionOptions disjoint_only() {
  ElisionOptions options;
  options.redundant = false;
  options.thread_local_cells = false;
  options.ordered_cells = false;
  return options;
}

TEST(Disjoint, SlicesOfOneArrayAndPhasesOrderedByJoins) {
  // Two workers on disjoint halves, then two on overlapping windows of what the first wrote:
  // the second phase starts after main joined the first. No two accesses of `a` may race, so
  // the windows' overlap is no reason to check (a symbol without a race).
  const char* phases = R"(
shared a[16];
spawn 1 { i := 0; while (i < 8) { store i a[i]; i := i + 1; } }   // D
spawn 2 { i := 8; while (i < 16) { store i a[i]; i := i + 1; } }  // D
wait 1;
wait 2;
spawn 3 { i := 0; while (i < 9) { v := load a[i]; i := i + 1; } } // D
spawn 4 { i := 7; while (i < 16) { v := load a[i]; i := i + 1; } } // D
spawn 5 { v := load a[0]; }                                        // D
)";
  EXPECT_EQ(decisions(phases, disjoint_only()), (Checks{D, D, D, D, D}));
  // A store beside thread 3's read makes a race of `a` possible: then reads count too.
  EXPECT_EQ(decisions(R"(
shared a[16];
spawn 1 { i := 0; while (i < 8) { store i a[i]; i := i + 1; } }   // D
spawn 2 { i := 8; while (i < 16) { store i a[i]; i := i + 1; } }  // D
wait 1;
wait 2;
spawn 3 { i := 0; while (i < 9) { v := load a[i]; i := i + 1; } } // F: with thread 5
spawn 4 { i := 7; while (i < 16) { v := load a[i]; i := i + 1; } } // F: reads count too
spawn 5 { store 9 a[0]; }                                          // F: with thread 3
)",
                      disjoint_only()),
            (Checks{D, D, F, F, F}));
  // Reads of disjoint windows.
  EXPECT_EQ(decisions(R"(
shared a[16];
spawn 1 { i := 0; while (i < 8) { v := load a[i]; i := i + 1; } }  // F: main's store
spawn 2 { i := 8; while (i < 16) { v := load a[i]; i := i + 1; } } // D
store 1 a[3];                                                      // F: beside thread 1
)",
                      disjoint_only()),
            (Checks{F, D, F}));
  // Slices that share their last and first cell, and a writer not joined before the reader's
  // spawn.
  EXPECT_EQ(decisions(R"(
shared a[16];
spawn 1 { i := 0; while (i < 9) { store i a[i]; i := i + 1; } }   // F: a[8] is thread 2's too
spawn 2 { i := 8; while (i < 16) { store i a[i]; i := i + 1; } }  // F
wait 1;
spawn 3 { v := load a[15]; }                                      // F: thread 2 may still run
spawn 4 { v := load a[0]; }                                       // D: thread 1 was joined
wait 2;
)",
                      disjoint_only()),
            (Checks{F, F, F, D}));
}

TEST(Disjoint, MainRunsAlongsideTheThreadsBetweenTheirSpawnAndTheirJoin) {
  EXPECT_EQ(decisions(R"(
shared a[4];
store 0 x;                  // D: before the spawn
spawn 1 { store 1 x; store 1 a[1]; } // F (x: main's load below), D (a[1])
v := load x;                // F: thread 1 runs
store 2 a[2];               // D: thread 1 touches a[1] only
wait 1;
store 3 x;                  // D: thread 1 was joined
)",
                      disjoint_only()),
            (Checks{D, F, D, F, D, D}));
}

TEST(Disjoint, NoPhasesUnlessMainSpawnsEveryThreadOnceAtTopLevel) {
  // A nested spawn: thread 2 may run at any time, so the join of thread 1 orders nothing.
  EXPECT_EQ(decisions(R"(
spawn 1 { spawn 2 { store 2 x; } }
wait 1;
spawn 3 { store 3 x; }
)",
                      disjoint_only()),
            (Checks{F, F}));
  // A spawn in a loop of main.
  EXPECT_EQ(decisions(R"(
k := 0;
while (k < 2) { spawn 1 { store 1 x; } wait 1; k := k + 1; }
spawn 2 { store 2 x; }
)",
                      disjoint_only()),
            (Checks{F, F}));
  // Without phases, slices still count.
  EXPECT_EQ(decisions(R"(
shared a[4];
spawn 1 { spawn 2 { store 2 a[2]; } store 1 a[1]; }
)",
                      disjoint_only()),
            (Checks{D, D}));
}

TEST(Disjoint, BrokenOptionsChangeExactlyWhatTheyBreak) {
  const char* touching = R"(
shared a[16];
spawn 1 { i := 0; while (i < 8) { store i a[i]; i := i + 1; } }
spawn 2 { store 7 a[7]; }
)";
  ElisionOptions broken = disjoint_only();
  broken.broken_disjoint_off_by_one = true;
  EXPECT_EQ(decisions(touching, disjoint_only()), (Checks{F, F}));
  EXPECT_EQ(decisions(touching, broken), (Checks{D, D}));
  const char* unjoined = R"(
spawn 1 { store 1 x; }
spawn 2 { store 2 x; }
)";
  broken = disjoint_only();
  broken.broken_disjoint_without_joins = true;
  EXPECT_EQ(decisions(unjoined, disjoint_only()), (Checks{F, F}));
  EXPECT_EQ(decisions(unjoined, broken), (Checks{D, D}));
  // A store beside another thread's read: a race, whatever the broken option says.
  const char* read_beside_store = R"(
spawn 1 { store 1 x; }
spawn 2 { v := load x; }
)";
  broken = disjoint_only();
  broken.broken_conflicts_ignore_reads = true;
  EXPECT_EQ(decisions(read_beside_store, disjoint_only()), (Checks{F, F}));
  EXPECT_EQ(decisions(read_beside_store, broken), (Checks{D, D}));
}

TEST(Disjoint, AProgramOfSlicesAndPhasesNeedsNoMetadata) {
  Analysed a = analyse(R"(
shared a[16];
i := 0;
while (i < 16) { store i a[i]; i := i + 1; }
spawn 1 { i := 0; while (i < 8) { v := load a[i]; store v + 1 a[i]; i := i + 1; } }
spawn 2 { i := 8; while (i < 16) { v := load a[i]; store v + 1 a[i]; i := i + 1; } }
wait 1;
wait 2;
)");
  EXPECT_EQ(a.decisions(), (Checks{O, D, D, D, D}));
  EXPECT_TRUE(a.plan.whole_symbol_unchecked("a"));
  EXPECT_EQ(a.plan.count(F), 0u);
}

// The phase programs that Theorems 4 and 5 explore for the `disjoint` elimination
// (instrument_phase_property_tests) include symbols without a race whose accesses only the
// symbol rule takes out (concurrent reads of one cell): counted on 1,000 of them, against the
// rule access by access alone.
TEST(Disjoint, PhaseProgramsIncludeSymbolsOnlyTheSymbolRuleTakesOut) {
  verify::PaperProgramConfig config;
  config.phases = true;
  int programs = 0, needing = 0;
  for (const verify::PaperProgram& p :
       testgen::sample(verify::gen_paper_program(config), 1000, 20261127)) {
    Analysed a = analyse(p.source);
    if (!a.checked->info.threads.size()) continue;
    ++programs;
    std::vector<Access> accesses = program_accesses(a.checked->program, a.checked->info);
    auto with = disjoint_accesses(a.checked->program, a.checked->info, accesses, {});
    auto without = disjoint_accesses(a.checked->program, a.checked->info, accesses,
                                     {.symbols_without_race = false});
    EXPECT_GE(with.size(), without.size());
    if (with.size() > without.size()) ++needing;
  }
  EXPECT_EQ(programs, 1000);
  EXPECT_GE(needing, 50) << needing << " of " << programs;
  std::cout << needing << " of " << programs
            << " phase programs have accesses only the symbol rule takes out\n";
}

// ---------------------------------------------------------------------------------------------
// Constant indices fold the way run time computes them.

TEST(ConstantIndex, FoldsWithTheLanguagesArithmetic) {
  constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  auto lit = [](int64_t v) { return make_int(v); };
  auto bin = [](BinaryOp op, Expr l, Expr r) {
    return make_binary(op, std::move(l), std::move(r));
  };
  Expr int_min = make_binary(BinaryOp::Sub, make_negate(lit(kMax)), lit(1));
  EXPECT_EQ(fold_constant(int_min), kMin);
  EXPECT_EQ(fold_constant(bin(BinaryOp::Add, lit(kMax), lit(1))), kMin); // wraps
  EXPECT_EQ(fold_constant(bin(BinaryOp::Div, int_min, make_negate(lit(1)))), kMin);
  EXPECT_EQ(fold_constant(bin(BinaryOp::Mod, int_min, make_negate(lit(1)))), 0);
  EXPECT_EQ(fold_constant(bin(BinaryOp::Div, make_negate(lit(7)), lit(2))), -3);
  EXPECT_EQ(fold_constant(bin(BinaryOp::Mod, make_negate(lit(7)), lit(2))), -1);
  EXPECT_EQ(fold_constant(bin(BinaryOp::Max, lit(3), lit(5))), 5);
  EXPECT_EQ(fold_constant(bin(BinaryOp::Min, lit(3), lit(5))), 3);
  EXPECT_EQ(fold_constant(bin(BinaryOp::Mul, lit(6), lit(7))), 42);
  EXPECT_EQ(fold_constant(bin(BinaryOp::Div, lit(1), lit(0))), std::nullopt);
  EXPECT_EQ(fold_constant(bin(BinaryOp::Mod, lit(1), lit(0))), std::nullopt);
  EXPECT_EQ(fold_constant(bin(BinaryOp::Add, lit(1), make_local("i"))), std::nullopt);
}

} // namespace
} // namespace racelang::elide
