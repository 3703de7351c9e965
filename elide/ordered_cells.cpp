// The two analyses of ordered_cells.h: main's exclusive phases (a walk over main's top-level
// statements) and the locks held at each access (a forward must-analysis per thread, like the
// redundant-check analysis: intersections after `if` and at a loop's head).
#include "elide/ordered_cells.h"

#include <algorithm>
#include <iterator>
#include <map>
#include <optional>
#include <set>
#include <unordered_map>

#include "elide/constant_index.h"
#include "elide/must_facts.h"
#include "frontend/ast_walk.h"

namespace racelang::elide {
namespace {

using LockSet = std::set<std::string>;

// A lock's name as the lockset holds it: `m`, or `m[3]` for a constant index. A computed index
// names no lock we can follow (nothing), so acquiring it adds nothing to the must-set.
std::optional<std::string> lock_key(const Location& lock) {
  if (!lock.index) return lock.name;
  if (auto k = fold_constant(*lock.index)) return lock.name + "[" + std::to_string(*k) + "]";
  return std::nullopt;
}

void release(LockSet& held, const Location& lock) {
  if (auto key = lock_key(lock)) {
    held.erase(*key);
    return;
  }
  // Some element of the array, we cannot say which: none of them is held for sure any more.
  std::erase_if(held, [&](const std::string& k) { return k.rfind(lock.name + "[", 0) == 0; });
}

// The locks held on every path to each load and store of one thread's code.
class HeldLocks {
public:
  void thread(const Block& body) { block(body, LockSet{}, true); }
  const LockSet& at(const Stmt* access) const { return held_.at(access); }

private:
  LockSet block(const Block& body, LockSet held, bool record) {
    for (const Stmt& stmt : body) statement(stmt, held, record);
    return held;
  }

  void statement(const Stmt& stmt, LockSet& held, bool record) {
    visit_stmt(stmt, Overloaded{
                         [&](const Assign&) {},
                         [&](const Load&) {
                           if (record) held_[&stmt] = held;
                         },
                         [&](const Store&) {
                           if (record) held_[&stmt] = held;
                         },
                         [&](const LockStmt& l) {
                           if (auto key = lock_key(l.lock)) held.insert(*key);
                         },
                         [&](const UnlockStmt& u) { release(held, u.lock); },
                         // The body is another thread, from no locks (thread()).
                         [&](const Spawn&) {},
                         [&](const Wait&) {},
                         [&](const Assert&) {},
                         [&](const If& i) {
                           LockSet then_out = block(i.then_body, held, record);
                           LockSet else_out =
                               i.else_body ? block(*i.else_body, held, record) : held;
                           held = intersect(then_out, else_out);
                         },
                         [&](const While& w) { held = loop_head(w.body, held, record); },
                         [&](const Print&) {},
                         [&](const Call& c) { unexpanded_call(c); },
                         // wait(c, m) gives m back before it returns; cas, fetch_add, await,
                         // notify and assume take or give no lock.
                         [&](const Sync&) {},
                     });
  }

  // The greatest fixpoint at the loop's head (must_facts.h); decisions from a last pass.
  LockSet loop_head(const Block& body, const LockSet& in, bool record) {
    LockSet head =
        loop_head_fixpoint(in, [&](const LockSet& from) { return block(body, from, false); });
    block(body, head, record);
    return head;
  }

  std::unordered_map<const Stmt*, LockSet> held_;
};

bool contains_spawn(const Stmt& stmt) {
  bool found = false;
  for_each_stmt(stmt, SpawnBodies::Skip,
                [&](const Stmt& s) { found |= std::holds_alternative<Spawn>(s.node); });
  return found;
}

// Main's accesses in its exclusive phases (ordered_cells.h): those of the top-level statements
// before the first that spawns, and after every spawned id was waited for at top level after
// the last that spawns.
std::unordered_set<const Stmt*> exclusive_accesses(const Program& program, const ProgramInfo& info,
                                                   const std::vector<Access>& accesses,
                                                   bool phase_before_waits) {
  std::set<int64_t> spawned;
  for (const Spawn* spawn : program_spawns(program, info)) spawned.insert(spawn->thread);
  const Block& main = program.body;
  std::vector<bool> exclusive(main.size(), false);
  size_t first = main.size(), last = 0;
  for (size_t i = 0; i < main.size(); ++i)
    if (contains_spawn(main[i])) {
      first = std::min(first, i);
      last = i;
    }
  for (size_t i = 0; i < first; ++i) exclusive[i] = true;
  if (first < main.size()) {
    std::set<int64_t> waited;
    for (size_t i = last + 1; i < main.size(); ++i) {
      exclusive[i] = phase_before_waits ||
                     std::includes(waited.begin(), waited.end(), spawned.begin(), spawned.end());
      if (const auto* wait = std::get_if<Wait>(&main[i].node)) waited.insert(wait->thread);
    }
  }
  std::unordered_map<const Stmt*, size_t> top_of = main_top_level_of(program);
  std::unordered_set<const Stmt*> out;
  for (const Access& a : accesses)
    if (a.thread == 0)
      if (auto it = top_of.find(a.stmt); it != top_of.end() && exclusive[it->second])
        out.insert(a.stmt);
  return out;
}

} // namespace

OrderedAccesses ordered_accesses(const Program& program, const ProgramInfo& info,
                                 const std::vector<Access>& accesses,
                                 const OrderedCellsOptions& options) {
  HeldLocks held;
  held.thread(program.body);
  for (const Spawn* spawn : program_spawns(program, info)) held.thread(spawn->body);
  auto exclusive = exclusive_accesses(program, info, accesses, options.phase_before_waits);

  struct Unit {
    bool stores_exclusive = true;  // every store in main's exclusive phases
    std::optional<LockSet> guards; // locks held at every access outside them (all: nullopt)
  };
  std::map<std::string, Unit> units;
  for (const Access& a : accesses) {
    Unit& unit = units[a.loc->name];
    bool in_phase = exclusive.count(a.stmt) > 0;
    if (a.kind == AccessKind::Write && !in_phase) unit.stores_exclusive = false;
    if (in_phase || (options.unguarded_reads && a.kind == AccessKind::Read)) continue;
    const LockSet& locks = held.at(a.stmt);
    unit.guards = unit.guards ? intersect(*unit.guards, locks) : locks;
  }
  OrderedAccesses out;
  for (const auto& [name, unit] : units)
    if (unit.stores_exclusive || !unit.guards || !unit.guards->empty()) out.symbols.insert(name);
  out.main_exclusive = std::move(exclusive);
  return out;
}

} // namespace racelang::elide
