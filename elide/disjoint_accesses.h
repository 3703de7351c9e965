// Decision 5, disjoint accesses: an access that no access of another thread that may run at
// the same time shares a cell with (reads included) cannot be part of a race, and leaving its
// metadata out changes no other check, so it needs no check (elide/README.md, "Decision 5");
// nor does any access of a symbol no two of whose accesses may race (concurrent reads of one
// cell allowed: "Symbols without a race").
// Two static facts decide it:
//  - which threads may run at the same time: when main spawns every thread itself, in
//    top-level statements, each id once, a thread main waits for (a top-level `wait`) before it
//    spawns another runs entirely before that one (the join and the spawn order them), and
//    main's own top-level statement i runs at the same time only as the threads spawned before
//    i and not yet waited for; otherwise every two threads may;
//  - which cells an access may touch: a scalar is one cell; an array element the cells of the
//    index's range (index_ranges.h), or the whole array when it has none.
// This is what makes fork/join phases and slices of one array per worker free of checks: the
// workers of one phase touch disjoint slices, and the phases are ordered by main's joins.
#pragma once

#include <unordered_set>
#include <vector>

#include "elide/accesses.h"
#include "frontend/check.h"

namespace racelang::elide {

struct DisjointOptions {
  // Deliberately unsound controls (ElisionOptions): counted loops' counters taken to stop one
  // iteration short, and a thread taken to run before every thread spawned after it, joined
  // or not.
  bool off_by_one = false;
  bool without_joins = false;
  // And a symbol taken to have no race when no two stores of it may run at the same time on
  // one cell (a store beside a read not counted).
  bool conflicts_ignore_reads = false;
  // Whether symbols without a race lose every check (off: the rule access by access alone, for
  // the tests that measure how often the generated programs need the symbol rule).
  bool symbols_without_race = true;
};

// The accesses of `accesses` (every load and store of `program`) that no access of another
// thread that may run at the same time shares a cell with that both may touch; and every access
// of a symbol that has no race at all: no two of its accesses by threads that may run at the
// same time may touch one cell with one of them a store (concurrent reads of one cell are
// then no reason to check, elide/README.md). Symbols with more
// than kMaxDisjointPairsPerSymbol pairs of accesses to compare are left alone (the comparison is
// quadratic).
inline constexpr size_t kMaxDisjointPairsPerSymbol = size_t{1} << 22;
std::unordered_set<const Stmt*> disjoint_accesses(const Program& program, const ProgramInfo& info,
                                                  const std::vector<Access>& accesses,
                                                  const DisjointOptions& options);

} // namespace racelang::elide
