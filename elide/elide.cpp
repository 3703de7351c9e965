// plan_elision: runs the analyses the options ask for and gives every access statement one
// decision. ThreadLocal and then Ordered win over Redundant: such an access needs no check
// whatever came before it, and a pass may then drop the location's metadata altogether (when
// every access of it is such). Coalesced comes last:
// only the accesses of a coalescable loop that would otherwise be Full are left to its range
// check (a Redundant one adds nothing there either, elide/README.md).
#include "elide/elide.h"

#include <optional>
#include <vector>

#include "elide/accesses.h"
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
  return thread_local_symbols_.count(name) > 0 || ordered_symbols_.count(name) > 0;
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
  std::optional<ThreadLocalCells> cells;
  if (options.thread_local_cells) {
    cells.emplace(accesses, info, options.broken_writers_only);
    for (const Symbol& symbol : info.symbols)
      if (symbol.kind == SymbolKind::Shared && cells->symbol_thread_local(symbol.name))
        plan.thread_local_symbols_.insert(symbol.name);
  }
  if (options.ordered_cells)
    plan.ordered_symbols_ =
        ordered_symbols(program, info, accesses,
                        {.unguarded_reads = options.broken_unguarded_reads,
                         .phase_before_waits = options.broken_phase_before_waits});
  std::unordered_set<const Stmt*> redundant;
  if (options.redundant)
    redundant = redundant_accesses(program, info,
                                   {.keep_facts_across_unlock = options.broken_across_release});
  for (const Access& access : accesses) {
    AccessCheck check = AccessCheck::Full;
    if (cells && cells->access_thread_local(access))
      check = AccessCheck::ThreadLocal;
    else if (plan.ordered_symbols_.count(access.loc->name))
      check = AccessCheck::Ordered;
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
  return plan;
}

} // namespace racelang::elide
