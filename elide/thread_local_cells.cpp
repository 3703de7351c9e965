// The thread-local analysis of thread_local_cells.h. Two passes over the accesses: the first
// finds which arrays can be tracked cell by cell (all indices constant), the second records
// which threads touch each unit. A thread id spawned in a loop runs several times, but never
// twice at once (spawning a live id is a runtime error) and each run is ordered after the
// previous one by the `wait` that lets the loop spawn it again, so one id is one owner.
#include "elide/thread_local_cells.h"

#include "elide/constant_index.h"

namespace racelang::elide {

void ThreadLocalCells::Owners::add(int64_t thread) {
  if (!only)
    only = thread;
  else if (*only != thread)
    many = true;
}

ThreadLocalCells::ThreadLocalCells(const std::vector<Access>& accesses, const ProgramInfo& info,
                                   bool writers_only) {
  for (const Symbol& symbol : info.symbols)
    if (symbol.kind == SymbolKind::Shared) units_[symbol.name].array_size = symbol.array_size;
  for (const Access& access : accesses) {
    auto it = units_.find(access.loc->name);
    if (it == units_.end()) continue;
    Unit& unit = it->second;
    // Cell precision is decided from every access, reads included, also for writers_only: a
    // computed index in a load still means the array's cells cannot be named one by one.
    if (!unit.array_size || !access.loc->index || !fold_constant(*access.loc->index))
      unit.per_cell = false;
  }
  for (const Access& access : accesses) {
    if (writers_only && access.kind != AccessKind::Write) continue;
    auto it = units_.find(access.loc->name);
    if (it == units_.end()) continue;
    Unit& unit = it->second;
    if (!unit.per_cell) {
      unit.whole.add(access.thread);
    } else if (std::optional<int64_t> cell = constant_cell(unit, *access.loc)) {
      unit.cells[*cell].add(access.thread);
    }
  }
}

std::optional<int64_t> ThreadLocalCells::constant_cell(const Unit& unit, const Location& loc) {
  std::optional<int64_t> k = loc.index ? fold_constant(*loc.index) : std::nullopt;
  if (!k || !unit.array_size || *k < 0 || *k >= *unit.array_size) return std::nullopt;
  return k;
}

bool ThreadLocalCells::access_thread_local(const Access& access) const {
  auto it = units_.find(access.loc->name);
  if (it == units_.end()) return false; // not a shared symbol of this program: keep the check
  const Unit& unit = it->second;
  if (!unit.per_cell) return !unit.whole.many;
  std::optional<int64_t> cell = constant_cell(unit, *access.loc);
  if (!cell) return true; // out of range: fails at run time before touching memory
  auto c = unit.cells.find(*cell);
  return c == unit.cells.end() || !c->second.many;
}

bool ThreadLocalCells::symbol_thread_local(const std::string& name) const {
  auto it = units_.find(name);
  if (it == units_.end()) return false;
  const Unit& unit = it->second;
  if (!unit.per_cell) return !unit.whole.many;
  for (const auto& [cell, owners] : unit.cells)
    if (owners.many) return false;
  return true;
}

} // namespace racelang::elide
