// Static check elimination: from the AST of a checked program, decide which shared accesses
// (load and store statements) need no race check, so that every instrumentation pass can leave
// those checks out. Five decisions, each with its own switch: an access is ThreadLocal when every
// cell it may touch is accessed by one thread only (no other thread can race on it), Ordered when
// its variable or array is written only while main runs alone or is guarded by one lock at every
// access outside those phases (no two conflicting accesses of it can be concurrent), or when
// main makes it while it runs alone (ordered with every other thread's access), Disjoint when
// no access of another thread that may run at the same time (by main's fork/join phases)
// shares a cell with it (by index ranges; reads too), or its symbol can have no race at all
// (no store beside another access of one cell at the same time), Redundant
// when, on every path to it, the same thread already accessed the same location with no
// synchronisation in between (its check could not report anything the earlier one did not), and
// Coalesced when it is in a counted loop that cannot synchronise, fail or block, whose accesses
// one range check before the loop replays (BigFoot's coalescing).
// The plan is keyed by statement address, so a pass must walk the very Program it analysed.
// elide/README.md gives the rules and why they are sound.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include "elide/range_loops.h"
#include "frontend/ast.h"
#include "frontend/check.h"

namespace racelang::elide {

struct ElisionOptions {
  bool redundant = true;          // checks made redundant by an earlier check
  bool thread_local_cells = true; // cells only one thread accesses
  bool ordered_cells = true;      // cells written while main runs alone, or guarded by one lock
  bool disjoint = true;           // accesses no thread running at the same time shares a cell with
  bool range = false;             // a loop's accesses checked by one range check before it
  // Deliberately broken behaviours, used only to show that the property tests catch them:
  bool broken_across_release = false;     // facts survive `unlock` (elimination across a release)
  bool broken_writers_only = false;       // a cell is thread-local if only one thread STORES to it
  bool broken_range_bound = false;        // the range check stops one iteration short
  bool broken_range_across_sync = false;  // loops with lock/unlock in their body are coalesced
  bool broken_unguarded_reads = false;    // a lock guards a cell if every store outside main's
                                          // exclusive phases holds it (reads are not asked)
  bool broken_phase_before_waits = false; // main's phase after the spawns needs no waits
  bool broken_locks_survive_assignment = false; // `lock m[k]` still held as m[k] after k := ...
  bool broken_disjoint_off_by_one = false;      // counted loops' counters stop one short
  bool broken_disjoint_without_joins = false;   // a thread runs before those spawned after it
  bool broken_conflicts_ignore_reads = false;   // a symbol no two threads running at the same
                                                // time store to at one cell has no race
};

enum class AccessCheck : uint8_t { Full, Redundant, ThreadLocal, Ordered, Disjoint, Coalesced };

// "full", "redundant", "thread-local", "ordered", "disjoint", "coalesced": for messages and test
// output.
const char* spelling(AccessCheck check);

// A loop whose Coalesced accesses one range check before the loop replaces: for the counter's
// values from its value at the loop head while below `bound` (+ bound_offset, which is -1 only
// for the deliberately broken broken_range_bound), the checks of `accesses`, array by array, up
// to where that iteration would fail (instrument/clock_pass.cpp, ClockPass::range_check).
struct CoalescedLoop {
  std::string counter;
  const Expr* bound = nullptr;
  int64_t bound_offset = 0;
  size_t body_size = 0;
  std::vector<RangeAccess> accesses; // the Coalesced ones only, in body order
};

class ElisionPlan {
public:
  // The decision for a load or store statement of the analysed Program, looked up by the
  // statement's address (the pass walks the same Program object). Full for anything unknown.
  AccessCheck check_of(const Stmt& access) const;
  // Whether every cell of the shared variable/array `name` is thread-local (then the pass
  // needs no metadata for it at all).
  bool whole_symbol_thread_local(const std::string& name) const;
  // Whether no access of the shared variable/array `name` needs a check or reads its metadata
  // (every one is thread-local, ordered or disjoint): then the pass needs no metadata for it.
  bool whole_symbol_unchecked(const std::string& name) const;
  size_t count(AccessCheck kind) const; // how many access statements got each decision
  // The range check to emit before the While statement `loop`, or nullptr.
  const CoalescedLoop* coalesced_loop(const Stmt& loop) const;
  size_t coalesced_loop_count() const { return loops_.size(); }

private:
  friend ElisionPlan plan_elision(const Program& program, const ProgramInfo& info,
                                  const ElisionOptions& options);

  std::unordered_map<const Stmt*, AccessCheck> decisions_; // every access statement
  std::unordered_set<std::string> thread_local_symbols_;
  std::unordered_set<std::string> unchecked_symbols_;
  std::unordered_map<const Stmt*, CoalescedLoop> loops_;
};

// Analyses `program` (which `info` is the check result of). Every load and store statement of
// every thread gets a decision; with every switch off, all are Full.
ElisionPlan plan_elision(const Program& program, const ProgramInfo& info,
                         const ElisionOptions& options);

} // namespace racelang::elide
