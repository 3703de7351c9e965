// The semantic checker: one walk over the program in text order that records how every name
// is used, followed by the thread and layout checks. Errors are reported at the offending use
// with a note at the earlier use or declaration they conflict with; each name's conflict is
// reported once so one mistake does not bury the rest.
#include "frontend/check.h"
#include "frontend/ast_walk.h"

#include <set>

namespace racelang {
namespace {

enum class NameRole { Local, Shared, Lock, Volatile, Condition, Barrier };

const char* role_noun(NameRole role) {
  switch (role) {
  case NameRole::Local:
    return "a local variable";
  case NameRole::Shared:
    return "a shared location";
  case NameRole::Lock:
    return "a lock";
  case NameRole::Volatile:
    return "a volatile variable";
  case NameRole::Condition:
    return "a condition variable";
  case NameRole::Barrier:
    return "a barrier";
  }
  return "";
}

struct NameUse {
  NameRole role;
  SourceRange first;
  bool declared = false;
  std::optional<int64_t> array_size;
  int64_t barrier_count = 0;
};

// The range of a statement's leading name (`a` in `a := ...`): names are ASCII identifiers.
SourceRange name_range(const std::string& name, SourceRange stmt) {
  SourceLoc begin = stmt.begin;
  return {begin, {begin.line, begin.col + static_cast<uint32_t>(name.size())}};
}

bool is_reserved(const std::string& name) {
  return name.rfind(kReservedPrefix, 0) == 0;
}

// A literal index, if the expression is one (`3`, `-1`): enough for an out-of-range warning.
std::optional<int64_t> constant_index(const Expr& e) {
  if (auto* lit = std::get_if<IntLit>(&e.node)) return lit->value;
  if (auto* neg = std::get_if<Negate>(&e.node))
    if (auto* lit = std::get_if<IntLit>(&neg->operand->node)) return -lit->value;
  return std::nullopt;
}

class Checker {
public:
  Checker(DiagnosticEngine& diags, const CheckOptions& options)
      : diags_(diags), options_(options) {}

  std::optional<ProgramInfo> run(const Program& program) {
    for (const Decl& decl : program.decls) declare(decl);
    info_.threads.push_back(ThreadInfo{0, -1, {}, &program.body});
    walk_block(program.body, 0);
    check_waits();
    if (diags_.has_errors()) return std::nullopt;
    lay_out(program);
    if (diags_.has_errors()) return std::nullopt;
    return std::move(info_);
  }

private:
  void check_reserved(const std::string& name, SourceRange range) {
    if (options_.allow_reserved_names || !is_reserved(name) || reserved_reported_.count(name))
      return;
    reserved_reported_.insert(name);
    diags_.error(range, "'" + name +
                            "' is reserved: names starting with '__' belong to the "
                            "race-detection instrumentation (for instrumented "
                            "programs, use --allow-reserved)");
  }

  void declare(const Decl& decl) {
    check_reserved(decl.name, decl.range);
    NameRole role = decl_role(decl.kind);
    auto [it, inserted] = names_.try_emplace(
        decl.name, NameUse{role, decl.range, true, decl.size, decl.count.value_or(0)});
    if (!inserted) {
      diags_.error(decl.range, "'" + decl.name + "' is declared more than once");
      diags_.note(it->second.first, "the first declaration is here");
      return;
    }
    order_.push_back(decl.name);
    if (decl.kind == DeclKind::Barrier && !decl.count) {
      diags_.error(decl.range, "barrier '" + decl.name +
                                   "' needs the number of threads it waits for, e.g. 'barrier " +
                                   decl.name + "(2);'");
    } else if (decl.kind == DeclKind::Barrier && *decl.count < 1) {
      diags_.error(decl.range, "barrier '" + decl.name + "' must wait for at least one thread");
    } else if (decl.kind == DeclKind::Barrier && *decl.count > kMaxThreadId + 1) {
      diags_.error(decl.range, "barrier '" + decl.name +
                                   "' waits for more threads than a program can have (" +
                                   std::to_string(kMaxThreadId + 1) + ")");
    } else if (decl.kind != DeclKind::Barrier && decl.count) {
      diags_.error(decl.range, std::string("only barriers take a thread count; '") + decl.name +
                                   "' is declared '" + spelling(decl.kind) + "'");
    }
    if (decl.size && *decl.size < 1) {
      diags_.error(decl.range, "array '" + decl.name + "' must have at least one element");
      it->second.array_size = 1; // keep checking uses as an array
    }
  }

  static NameRole decl_role(DeclKind kind) {
    switch (kind) {
    case DeclKind::Shared:
      return NameRole::Shared;
    case DeclKind::Mutex:
      return NameRole::Lock;
    case DeclKind::Volatile:
      return NameRole::Volatile;
    case DeclKind::Condition:
      return NameRole::Condition;
    case DeclKind::Barrier:
      return NameRole::Barrier;
    }
    return NameRole::Shared;
  }

  // A plain load or store: of a shared location, or of a declared volatile (which makes it a
  // synchronising access).
  NameRole data_role(const std::string& name) const {
    auto it = names_.find(name);
    return it != names_.end() && it->second.role == NameRole::Volatile ? NameRole::Volatile
                                                                       : NameRole::Shared;
  }

  // An operand of a synchronisation statement: it must be declared as `role` (these names are
  // never created by use). Reports `op` and what the name is instead.
  void use_sync_operand(const Location& loc, NameRole role, const char* op, const char* decl_word,
                        int64_t thread) {
    auto it = names_.find(loc.name);
    if (it != names_.end() && it->second.role == role) {
      use_location(loc, role, thread);
      return;
    }
    if (loc.index) walk_expr(*loc.index, thread);
    check_reserved(loc.name, loc.range);
    if (it == names_.end()) {
      diags_.error(loc.range, std::string("'") + op + "' needs " + role_noun(role) + "; '" +
                                  loc.name + "' is not declared (declare it, e.g. '" + decl_word +
                                  " " + loc.name + (role == NameRole::Barrier ? "(2)" : "") +
                                  ";')");
      return;
    }
    diags_.error(loc.range, std::string("'") + op + "' needs " + role_noun(role) + ", but '" +
                                loc.name + "' is " + role_noun(it->second.role));
    diags_.note(it->second.first, std::string(it->second.declared ? "declared " : "first used ") +
                                      "as " + role_noun(it->second.role) + " here");
  }

  // Records a use of `name` in `role`; reports a conflict with its earlier role once.
  NameUse* use(const std::string& name, NameRole role, SourceRange range,
               bool in_expression = false) {
    check_reserved(name, range);
    auto [it, inserted] = names_.try_emplace(name, NameUse{role, range, false, std::nullopt});
    if (inserted) {
      order_.push_back(name);
      return &it->second;
    }
    NameUse& prior = it->second;
    if (prior.role == role) return &prior;
    if (conflict_reported_.insert(name).second) {
      std::string message = "'" + name + "' is used here as " + role_noun(role) + ", but it is " +
                            role_noun(prior.role);
      if (in_expression && prior.role == NameRole::Shared)
        message += "; expressions read locals only: load it into a local first";
      diags_.error(range, message);
      diags_.note(prior.first, std::string(prior.declared ? "declared " : "first used ") + "as " +
                                   role_noun(prior.role) + " here");
    }
    return nullptr;
  }

  void use_location(const Location& loc, NameRole role, int64_t thread) {
    NameUse* u = use(loc.name, role, loc.range);
    if (loc.index) walk_expr(*loc.index, thread);
    if (!u) return;
    const char* decl_word = role == NameRole::Lock        ? "mutex"
                            : role == NameRole::Volatile  ? "volatile"
                            : role == NameRole::Condition ? "condition"
                            : role == NameRole::Barrier   ? "barrier"
                                                          : "shared";
    if (loc.index && !u->array_size) {
      if (u->declared)
        diags_.error(loc.range, "'" + loc.name + "' is not an array and cannot be indexed");
      else if (!undeclared_array_reported_.count(loc.name)) {
        undeclared_array_reported_.insert(loc.name);
        diags_.error(loc.range, "array '" + loc.name +
                                    "' is not declared; declare it with a "
                                    "size, e.g. '" +
                                    decl_word + " " + loc.name + "[4];'");
      }
    } else if (!loc.index && u->array_size) {
      diags_.error(loc.range,
                   "'" + loc.name + "' is an array; use an element, e.g. '" + loc.name + "[0]'");
    } else if (loc.index && u->array_size) {
      if (auto k = constant_index(*loc.index); k && (*k < 0 || *k >= *u->array_size))
        diags_.warning(loc.index->range, "index " + std::to_string(*k) + " is out of range for '" +
                                             loc.name + "' of size " +
                                             std::to_string(*u->array_size));
    }
  }

  void walk_expr(const Expr& e, int64_t thread) {
    std::visit(Overloaded{
                   [&](const IntLit&) {},
                   [&](const LocalRef& r) { use(r.name, NameRole::Local, e.range, true); },
                   [&](const Binary& b) {
                     walk_expr(*b.lhs, thread);
                     walk_expr(*b.rhs, thread);
                   },
                   [&](const Negate& n) { walk_expr(*n.operand, thread); },
               },
               e.node);
  }

  void walk_cond(const Cond& c, int64_t thread) {
    std::visit(Overloaded{
                   [&](const Compare& cmp) {
                     walk_expr(cmp.lhs, thread);
                     walk_expr(cmp.rhs, thread);
                   },
                   [&](const Logical& l) {
                     walk_cond(*l.lhs, thread);
                     walk_cond(*l.rhs, thread);
                   },
                   [&](const Not& n) { walk_cond(*n.operand, thread); },
               },
               c.node);
  }

  void walk_block(const Block& block, int64_t thread) {
    for (const Stmt& s : block) walk_stmt(s, thread);
  }

  void walk_stmt(const Stmt& s, int64_t thread) {
    visit_stmt(s, Overloaded{
                      [&](const Assign& a) {
                        use(a.local, NameRole::Local, name_range(a.local, s.range));
                        walk_expr(a.value, thread);
                      },
                      [&](const Load& l) {
                        use(l.local, NameRole::Local, name_range(l.local, s.range));
                        use_location(l.loc, data_role(l.loc.name), thread);
                      },
                      [&](const Store& st) {
                        walk_expr(st.value, thread);
                        use_location(st.loc, data_role(st.loc.name), thread);
                      },
                      [&](const LockStmt& l) { use_location(l.lock, NameRole::Lock, thread); },
                      [&](const UnlockStmt& l) { use_location(l.lock, NameRole::Lock, thread); },
                      [&](const Spawn& sp) { spawn(sp, s.range, thread); },
                      [&](const Wait& w) {
                        waits_.push_back({w.thread, thread, s.range});
                      },
                      [&](const Assert& a) {
                        walk_cond(a.cond, thread);
                        if (a.race) race_check(*a.race, s.range, thread);
                      },
                      [&](const If& i) {
                        walk_cond(i.cond, thread);
                        walk_block(i.then_body, thread);
                        if (i.else_body) walk_block(*i.else_body, thread);
                      },
                      [&](const While& w) {
                        walk_cond(w.cond, thread);
                        walk_block(w.body, thread);
                      },
                      [&](const Print& p) {
                        for (const Expr& e : p.args) walk_expr(e, thread);
                      },
                      [&](const Call& c) {
                        // load_program expands calls first; a caller that skipped that learns
                        // it here rather than through an exception.
                        diags_.error(s.range, "call of procedure '" + c.proc +
                                                  "' before the procedures were expanded "
                                                  "(expand_procedures)");
                      },
                      [&](const Sync& sync) { walk_sync(sync, s.range, thread); },
                  });
  }

  void walk_sync(const Sync& sync, SourceRange range, int64_t thread) {
    std::visit(Overloaded{
                   [&](const Cas& c) {
                     use(c.local, NameRole::Local, name_range(c.local, range));
                     use_sync_operand(c.loc, NameRole::Volatile, "cas", "volatile", thread);
                     walk_expr(c.expected, thread);
                     walk_expr(c.desired, thread);
                   },
                   [&](const FetchAdd& f) {
                     use(f.local, NameRole::Local, name_range(f.local, range));
                     use_sync_operand(f.loc, NameRole::Volatile, "fetch_add", "volatile", thread);
                     walk_expr(f.delta, thread);
                   },
                   [&](const CondWait& w) {
                     use_sync_operand(w.cond, NameRole::Condition, "wait", "condition", thread);
                     // Locks, unlike conditions, may be used undeclared (as by `lock m;`).
                     use_location(w.mutex, NameRole::Lock, thread);
                   },
                   [&](const Notify& n) {
                     use_sync_operand(n.cond, NameRole::Condition, n.all ? "notify_all" : "notify",
                                      "condition", thread);
                   },
                   [&](const Await& a) {
                     use_sync_operand(a.barrier, NameRole::Barrier, "await", "barrier", thread);
                   },
                   [&](const Assume& a) { walk_cond(a.cond, thread); },
               },
               sync.op);
  }

  void race_check(const RaceCheck& r, SourceRange range, int64_t thread) {
    if (!options_.allow_reserved_names && !race_check_reported_) {
      race_check_reported_ = true;
      diags_.error(range, "'__race' checks belong to the race-detection instrumentation");
    }
    use_location(r.loc, NameRole::Shared, thread);
    walk_expr(r.site, thread);
    walk_expr(r.prev_thread, thread);
    use_location(r.prev_site, NameRole::Shared, thread);
  }

  void spawn(const Spawn& sp, SourceRange range, int64_t parent) {
    bool valid = true;
    if (sp.thread < 1) {
      diags_.error(range, "thread id " + std::to_string(sp.thread) +
                              " is the main thread's; spawned threads are numbered from 1");
      valid = false;
    } else if (sp.thread > kMaxThreadId) {
      diags_.error(range, "thread id " + std::to_string(sp.thread) + " is too large (at most " +
                              std::to_string(kMaxThreadId) + ")");
      valid = false;
    } else if (const ThreadInfo* prior = info_.find_thread(sp.thread)) {
      diags_.error(range, "thread " + std::to_string(sp.thread) +
                              " is spawned more than once; each thread id has one spawn");
      diags_.note(prior->spawn_range,
                  "the other spawn of thread " + std::to_string(sp.thread) + " is here");
      valid = false;
    }
    if (valid) {
      info_.threads.push_back(ThreadInfo{sp.thread, parent, range, &sp.body});
      info_.max_thread_id = std::max(info_.max_thread_id, sp.thread);
    }
    walk_block(sp.body, sp.thread);
  }

  void check_waits() {
    for (const PendingWait& w : waits_) {
      if (w.target == w.waiter) {
        diags_.error(w.range, "thread " + std::to_string(w.target) +
                                  " waits for itself and could never continue");
      } else if (!info_.find_thread(w.target)) {
        diags_.error(w.range, "wait for thread " + std::to_string(w.target) +
                                  ", but no spawn in the program creates it");
      }
    }
  }

  void lay_out(const Program& program) {
    (void)program;
    int64_t cells = 0;
    for (const std::string& name : order_) {
      const NameUse& u = names_.at(name);
      if (u.role == NameRole::Local) {
        info_.local_index.emplace(name, static_cast<uint32_t>(info_.locals.size()));
        info_.locals.push_back(name);
        continue;
      }
      Symbol sym;
      sym.name = name;
      sym.kind = u.role == NameRole::Lock        ? SymbolKind::Lock
                 : u.role == NameRole::Volatile  ? SymbolKind::Volatile
                 : u.role == NameRole::Condition ? SymbolKind::Condition
                 : u.role == NameRole::Barrier   ? SymbolKind::Barrier
                                                 : SymbolKind::Shared;
      sym.barrier_count = u.barrier_count;
      sym.array_size = u.array_size;
      sym.first_cell = static_cast<uint32_t>(cells);
      sym.cell_count = static_cast<uint32_t>(u.array_size.value_or(1));
      sym.first_seen = u.first;
      if (u.array_size.value_or(1) > kMaxCells - cells) {
        diags_.error(u.first, "'" + name + "' does not fit: a program has at most " +
                                  std::to_string(kMaxCells) + " shared cells and locks");
        return;
      }
      cells += sym.cell_count;
      info_.symbol_index.emplace(name, info_.symbols.size());
      info_.symbols.push_back(std::move(sym));
    }
    info_.cell_count = static_cast<uint32_t>(cells);
  }

  struct PendingWait {
    int64_t target;
    int64_t waiter;
    SourceRange range;
  };

  DiagnosticEngine& diags_;
  const CheckOptions& options_;
  ProgramInfo info_;
  std::unordered_map<std::string, NameUse> names_;
  std::vector<std::string> order_; // declared names first, then by first use
  std::vector<PendingWait> waits_;
  bool race_check_reported_ = false;
  std::set<std::string> conflict_reported_, reserved_reported_, undeclared_array_reported_;
};

} // namespace

const Symbol* ProgramInfo::find_symbol(std::string_view name) const {
  auto it = symbol_index.find(std::string(name));
  return it == symbol_index.end() ? nullptr : &symbols[it->second];
}

std::optional<uint32_t> ProgramInfo::find_local(std::string_view name) const {
  auto it = local_index.find(std::string(name));
  if (it == local_index.end()) return std::nullopt;
  return it->second;
}

const ThreadInfo* ProgramInfo::find_thread(int64_t id) const {
  for (const ThreadInfo& t : threads)
    if (t.id == id) return &t;
  return nullptr;
}

const Symbol* ProgramInfo::symbol_of_cell(uint32_t cell) const {
  // Symbols are in cell order: binary search for the last one starting at or before `cell`.
  size_t lo = 0, hi = symbols.size();
  while (hi - lo > 1) {
    size_t mid = (lo + hi) / 2;
    (symbols[mid].first_cell <= cell ? lo : hi) = mid;
  }
  if (symbols.empty() || cell >= symbols[lo].first_cell + symbols[lo].cell_count) return nullptr;
  return &symbols[lo];
}

std::string ProgramInfo::cell_name(uint32_t cell) const {
  const Symbol* sym = symbol_of_cell(cell);
  if (!sym) return "cell " + std::to_string(cell);
  if (!sym->array_size) return sym->name;
  return sym->name + "[" + std::to_string(cell - sym->first_cell) + "]";
}

std::optional<ProgramInfo> check_program(const Program& program, DiagnosticEngine& diags,
                                         const CheckOptions& options) {
  return Checker(diags, options).run(program);
}

} // namespace racelang
