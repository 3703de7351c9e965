// Runs and shapes of instrumentation code (see shared_code.h): a walk that writes a statement's
// structure as a key, collects its literals, and says whether it mentions only reserved names.
#include "jit/shared_code.h"

#include <algorithm>
#include <map>
#include <optional>
#include <variant>

#include "frontend/ast_walk.h"

namespace racelang::jit {
namespace {

// Writes the shape of statements into `key`; `ok` turns false at a name the program chose or
// at a statement kind a run may not hold (spawn, wait, print and the synchronisation beyond
// locks: their code depends on more than literals, and the instrumentation never repeats them).
// For a whole thread (`whole_thread`) every name, print and synchronisation is allowed and
// written into the key, and only spawn and wait (whose code names another thread) end it; the
// key then also marks where a block's instruction groups change, which decides the runs the
// thread's code shares (shared_runs), so members of one thread shape share the same runs.
struct ShapeWriter {
  bool whole_thread = false;
  const ProgramInfo* info = nullptr; // for a run's key: the checked locations' first cells
  bool ok = true;
  size_t names = 0; // names written
  std::string key;
  std::vector<ShapeLiteral> literals;

  void name(const std::string& n) {
    if (!whole_thread && !n.starts_with(kReservedPrefix)) ok = false;
    ++names;
    key += n;
    key += ' ';
  }
  void tag(char c, int variant = 0) {
    key += c;
    key += static_cast<char>('0' + variant);
  }

  void expr(const Expr& e) {
    std::visit(Overloaded{
                   [&](const IntLit& lit) {
                     key += '#';
                     literals.push_back({&lit, lit.value});
                   },
                   [&](const LocalRef& r) { name(r.name); },
                   [&](const Binary& b) {
                     tag('(', static_cast<int>(b.op));
                     expr(*b.lhs);
                     expr(*b.rhs);
                     key += ')';
                   },
                   [&](const Negate& n) {
                     key += '-';
                     expr(*n.operand);
                   },
               },
               e.node);
  }

  void cond(const Cond& c) {
    std::visit(Overloaded{
                   [&](const Compare& cmp) {
                     tag('c', static_cast<int>(cmp.op));
                     expr(cmp.lhs);
                     expr(cmp.rhs);
                   },
                   [&](const Logical& l) {
                     tag('l', static_cast<int>(l.op));
                     cond(*l.lhs);
                     cond(*l.rhs);
                   },
                   [&](const Not& n) {
                     key += '!';
                     cond(*n.operand);
                   },
               },
               c.node);
  }

  void location(const Location& loc) {
    name(loc.name);
    if (loc.index) {
      key += '[';
      expr(*loc.index);
      key += ']';
    }
  }

  void block(const Block& stmts) {
    key += '{';
    for (size_t k = 0; k < stmts.size(); ++k) {
      if (whole_thread && k > 0 && stmts[k].group != stmts[k - 1].group) key += '|';
      stmt(stmts[k]);
    }
    key += '}';
  }

  // Synchronisation beyond locks, in a whole thread only.
  void sync(const Sync& sync) {
    if (!whole_thread) {
      ok = false;
      return;
    }
    std::visit(Overloaded{
                   [&](const Cas& c) {
                     key += 'x';
                     name(c.local);
                     location(c.loc);
                     expr(c.expected);
                     expr(c.desired);
                   },
                   [&](const FetchAdd& f) {
                     key += 'f';
                     name(f.local);
                     location(f.loc);
                     expr(f.delta);
                   },
                   [&](const CondWait& w) {
                     key += 'w';
                     location(w.cond);
                     location(w.mutex);
                   },
                   [&](const Notify& n) {
                     tag('n', n.all ? 1 : 0);
                     location(n.cond);
                   },
                   [&](const Await& a) {
                     key += 'b';
                     location(a.barrier);
                   },
                   [&](const Assume& a) {
                     key += 'a';
                     cond(a.cond);
                   },
               },
               sync.op);
  }

  void stmt(const Stmt& s) {
    visit_stmt(s, Overloaded{
                      [&](const Assign& a) {
                        key += 'A';
                        name(a.local);
                        expr(a.value);
                      },
                      [&](const Load& l) {
                        key += 'L';
                        name(l.local);
                        location(l.loc);
                      },
                      [&](const Store& st) {
                        key += 'S';
                        expr(st.value);
                        location(st.loc);
                      },
                      [&](const LockStmt& l) {
                        key += 'K';
                        location(l.lock);
                      },
                      [&](const UnlockStmt& u) {
                        key += 'U';
                        location(u.lock);
                      },
                      [&](const Assert& a) {
                        key += 'T';
                        cond(a.cond);
                        if (!a.race) return;
                        const RaceCheck& rc = *a.race;
                        tag('R', static_cast<int>(rc.kind) * 2 + static_cast<int>(rc.prev_kind));
                        // The program's location a check names (only to report it) may be any.
                        // In a run its array's size is part of the shape and its first cell a
                        // literal, so the checks of two arrays of one size share code (the
                        // name is only in the sites, which are each occurrence's own); in a
                        // whole thread its name is, as every name there.
                        const Symbol* sym =
                            info && !whole_thread ? info->find_symbol(rc.loc.name) : nullptr;
                        if (sym) {
                          key += '@';
                          key += std::to_string(sym->array_size.value_or(-1));
                          key += '#';
                          literals.push_back({&rc.loc, sym->first_cell, true});
                        } else {
                          key += rc.loc.name;
                        }
                        if (rc.loc.index) {
                          key += '[';
                          expr(*rc.loc.index);
                          key += ']';
                        }
                        expr(rc.site);
                        expr(rc.prev_thread);
                        location(rc.prev_site);
                      },
                      [&](const If& i) {
                        key += 'I';
                        cond(i.cond);
                        block(i.then_body);
                        if (i.else_body) {
                          key += 'E';
                          block(*i.else_body);
                        }
                      },
                      [&](const While& w) {
                        key += 'W';
                        cond(w.cond);
                        block(w.body);
                      },
                      [&](const Spawn&) { ok = false; },
                      [&](const Wait&) { ok = false; },
                      [&](const Print& p) {
                        if (!whole_thread) ok = false;
                        key += 'P';
                        for (const Expr& e : p.args) expr(e);
                      },
                      [&](const Call&) { ok = false; },
                      [&](const Sync& sync) { this->sync(sync); },
                  });
    key += ';';
  }
};

void add_runs(const Block& block, size_t min_weight, size_t spawn_wait_min_weight, RunPlace place,
              const ProgramInfo& info, ShapeTable& table, StatementFacts& facts) {
  for (const SharedRun& run :
       candidate_runs(block, min_weight, spawn_wait_min_weight, place.inside, facts)) {
    RunShape shape = shape_of(block, run, info);
    ShapeUse& use = table[shape.key];
    ++use.occurrences;
    if (place.in_sync_loop) use.in_sync_loop = true;
    std::vector<int64_t>& values = use.values.emplace_back();
    for (const ShapeLiteral& lit : shape.literals) values.push_back(lit.value);
  }
  for (const Stmt& s : block) {
    RunPlace nested = place_of_bodies(place, s, facts);
    if (const auto* i = std::get_if<If>(&s.node)) {
      add_runs(i->then_body, min_weight, spawn_wait_min_weight, nested, info, table, facts);
      if (i->else_body)
        add_runs(*i->else_body, min_weight, spawn_wait_min_weight, nested, info, table, facts);
    } else if (const auto* l = std::get_if<While>(&s.node)) {
      add_runs(l->body, min_weight, spawn_wait_min_weight, nested, info, table, facts);
    }
  }
}

} // namespace

bool StatementFacts::instrumentation_only(const Stmt& s) {
  if (auto it = only_.find(&s); it != only_.end()) return it->second;
  // An if or a while is its condition and its bodies' statements, whose answers are kept;
  // every other statement has nothing nested and is written whole.
  auto all = [&](const Block& b) {
    return std::all_of(b.begin(), b.end(), [&](const Stmt& t) { return instrumentation_only(t); });
  };
  bool ok;
  ShapeWriter w;
  if (const auto* i = std::get_if<If>(&s.node)) {
    w.cond(i->cond);
    ok = w.ok && all(i->then_body) && (!i->else_body || all(*i->else_body));
  } else if (const auto* l = std::get_if<While>(&s.node)) {
    w.cond(l->cond);
    ok = w.ok && all(l->body);
  } else {
    w.stmt(s);
    ok = w.ok;
  }
  only_.emplace(&s, ok);
  return ok;
}

bool StatementFacts::synchronises(const Stmt& s) {
  if (auto it = sync_.find(&s); it != sync_.end()) return it->second;
  auto any = [&](const Block& b) {
    return std::any_of(b.begin(), b.end(), [&](const Stmt& t) { return synchronises(t); });
  };
  auto is_volatile = [&](const Location& loc) {
    const Symbol* sym = info_.find_symbol(loc.name);
    return sym && sym->kind == SymbolKind::Volatile;
  };
  auto program_lock = [](const Location& loc) { return !loc.name.starts_with(kReservedPrefix); };
  bool sync = visit_stmt(
      s, Overloaded{
             [&](const Assign&) { return false; },
             [&](const Load& l) { return is_volatile(l.loc); },
             [&](const Store& st) { return is_volatile(st.loc); },
             [&](const LockStmt& l) { return program_lock(l.lock); },
             [&](const UnlockStmt& u) { return program_lock(u.lock); },
             [&](const Spawn&) { return true; },
             [&](const Wait&) { return true; },
             [&](const Assert&) { return false; },
             [&](const If& i) { return any(i.then_body) || (i.else_body && any(*i.else_body)); },
             [&](const While& w) { return any(w.body); },
             [&](const Print&) { return false; },
             [&](const Call&) { return true; }, // never met: the frontend expands calls
             [&](const Sync&) { return true; },
         });
  sync_.emplace(&s, sync);
  return sync;
}

bool StatementFacts::slow_path(const Stmt& s) {
  if (auto it = slow_.find(&s); it != slow_.end()) return it->second;
  bool slow = false;
  if (const auto* i = std::get_if<If>(&s.node)) {
    ShapeWriter w;
    w.cond(i->cond);
    // A condition without names (`if (1 == 1)`) is the program's, like its bodies.
    slow = w.ok && w.names > 0 && !instrumentation_only(s);
  }
  slow_.emplace(&s, slow);
  return slow;
}

RunPlace place_of_bodies(RunPlace outer, const Stmt& s, StatementFacts& facts) {
  RunPlace place = outer;
  if (std::holds_alternative<While>(s.node) && facts.synchronises(s)) place.in_sync_loop = true;
  if (facts.instrumentation_only(s)) {
    place.inside = true;
    place.slow_path = false;
  } else if (facts.slow_path(s) && !place.in_sync_loop) {
    place.inside = true;
    place.slow_path = true;
  }
  return place;
}

size_t StatementFacts::weight(const Stmt& s) {
  if (auto it = weight_.find(&s); it != weight_.end()) return it->second;
  size_t w = 1;
  if (const auto* i = std::get_if<If>(&s.node)) {
    w += weight(i->then_body);
    if (i->else_body) w += weight(*i->else_body);
  } else if (const auto* l = std::get_if<While>(&s.node)) {
    w += weight(l->body);
  }
  weight_.emplace(&s, w);
  return w;
}

size_t StatementFacts::weight(const Block& b) {
  size_t w = 0;
  for (const Stmt& s : b) w += weight(s);
  return w;
}

std::vector<SharedRun> candidate_runs(const Block& block, size_t min_weight,
                                      size_t spawn_wait_min_weight, bool inside,
                                      StatementFacts& facts) {
  if (inside) return shared_runs(block, min_weight, facts);
  std::vector<SharedRun> runs =
      shared_runs(block, std::min(min_weight, spawn_wait_min_weight), facts);
  std::vector<uint32_t> groups; // of the block's spawns and waits
  for (const Stmt& s : block)
    if (s.group != 0 &&
        (std::holds_alternative<Spawn>(s.node) || std::holds_alternative<Wait>(s.node)))
      groups.push_back(s.group);
  std::erase_if(runs, [&](SharedRun run) {
    return std::find(groups.begin(), groups.end(), block[run.begin].group) == groups.end();
  });
  return runs;
}

std::vector<SharedRun> shared_runs(const Block& block, size_t min_weight, StatementFacts& facts) {
  std::vector<SharedRun> runs;
  size_t k = 0;
  while (k < block.size()) {
    if (!facts.instrumentation_only(block[k])) {
      ++k;
      continue;
    }
    size_t end = k, total = 0;
    while (end < block.size() && block[end].group == block[k].group &&
           facts.instrumentation_only(block[end]))
      total += facts.weight(block[end++]);
    if (total >= min_weight) runs.push_back({k, end});
    k = end;
  }
  return runs;
}

RunShape shape_of(const Block& block, SharedRun run, const ProgramInfo& info) {
  ShapeWriter w;
  w.info = &info;
  for (size_t k = run.begin; k < run.end; ++k) w.stmt(block[k]);
  return RunShape{std::move(w.key), std::move(w.literals)};
}

ShapeUse shape_use(const std::vector<std::vector<int64_t>>& values) {
  ShapeUse use;
  use.occurrences = values.size();
  size_t positions = values.front().size();
  // A position's offsets from the first occurrence's value, in every occurrence (wrapping,
  // as the code's arithmetic does).
  std::map<std::vector<uint64_t>, int> by_offsets;
  use.first = values.front();
  use.parameter.assign(positions, -1);
  for (size_t k = 0; k < positions; ++k) {
    std::vector<uint64_t> offsets;
    for (const std::vector<int64_t>& occurrence : values)
      offsets.push_back(static_cast<uint64_t>(occurrence[k]) - static_cast<uint64_t>(use.first[k]));
    if (std::all_of(offsets.begin(), offsets.end(), [](uint64_t d) { return d == 0; })) continue;
    auto [it, added] =
        by_offsets.try_emplace(std::move(offsets), static_cast<int>(by_offsets.size()));
    use.parameter[k] = it->second;
  }
  use.parameters = by_offsets.size();
  return use;
}

std::vector<uint64_t> shape_arguments(const ShapeUse& use, const std::vector<int64_t>& values) {
  std::vector<uint64_t> arguments(use.parameters);
  for (size_t k = 0; k < values.size(); ++k)
    if (use.parameter[k] >= 0)
      arguments[use.parameter[k]] =
          static_cast<uint64_t>(values[k]) - static_cast<uint64_t>(use.first[k]);
  return arguments;
}

ShapeTable program_shapes(const ProgramInfo& info, size_t min_weight, size_t spawn_wait_min_weight,
                          StatementFacts& facts) {
  ShapeTable table;
  for (const ThreadInfo& thread : info.threads)
    add_runs(*thread.body, min_weight, spawn_wait_min_weight, RunPlace{}, info, table, facts);
  for (auto& [key, use] : table) {
    bool in_sync_loop = use.in_sync_loop;
    use = shape_use(use.values);
    use.in_sync_loop = in_sync_loop;
  }
  return table;
}

std::optional<RunShape> thread_shape(const Block& body) {
  ShapeWriter w;
  w.whole_thread = true;
  w.block(body);
  if (!w.ok) return std::nullopt;
  return RunShape{std::move(w.key), std::move(w.literals)};
}

namespace {

// The units of a block (UnitRef): maximal runs of one nonzero group, group-0 statements alone.
std::vector<SharedRun> units_of(const Block& b) {
  std::vector<SharedRun> units;
  for (size_t k = 0; k < b.size();) {
    size_t end = k + 1;
    if (b[k].group != 0)
      while (end < b.size() && b[end].group == b[k].group) ++end;
    units.push_back({k, end});
    k = end;
  }
  return units;
}

// A unit that is one `if` or `while`: its bodies are compared unit by unit.
const Stmt* compound_unit(const Block& b, SharedRun u) {
  if (u.end - u.begin != 1) return nullptr;
  const Stmt& s = b[u.begin];
  return std::holds_alternative<If>(s.node) || std::holds_alternative<While>(s.node) ? &s : nullptr;
}

// The program's access a unit is, or instruments: the first load, store, lock, unlock or
// synchronisation statement in it (bodies included) on a location the program declared, as
// its kind, local and location name (not its index: the instrumentation evaluates that into
// `__i` first). Nothing for a unit that accesses no location of the program's.
std::optional<std::string> access_signature(const Block& b, SharedRun u) {
  std::optional<std::string> sig;
  auto program = [](const Location& loc) { return !loc.name.starts_with(kReservedPrefix); };
  for (size_t k = u.begin; k < u.end && !sig; ++k)
    for_each_stmt(b[k], SpawnBodies::Skip, [&](const Stmt& s) {
      if (sig) return;
      if (const auto* l = std::get_if<Load>(&s.node); l && program(l->loc))
        sig = "L" + l->local + " " + l->loc.name;
      else if (const auto* st = std::get_if<Store>(&s.node); st && program(st->loc))
        sig = "S" + st->loc.name;
      else if (const auto* lk = std::get_if<LockStmt>(&s.node); lk && program(lk->lock))
        sig = "K" + lk->lock.name;
      else if (const auto* ul = std::get_if<UnlockStmt>(&s.node); ul && program(ul->lock))
        sig = "U" + ul->lock.name;
    });
  return sig;
}

// The whole-thread shape of a unit's statements.
RunShape unit_shape(const Block& b, SharedRun u, bool& ok) {
  ShapeWriter w;
  w.whole_thread = true;
  for (size_t k = u.begin; k < u.end; ++k) w.stmt(b[k]);
  ok = ok && w.ok;
  return RunShape{std::move(w.key), std::move(w.literals)};
}

// The key of a thread family: the thread's shape, except that a unit that is an access of the
// program's is written as that access alone, whatever checks it carries. Threads of one key
// are one ThreadGroup, their units that differ its variants. Other units are written whole,
// with whether their group is 0 (which decides the shared runs of the code around them);
// without `variants`, every unit is, and the key is the thread's shape.
void family_key(const Block& b, bool variants, std::string& key, bool& ok) {
  key += '{';
  for (SharedRun u : units_of(b)) {
    if (const Stmt* s = compound_unit(b, u)) {
      ShapeWriter w;
      w.whole_thread = true;
      key += s->group == 0 ? '0' : 'g';
      if (const auto* i = std::get_if<If>(&s->node)) {
        w.cond(i->cond);
        key += 'I' + w.key;
        family_key(i->then_body, variants, key, ok);
        if (i->else_body) {
          key += 'E';
          family_key(*i->else_body, variants, key, ok);
        }
      } else {
        const auto& l = std::get<While>(s->node);
        w.cond(l.cond);
        key += 'W' + w.key;
        family_key(l.body, variants, key, ok);
      }
      ok = ok && w.ok;
    } else if (std::optional<std::string> sig = variants ? access_signature(b, u) : std::nullopt) {
      unit_shape(b, u, ok);
      key += 'V' + *sig;
    } else {
      key += b[u.begin].group == 0 ? '0' : 'g';
      key += unit_shape(b, u, ok).key;
    }
    key += ';';
  }
  key += '}';
}

// Walks the bodies of a family's members side by side (their family keys are equal, so their
// units line up), collecting each member's literals by position and the variants.
struct FamilyWalk {
  size_t members;
  std::vector<std::vector<ShapeLiteral>> literals; // by member
  std::vector<std::vector<char>> known;            // by member
  std::vector<ThreadVariant> variants;
  bool ok = true;

  void add(size_t m, const std::vector<ShapeLiteral>& lits, bool own) {
    literals[m].insert(literals[m].end(), lits.begin(), lits.end());
    known[m].insert(known[m].end(), lits.size(), own ? 1 : 0);
  }

  void cond_literals(const std::vector<const Cond*>& conds) {
    for (size_t m = 0; m < members; ++m) {
      ShapeWriter w;
      w.whole_thread = true;
      w.cond(*conds[m]);
      add(m, w.literals, true);
    }
  }

  void block(const std::vector<const Block*>& blocks) {
    std::vector<std::vector<SharedRun>> units;
    for (const Block* b : blocks) units.push_back(units_of(*b));
    for (const auto& u : units) ok = ok && u.size() == units[0].size();
    if (!ok) return;
    for (size_t k = 0; k < units[0].size() && ok; ++k) {
      if (const Stmt* first = compound_unit(*blocks[0], units[0][k])) {
        std::vector<const Stmt*> stmts;
        for (size_t m = 0; m < members; ++m) {
          stmts.push_back(&(*blocks[m])[units[m][k].begin]);
          ok = ok && stmts[m]->node.index() == first->node.index();
        }
        if (!ok) return;
        std::vector<const Cond*> conds;
        std::vector<const Block*> bodies, elses;
        for (const Stmt* s : stmts) {
          if (const auto* i = std::get_if<If>(&s->node)) {
            conds.push_back(&i->cond);
            bodies.push_back(&i->then_body);
            if (i->else_body) elses.push_back(&*i->else_body);
          } else {
            conds.push_back(&std::get<While>(s->node).cond);
            bodies.push_back(&std::get<While>(s->node).body);
          }
        }
        cond_literals(conds);
        block(bodies);
        if (!elses.empty()) block(elses);
        continue;
      }
      std::vector<RunShape> shapes;
      for (size_t m = 0; m < members; ++m)
        shapes.push_back(unit_shape(*blocks[m], units[m][k], ok));
      bool same = std::all_of(shapes.begin(), shapes.end(),
                              [&](const RunShape& s) { return s.key == shapes[0].key; });
      if (same) {
        for (size_t m = 0; m < members; ++m) add(m, shapes[m].literals, true);
        continue;
      }
      // A variant: the distinct forms, each from its first holder.
      ThreadVariant v;
      std::vector<size_t> holder;
      for (size_t m = 0; m < members; ++m) {
        UnitRef own{blocks[m], units[m][k].begin, units[m][k].end};
        v.own.push_back(own);
        size_t j = 0;
        while (j < holder.size() && shapes[holder[j]].key != shapes[m].key) ++j;
        if (j == holder.size()) {
          holder.push_back(m);
          v.alternatives.push_back(own);
        }
        v.choice.push_back(static_cast<uint32_t>(j));
      }
      for (size_t j = 0; j < holder.size(); ++j)
        for (size_t m = 0; m < members; ++m)
          add(m, shapes[v.choice[m] == j ? m : holder[j]].literals, v.choice[m] == j);
      variants.push_back(std::move(v));
    }
  }
};

} // namespace

ShapeUse shape_use_filling(std::vector<std::vector<int64_t>>& values,
                           const std::vector<std::vector<char>>& known) {
  size_t members = values.size(), positions = values.front().size();
  auto u = [](int64_t v) { return static_cast<uint64_t>(v); };
  // The offset vectors (from member 0) of the positions every member knows, and first the
  // constants'.
  std::vector<std::vector<uint64_t>> classes{std::vector<uint64_t>(members, 0)};
  std::vector<size_t> partial;
  for (size_t p = 0; p < positions; ++p) {
    bool all = true;
    for (size_t m = 0; m < members; ++m) all = all && known[m][p];
    if (!all) {
      partial.push_back(p);
      continue;
    }
    std::vector<uint64_t> offsets;
    for (size_t m = 0; m < members; ++m) offsets.push_back(u(values[m][p]) - u(values[0][p]));
    classes.push_back(std::move(offsets));
  }
  for (size_t p : partial) {
    std::vector<size_t> knowing;
    for (size_t m = 0; m < members; ++m)
      if (known[m][p]) knowing.push_back(m);
    // A constant where the members that run it agree; else the first class that fits them
    // (base + offset in each); else a parameter of its own.
    std::vector<uint64_t> fit(members, 0);
    bool found = false;
    for (const std::vector<uint64_t>& offsets : classes) {
      uint64_t base = u(values[knowing[0]][p]) - offsets[knowing[0]];
      if (std::all_of(knowing.begin(), knowing.end(),
                      [&](size_t m) { return u(values[m][p]) - offsets[m] == base; })) {
        for (size_t m = 0; m < members; ++m) fit[m] = base + offsets[m];
        found = true;
        break;
      }
    }
    if (!found) {
      // Most such literals are linear in the member's place (its thread id, its clock row,
      // the metadata of its own cells): where the known values are, the unknown ones follow
      // the line, so that later positions of the same kind share the class; else they are
      // the first known value.
      uint64_t first = u(values[knowing[0]][p]), step = 0;
      bool linear = knowing.size() >= 2;
      if (linear) {
        size_t a = knowing[0], b = knowing[1];
        int64_t rise = static_cast<int64_t>(u(values[b][p]) - first);
        linear = rise % static_cast<int64_t>(b - a) == 0;
        step = static_cast<uint64_t>(rise / static_cast<int64_t>(b - a));
        for (size_t m : knowing) linear = linear && u(values[m][p]) == first + step * (m - a);
        for (size_t m = 0; m < members; ++m) fit[m] = linear ? first + step * (m - a) : first;
      } else {
        fit.assign(members, first);
      }
      for (size_t m : knowing) fit[m] = u(values[m][p]);
      std::vector<uint64_t> offsets;
      for (size_t m = 0; m < members; ++m) offsets.push_back(fit[m] - fit[0]);
      classes.push_back(std::move(offsets));
    }
    for (size_t m = 0; m < members; ++m)
      if (!known[m][p]) values[m][p] = static_cast<int64_t>(fit[m]);
  }
  return shape_use(values);
}

std::vector<ThreadGroup> thread_groups(const ProgramInfo& info, size_t max_weight, bool variants,
                                       StatementFacts& facts) {
  std::vector<std::vector<uint32_t>> families;
  std::unordered_map<std::string, size_t> by_key;
  for (uint32_t k = 0; k < info.threads.size(); ++k) {
    const Block& body = *info.threads[k].body;
    if (max_weight > 0 && facts.weight(body) > max_weight)
      continue; // split into parts: see shared_code.h
    std::string key;
    bool ok = true;
    family_key(body, variants, key, ok);
    if (!ok) continue; // a spawn or a wait: see thread_shape
    auto [it, added] = by_key.try_emplace(std::move(key), families.size());
    if (added) families.emplace_back();
    families[it->second].push_back(k);
  }
  std::vector<ThreadGroup> shared;
  for (const std::vector<uint32_t>& family : families) {
    if (family.size() < 2) continue;
    FamilyWalk walk{family.size(),
                    std::vector<std::vector<ShapeLiteral>>(family.size()),
                    std::vector<std::vector<char>>(family.size()),
                    {}};
    std::vector<const Block*> bodies;
    for (uint32_t k : family) bodies.push_back(info.threads[k].body);
    walk.block(bodies);
    if (!walk.ok) continue; // never met: equal keys line up
    ThreadGroup group;
    group.members = family;
    std::vector<std::vector<int64_t>> values(family.size());
    for (size_t m = 0; m < family.size(); ++m)
      for (const ShapeLiteral& lit : walk.literals[m]) {
        values[m].push_back(lit.value);
        group.literal_nodes.resize(family.size());
        group.literal_nodes[m].push_back(lit.node);
      }
    group.literal_nodes.resize(family.size());
    group.use = shape_use_filling(values, walk.known);
    for (const std::vector<int64_t>& v : values)
      group.arguments.push_back(shape_arguments(group.use, v));
    // Variants the members choose alike share a selector.
    std::map<std::vector<uint32_t>, size_t> selector_of;
    group.selections.resize(family.size());
    for (ThreadVariant& v : walk.variants) {
      auto [it, added] = selector_of.try_emplace(v.choice, selector_of.size());
      v.selector = it->second;
      if (added)
        for (size_t m = 0; m < family.size(); ++m) group.selections[m].push_back(v.choice[m]);
      for (size_t m = 0; m < family.size(); ++m)
        group.variant_at.emplace(&(*v.own[m].block)[v.own[m].begin], &v - walk.variants.data());
    }
    group.selectors = selector_of.size();
    group.variants = std::move(walk.variants);
    shared.push_back(std::move(group));
  }
  return shared;
}

} // namespace racelang::jit
