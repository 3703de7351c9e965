// Index ranges: for each array access of a program, an interval of index values it can take
// on any run, when a simple interval analysis of one thread's locals can bound it. The disjoint
// accesses analysis (disjoint_accesses.h) needs them to tell that two threads' slices of one
// array share no cell: `i := 16384; while (i < 32768) { ... data[i] ... i := i + 1; }` touches
// data[16384..32767] only. The analysis is a forward walk of each thread's code over intervals
// of its locals (elide/README.md, "Decision 5"): assignments evaluate their expression over
// intervals (64-bit arithmetic that would wrap gives no bound), `if` joins its branches, and a
// loop forgets every local its body assigns, except the counter of a counted loop
// `while (i < H) { ...; i := i + 1; }` (the increment last, `i` assigned nowhere else in the
// body, H reading no local the body assigns), which lies in [its value at entry, H - 1] in the
// body. Locals the code has not assigned yet, loaded values and anything else have no bound.
#pragma once

#include <cstdint>
#include <optional>
#include <unordered_map>

#include "frontend/ast.h"
#include "frontend/check.h"

namespace racelang::elide {

// A closed interval of index values [lo, hi].
struct IndexRange {
  int64_t lo = 0;
  int64_t hi = 0;
  bool overlaps(const IndexRange& other) const { return lo <= other.hi && other.lo <= hi; }
  friend bool operator==(const IndexRange&, const IndexRange&) = default;
};

struct IndexRangeOptions {
  // The deliberately unsound control (ElisionOptions::broken_disjoint_off_by_one): a counted
  // loop's counter is taken to stop one iteration short, [entry, H - 2].
  bool off_by_one = false;
};

// The range of the index of every load and store of an array element in `program` (every
// thread) that the analysis can bound, by statement; accesses it cannot bound are absent.
std::unordered_map<const Stmt*, IndexRange>
index_ranges(const Program& program, const ProgramInfo& info, const IndexRangeOptions& options);

} // namespace racelang::elide
