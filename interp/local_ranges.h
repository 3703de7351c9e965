// The values each local of a thread can hold at each instruction of its flat code: an interval
// analysis (forward, joins at merges, widening at instructions whose ranges keep growing,
// conditions of the form `local OP constant` narrowing their branches). Loaded values are
// unknown; arithmetic that may wrap past 64 bits gives the unknown range. It lets the split
// search prove that a computed array index stays in range and a divisor is never zero, so that
// a thread indexing arrays with counters (`h := (h + 1) % 128`) cannot fail and its steps can
// be forced (docs/explore.md, "Forced steps"). Sound for every execution of the thread from its
// start: locals start at 0, as the machine's do. (elide/index_ranges.h is another question over
// another form: which cells a counted loop of the AST indexes, to coalesce its checks.)
#pragma once

#include <cstdint>
#include <limits>
#include <vector>

#include "interp/code.h"

namespace racelang {

// [lo, hi], both included. The full int64 range is "unknown".
struct Interval {
  int64_t lo = std::numeric_limits<int64_t>::min();
  int64_t hi = std::numeric_limits<int64_t>::max();
  bool contains(int64_t v) const { return lo <= v && v <= hi; }
  friend bool operator==(const Interval&, const Interval&) = default;
};

// Deliberately broken variants, for the tests only: each must be caught.
enum class RangesFault : uint8_t {
  None,
  RemainderIgnoresSign, // a % b taken to lie in [0, |b| - 1] even when a may be negative
  NoWidening,           // loops not widened: a counter's range stops at the first rounds
};

class LocalRanges {
public:
  LocalRanges(const Code& code, uint32_t thread, RangesFault fault = RangesFault::None);

  // Whether instruction pc can be reached at all (unreached: no execution gets there).
  bool reached(uint32_t pc) const { return reached_[pc]; }
  // The range of local `slot` just before instruction pc runs (meaningful where reached).
  Interval local(uint32_t pc, uint32_t slot) const { return ranges_[pc * slots_ + slot]; }
  // The range of expression e evaluated just before instruction pc in `out`; false (and `out`
  // unknown) when its evaluation may fail (a divisor whose range holds 0) or it has
  // short-circuit jumps.
  bool evaluate(uint32_t pc, ExprRef e, Interval& out) const;
  // Whether evaluating e before pc can fail (a division or remainder by a possible zero).
  bool may_fail(uint32_t pc, ExprRef e) const;
  // Whether a load, store, lock or unlock operand at pc always names a cell of its array (a
  // scalar always does) and its index expression cannot fail.
  bool index_in_range(uint32_t pc, const LocRef& loc) const;

  // Whether a path of local (not visible) instructions leads from instruction `from` to
  // instruction `to`, starting from `from`'s ranges: with `to` a backward jump to `from`, a loop
  // that can spin without a scheduling point (into the step limit). Branches the ranges rule
  // out are not followed (`done := 0` before `while (done == 0) { lock ...` always enters
  // the loop's visible body).
  bool local_path(uint32_t from, uint32_t to) const;

private:
  // The analysis from instruction `start` with ranges `init` there, over the local
  // instructions only with `locals_only`; results per pc, per slot.
  void solve(uint32_t start, std::vector<Interval> init, bool locals_only,
             std::vector<Interval>& ranges, std::vector<bool>& reached) const;

  const ThreadCode& tc_;
  RangesFault fault_;
  size_t slots_;
  std::vector<Interval> ranges_; // per pc, per slot
  std::vector<bool> reached_;
  std::vector<int64_t> thresholds_; // where widening stops: the thread's constants, +-1
};

} // namespace racelang
