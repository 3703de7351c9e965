// plan_elision: runs the two analyses the options ask for and gives every access statement one
// decision. ThreadLocal wins over Redundant: a thread-local access needs no check whatever came
// before it, and a pass may then drop the location's metadata altogether.
#include "elide/elide.h"

#include <optional>
#include <vector>

#include "elide/accesses.h"
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
  std::unordered_set<const Stmt*> redundant;
  if (options.redundant)
    redundant = redundant_accesses(program, info,
                                   {.keep_facts_across_unlock = options.broken_across_release});
  for (const Access& access : accesses) {
    AccessCheck check = AccessCheck::Full;
    if (cells && cells->access_thread_local(access))
      check = AccessCheck::ThreadLocal;
    else if (redundant.count(access.stmt))
      check = AccessCheck::Redundant;
    plan.decisions_[access.stmt] = check;
  }
  return plan;
}

} // namespace racelang::elide
