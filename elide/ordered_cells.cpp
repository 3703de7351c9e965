// The two analyses of ordered_cells.h: main's exclusive phases (a walk over main's top-level
// statements) and the locks held at each access (a forward must-analysis per thread, like the
// redundant-check analysis: intersections after `if` and at a loop's head), elements of lock
// arrays named by a computed index included (symbolic_locks.h).
#include "elide/ordered_cells.h"

#include <algorithm>
#include <iterator>
#include <map>
#include <optional>
#include <set>
#include <unordered_map>

#include "elide/constant_index.h"
#include "elide/must_facts.h"
#include "elide/symbolic_locks.h"
#include "frontend/ast_walk.h"

namespace racelang::elide {
namespace {

using LockSet = std::set<std::string>;

// A lock's name as the lockset holds it: `m`, or `m[3]` for a constant index.
std::optional<std::string> lock_key(const Location& lock) {
  if (!lock.index) return lock.name;
  if (auto k = fold_constant(*lock.index)) return lock.name + "[" + std::to_string(*k) + "]";
  return std::nullopt;
}

// An element of a lock array held by a computed index (symbolic_locks.h): its key in the
// lockset is `m{<canonical index>}`, which names the element only while no local of `locals`
// has been assigned since the lock was taken.
struct SymbolicLock {
  std::string lock;
  const Expr* index = nullptr;
  std::vector<std::string> locals;
};

// The locks held on every path to each load and store of one thread's code.
class HeldLocks {
public:
  explicit HeldLocks(bool keep_after_assignment) : keep_after_assignment_(keep_after_assignment) {}
  void thread(const Block& body) { block(body, LockSet{}, true); }
  const LockSet& at(const Stmt* access) const { return held_.at(access); }
  // The held element a key of `at` names by a computed index, or nullptr (a constant key).
  const SymbolicLock* symbolic(const std::string& key) const {
    auto it = symbolic_.find(key);
    return it == symbolic_.end() ? nullptr : &it->second;
  }

private:
  void acquire(LockSet& held, const Location& lock) {
    if (auto key = lock_key(lock)) {
      held.insert(*key);
      return;
    }
    std::string key = lock.name + "{" + canonical_text(*lock.index) + "}";
    if (!symbolic_.count(key)) {
      SymbolicLock s{lock.name, &*lock.index, {}};
      collect_locals(*lock.index, s.locals);
      symbolic_.emplace(key, std::move(s));
    }
    held.insert(key);
  }

  void release(LockSet& held, const Location& lock) const {
    // Every element of the array the unlocked one may be: a constant key names one, but an
    // element held by a computed index may be that one too; a computed index may be any.
    auto key = lock_key(lock);
    std::erase_if(held, [&](const std::string& k) {
      if (key && k == *key) return true;
      bool element = k.rfind(lock.name + "[", 0) == 0 || k.rfind(lock.name + "{", 0) == 0;
      return element && (!key || symbolic(k) != nullptr);
    });
  }

  // `local` is assigned: the held elements whose index reads it are no longer known.
  void assigned(LockSet& held, const std::string& local) const {
    if (keep_after_assignment_) return; // the deliberately broken control
    std::erase_if(held, [&](const std::string& k) {
      const SymbolicLock* s = symbolic(k);
      return s && std::find(s->locals.begin(), s->locals.end(), local) != s->locals.end();
    });
  }

  LockSet block(const Block& body, LockSet held, bool record) {
    for (const Stmt& stmt : body) statement(stmt, held, record);
    return held;
  }

  void statement(const Stmt& stmt, LockSet& held, bool record) {
    visit_stmt(stmt, Overloaded{
                         [&](const Assign& a) { assigned(held, a.local); },
                         // The index is read before the load assigns its local.
                         [&](const Load& l) {
                           if (record) held_[&stmt] = held;
                           assigned(held, l.local);
                         },
                         [&](const Store&) {
                           if (record) held_[&stmt] = held;
                         },
                         [&](const LockStmt& l) { acquire(held, l.lock); },
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
                         // notify and assume take or give no lock; cas and fetch_add assign
                         // a local.
                         [&](const Sync& s) {
                           if (const auto* cas = std::get_if<Cas>(&s.op))
                             assigned(held, cas->local);
                           if (const auto* add = std::get_if<FetchAdd>(&s.op))
                             assigned(held, add->local);
                         },
                     });
  }

  // The greatest fixpoint at the loop's head (must_facts.h); decisions from a last pass.
  LockSet loop_head(const Block& body, const LockSet& in, bool record) {
    LockSet head =
        loop_head_fixpoint(in, [&](const LockSet& from) { return block(body, from, false); });
    block(body, head, record);
    return head;
  }

  bool keep_after_assignment_;
  std::unordered_map<const Stmt*, LockSet> held_;
  std::map<std::string, SymbolicLock> symbolic_;
};

// What an access outside main's phases contributes to its unit's guards: the locks it holds by
// name (`m`, `m[3]`), and, for an array element `a[e]`, `L<T>` for every lock array L of which it
// holds the element T(e) (a template, symbolic_locks.h), constant elements included (`m[3]` at
// `a[3]`: `m<□>`). An element held by a computed index is not a guard by its key: the same text
// in another thread, or after the locals changed, names another element.
LockSet guards_of(const Access& a, const HeldLocks& locks) {
  const LockSet& held = locks.at(a.stmt);
  LockSet out;
  std::map<std::string, std::vector<const Expr*>> computed; // per lock array
  for (const std::string& key : held) {
    if (const SymbolicLock* s = locks.symbolic(key))
      computed[s->lock].push_back(s->index);
    else
      out.insert(key);
  }
  if (!a.loc->index) return out;
  const Expr& index = *a.loc->index;
  if (auto cell = fold_constant(index))
    for (const std::string& key : held) {
      size_t open = key.find('[');
      if (open != std::string::npos && key.substr(open) == "[" + std::to_string(*cell) + "]")
        out.insert(key.substr(0, open) + "<□>");
    }
  for (const auto& [lock, indices] : computed)
    for (const Expr* held_index : covered_indices(indices))
      if (auto t = index_template(*held_index, index)) out.insert(lock + "<" + *t + ">");
  return out;
}

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
  HeldLocks held(options.locks_survive_assignment);
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
    LockSet locks = guards_of(a, held);
    unit.guards = unit.guards ? intersect(*unit.guards, locks) : std::move(locks);
  }
  OrderedAccesses out;
  for (const auto& [name, unit] : units)
    if (unit.stores_exclusive || !unit.guards || !unit.guards->empty()) out.symbols.insert(name);
  out.main_exclusive = std::move(exclusive);
  return out;
}

} // namespace racelang::elide
