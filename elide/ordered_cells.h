// Decision 4, ordered cells: a shared variable or array none of whose conflicting accesses can
// run concurrently, so that none of its accesses can be part of a race, and it needs no checks
// and no metadata. Two static reasons, either one enough (elide/README.md, "Decision 4"):
//  - written only in main's exclusive phases: every store to it is in main's own code, in a
//    top-level statement before main's first statement that spawns (no other thread exists
//    yet) or after main has waited, at top level and after its last statement that spawns, for
//    every thread id the program spawns (every other thread has ended). A store there and any
//    access of another thread are ordered by the spawn or by the join; reads do not conflict.
//  - guarded by one lock: some lock, the same one, is held at every access outside those
//    phases (a must-lockset per thread: held on every path), so two such accesses by different
//    threads are in two critical sections of that lock, which it orders; or, for an array,
//    every access of a cell c holds the element L[T(c)] of one lock array L, for one function
//    T of the cell (`lock stripe[k % 8]` before `table[k]`; symbolic_locks.h), which orders
//    two accesses of one cell the same way.
// A variable or array is one unit (a computed index may touch any cell of an array).
// Beyond whole units, every access main makes in its exclusive phases is ordered with every
// access of every other thread, whatever its location: it gets no check and leaves the
// location's metadata alone (elide/README.md, "Decision 4", "Main alone").
#pragma once

#include <string>
#include <unordered_set>
#include <vector>

#include "elide/accesses.h"
#include "frontend/check.h"

namespace racelang::elide {

struct OrderedCellsOptions {
  // Deliberately unsound controls (ElisionOptions): a lock guards a unit when every *store*
  // outside main's exclusive phases holds it (reads are not asked), and main's phase after the
  // spawns begins at once, without waiting for the threads.
  bool unguarded_reads = false;
  bool phase_before_waits = false;
  // An element of a lock array held by a computed index stays known after the thread assigns
  // a local its index reads (so `lock m[k]; k := 1 - k; a[k]` looks guarded).
  bool locks_survive_assignment = false;
};

struct OrderedAccesses {
  std::unordered_set<std::string> symbols;        // the ordered variables and arrays, by name
  std::unordered_set<const Stmt*> main_exclusive; // main's accesses in its exclusive phases
};
OrderedAccesses ordered_accesses(const Program& program, const ProgramInfo& info,
                                 const std::vector<Access>& accesses,
                                 const OrderedCellsOptions& options);

} // namespace racelang::elide
