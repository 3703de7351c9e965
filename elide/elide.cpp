// plan_elision: runs the analyses the options ask for and gives every access statement one
// decision. ThreadLocal, Ordered and Disjoint win over Redundant: such an access needs no check
// whatever came before it, and a pass may then drop the location's metadata altogether (when
// every access of it is such). Coalesced comes last:
// only the accesses of a coalescable loop that would otherwise be Full are left to its range
// check (a Redundant one adds nothing there either, elide/README.md).
#include "elide/elide.h"

#include <optional>
#include <vector>

#include "elide/accesses.h"
#include "elide/disjoint_accesses.h"
#include "elide/ordered_cells.h"
#include "elide/redundant_checks.h"
#include "elide/thread_local_cells.h"

namespace racelang::elide {

const char* spelling(AccessCheck check) {
  switch (check) {
  case AccessCheck::Full:
    return "full";
  case AccessCheck::Redundant:
    return "redundant";
  case AccessCheck::ThreadLocal:
    return "thread-local";
  case AccessCheck::Ordered:
    return "ordered";
  case AccessCheck::Disjoint:
    return "disjoint";
  case AccessCheck::Coalesced:
    return "coalesced";
  }
  return "?";
}

AccessCheck ElisionPlan::check_of(const Stmt& access) const {
  auto it = decisions_.find(&access);
  return it == decisions_.end() ? AccessCheck::Full : it->second;
}

bool ElisionPlan::whole_symbol_thread_local(const std::string& name) const {
  return thread_local_symbols_.count(name) > 0;
}

bool ElisionPlan::whole_symbol_unchecked(const std::string& name) const {
  return unchecked_symbols_.count(name) > 0;
}

const CoalescedLoop* ElisionPlan::coalesced_loop(const Stmt& loop) const {
  auto it = loops_.find(&loop);
  return it == loops_.end() ? nullptr : &it->second;
}

size_t ElisionPlan::count(AccessCheck kind) const {
  size_t n = 0;
  for (const auto& [stmt, check] : decisions_)
    if (check == kind) ++n;
  return n;
}

ElisionPlan plan_elision(const Program& program, const ProgramInfo& info,
                         const ElisionOptions& options) {
  ElisionPlan plan;
  std::vector<Access> accesses = program_accesses(program, info);
  OrderedAccesses ordered;
  if (options.ordered_cells) {
    ordered =
        ordered_accesses(program, info, accesses,
                         {.unguarded_reads = options.broken_unguarded_reads,
                          .phase_before_waits = options.broken_phase_before_waits,
                          .locks_survive_assignment = options.broken_locks_survive_assignment});
  }
  // Thread-local cells twice: over every access (a cell only main touches is thread-local
  // even while main runs alone), and over the accesses outside main's exclusive phases, which
  // are ordered with every other thread's (Decision 4, "Main alone"): a cell main fills before
  // the spawns and reads after the joins, and one worker touches in between, is that worker's.
  std::optional<ThreadLocalCells> cells, cells_outside_main_phases;
  if (options.thread_local_cells) {
    cells.emplace(accesses, info, options.broken_writers_only);
    if (!ordered.main_exclusive.empty()) {
      std::vector<Access> outside;
      for (const Access& access : accesses)
        if (!ordered.main_exclusive.count(access.stmt)) outside.push_back(access);
      cells_outside_main_phases.emplace(outside, info, options.broken_writers_only);
    }
    const ThreadLocalCells& widest =
        cells_outside_main_phases ? *cells_outside_main_phases : *cells;
    for (const Symbol& symbol : info.symbols)
      if (symbol.kind == SymbolKind::Shared && widest.symbol_thread_local(symbol.name))
        plan.thread_local_symbols_.insert(symbol.name);
  }
  std::unordered_set<const Stmt*> disjoint;
  if (options.disjoint)
    disjoint = disjoint_accesses(program, info, accesses,
                                 {.off_by_one = options.broken_disjoint_off_by_one,
                                  .without_joins = options.broken_disjoint_without_joins,
                                  .conflicts_ignore_reads = options.broken_conflicts_ignore_reads});
  std::unordered_set<const Stmt*> redundant;
  if (options.redundant)
    redundant = redundant_accesses(program, info,
                                   {.keep_facts_across_unlock = options.broken_across_release});
  for (const Access& access : accesses) {
    AccessCheck check = AccessCheck::Full;
    bool main_alone = ordered.main_exclusive.count(access.stmt) > 0;
    if (cells && cells->access_thread_local(access))
      check = AccessCheck::ThreadLocal;
    else if (main_alone || ordered.symbols.count(access.loc->name))
      check = AccessCheck::Ordered;
    else if (cells_outside_main_phases && cells_outside_main_phases->access_thread_local(access))
      check = AccessCheck::ThreadLocal;
    else if (disjoint.count(access.stmt))
      check = AccessCheck::Disjoint;
    else if (redundant.count(access.stmt))
      check = AccessCheck::Redundant;
    plan.decisions_[access.stmt] = check;
  }
  if (options.range || options.broken_range_across_sync) {
    RangeLoopOptions shape{.allow_lock_blocks = options.broken_range_across_sync};
    for (RangeLoop& loop : range_loops(program, info, shape)) {
      CoalescedLoop coalesced{
          loop.counter, loop.bound, options.broken_range_bound ? -1 : 0, loop.body_size, {}};
      for (const RangeAccess& access : loop.accesses) {
        AccessCheck& check = plan.decisions_[access.stmt];
        if (check != AccessCheck::Full) continue;
        check = AccessCheck::Coalesced;
        coalesced.accesses.push_back(access);
      }
      if (!coalesced.accesses.empty()) plan.loops_.emplace(loop.loop, std::move(coalesced));
    }
  }
  // A symbol none of whose accesses is checked needs no metadata: nothing reads it (a
  // Redundant access reads none either, but it stands for an earlier checked one). Symbols
  // nothing accesses keep theirs unless the thread-local analysis drops them, as it always did
  // (--no-elide is the paper's pass exactly).
  plan.unchecked_symbols_ = plan.thread_local_symbols_;
  std::unordered_set<std::string> checked;
  for (const Access& access : accesses) {
    AccessCheck check = plan.decisions_.at(access.stmt);
    if (check == AccessCheck::Full || check == AccessCheck::Redundant ||
        check == AccessCheck::Coalesced)
      checked.insert(access.loc->name);
  }
  for (const Access& access : accesses)
    if (!checked.count(access.loc->name)) plan.unchecked_symbols_.insert(access.loc->name);
  return plan;
}

} // namespace racelang::elide
