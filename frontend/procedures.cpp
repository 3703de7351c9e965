// Checking and expanding procedures (see procedures.h for the rules). The checks run first,
// over the surface program: names, arities, spawned calls' constant arguments, recursion (a
// depth-first search of the call graph), and the names a body uses both as a local and as a
// location (renaming the locals would hide that from the checker). Then each procedure's body
// is expanded once, its own calls included, in the procedure's namespace, and every call site
// gets a copy with the locals renamed into the caller's.
#include "frontend/procedures.h"

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "frontend/ast_walk.h"
#include "frontend/check.h"

namespace racelang {
namespace {

// The expansion may not grow past this many statements: nested calls multiply (a procedure
// calling another twice, ten levels deep, is a thousand copies), and the later stages hold the
// whole program in memory.
constexpr uint64_t kMaxExpandedStatements = 1'000'000;

// ---- Walks over one thread's code (spawn bodies are other threads: not entered) ------------

void rename_expr(Expr& e, const std::map<std::string, std::string>& names);

void rename_name(std::string& name, const std::map<std::string, std::string>& names) {
  auto it = names.find(name);
  if (it != names.end()) name = it->second;
}

void rename_expr(Expr& e, const std::map<std::string, std::string>& names) {
  std::visit(Overloaded{
                 [](IntLit&) {},
                 [&](LocalRef& r) { rename_name(r.name, names); },
                 [&](Binary& b) {
                   rename_expr(*b.lhs, names);
                   rename_expr(*b.rhs, names);
                 },
                 [&](Negate& n) { rename_expr(*n.operand, names); },
             },
             e.node);
}

void rename_cond(Cond& c, const std::map<std::string, std::string>& names) {
  std::visit(Overloaded{
                 [&](Compare& cmp) {
                   rename_expr(cmp.lhs, names);
                   rename_expr(cmp.rhs, names);
                 },
                 [&](Logical& l) {
                   rename_cond(*l.lhs, names);
                   rename_cond(*l.rhs, names);
                 },
                 [&](Not& n) { rename_cond(*n.operand, names); },
             },
             c.node);
}

void rename_location(Location& loc, const std::map<std::string, std::string>& names) {
  if (loc.index) rename_expr(*loc.index, names);
}

void rename_block(Block& block, const std::map<std::string, std::string>& names) {
  for (Stmt& s : block) {
    visit_stmt(s, Overloaded{
                      [&](Assign& a) {
                        rename_name(a.local, names);
                        rename_expr(a.value, names);
                      },
                      [&](Load& l) {
                        rename_name(l.local, names);
                        rename_location(l.loc, names);
                      },
                      [&](Store& st) {
                        rename_expr(st.value, names);
                        rename_location(st.loc, names);
                      },
                      [&](LockStmt& l) { rename_location(l.lock, names); },
                      [&](UnlockStmt& u) { rename_location(u.lock, names); },
                      [&](Spawn&) {}, // another thread's locals
                      [&](Wait&) {},
                      [&](Assert& a) {
                        rename_cond(a.cond, names);
                        if (a.race) {
                          rename_location(a.race->loc, names);
                          rename_expr(a.race->site, names);
                          rename_expr(a.race->prev_thread, names);
                          rename_location(a.race->prev_site, names);
                        }
                      },
                      [&](If& i) {
                        rename_cond(i.cond, names);
                        rename_block(i.then_body, names);
                        if (i.else_body) rename_block(*i.else_body, names);
                      },
                      [&](While& w) {
                        rename_cond(w.cond, names);
                        rename_block(w.body, names);
                      },
                      [&](Print& p) {
                        for (Expr& e : p.args) rename_expr(e, names);
                      },
                      [&](Call& c) {
                        for (Expr& e : c.args) rename_expr(e, names);
                      },
                      [&](Sync& sync) {
                        std::visit(Overloaded{
                                       [&](Cas& c) {
                                         rename_name(c.local, names);
                                         rename_location(c.loc, names);
                                         rename_expr(c.expected, names);
                                         rename_expr(c.desired, names);
                                       },
                                       [&](FetchAdd& f) {
                                         rename_name(f.local, names);
                                         rename_location(f.loc, names);
                                         rename_expr(f.delta, names);
                                       },
                                       [&](CondWait& w) {
                                         rename_location(w.cond, names);
                                         rename_location(w.mutex, names);
                                       },
                                       [&](Notify& n) { rename_location(n.cond, names); },
                                       [&](Await& a) { rename_location(a.barrier, names); },
                                       [&](Assume& a) { rename_cond(a.cond, names); },
                                   },
                                   sync.op);
                      },
                  });
  }
}

// The locals of `block` that some path may read before assigning them (top-level assignments
// count; one inside an if or a loop body does not, since it may not run).
void read_before_assigned(const Block& block, std::set<std::string> assigned,
                          std::vector<std::string>& out) {
  auto reads = [&](const std::vector<std::string>& names) {
    for (const std::string& name : names)
      if (!assigned.count(name) && std::find(out.begin(), out.end(), name) == out.end())
        out.push_back(name);
  };
  for (const Stmt& s : block) {
    std::vector<std::string> used;
    visit_stmt(s, Overloaded{
                      [&](const Assign& a) {
                        collect_locals(a.value, used);
                        reads(used);
                        assigned.insert(a.local);
                      },
                      [&](const Load& l) {
                        collect_locals(l.loc, used);
                        reads(used);
                        assigned.insert(l.local);
                      },
                      [&](const Store&) {
                        collect_locals(s, used);
                        reads(used);
                      },
                      [&](const LockStmt&) {
                        collect_locals(s, used);
                        reads(used);
                      },
                      [&](const UnlockStmt&) {
                        collect_locals(s, used);
                        reads(used);
                      },
                      [&](const Spawn&) {},
                      [&](const Wait&) {},
                      [&](const Assert&) {
                        collect_locals(s, used);
                        reads(used);
                      },
                      [&](const If& i) {
                        collect_locals(i.cond, used);
                        reads(used);
                        read_before_assigned(i.then_body, assigned, out);
                        if (i.else_body) read_before_assigned(*i.else_body, assigned, out);
                      },
                      [&](const While& w) {
                        collect_locals(w.cond, used);
                        reads(used);
                        read_before_assigned(w.body, assigned, out);
                      },
                      [&](const Print&) {
                        collect_locals(s, used);
                        reads(used);
                      },
                      [&](const Call&) {
                        collect_locals(s, used);
                        reads(used);
                      },
                      [&](const Sync& sync) {
                        // cas and fetch_add read their operands, then assign their local.
                        const std::string* assigns = nullptr;
                        if (auto* c = std::get_if<Cas>(&sync.op)) {
                          collect_locals(c->loc, used);
                          collect_locals(c->expected, used);
                          collect_locals(c->desired, used);
                          assigns = &c->local;
                        } else if (auto* f = std::get_if<FetchAdd>(&sync.op)) {
                          collect_locals(f->loc, used);
                          collect_locals(f->delta, used);
                          assigns = &f->local;
                        } else {
                          collect_locals(s, used);
                        }
                        reads(used);
                        if (assigns) assigned.insert(*assigns);
                      },
                  });
  }
}

// Every location (shared or lock) a thread's code names, with its first use.
void locations_of(const Block& block, std::map<std::string, SourceRange>& out) {
  auto add = [&](const Location& loc) { out.emplace(loc.name, loc.range); };
  for_each_stmt(block, SpawnBodies::Skip, [&](const Stmt& s) {
    if (auto* l = std::get_if<Load>(&s.node)) add(l->loc);
    if (auto* st = std::get_if<Store>(&s.node)) add(st->loc);
    if (auto* l = std::get_if<LockStmt>(&s.node)) add(l->lock);
    if (auto* u = std::get_if<UnlockStmt>(&s.node)) add(u->lock);
    if (auto* sync = std::get_if<Sync>(&s.node)) {
      if (auto* c = std::get_if<Cas>(&sync->op)) add(c->loc);
      if (auto* f = std::get_if<FetchAdd>(&sync->op)) add(f->loc);
      if (auto* w = std::get_if<CondWait>(&sync->op)) {
        add(w->cond);
        add(w->mutex);
      }
      if (auto* n = std::get_if<Notify>(&sync->op)) add(n->cond);
      if (auto* a = std::get_if<Await>(&sync->op)) add(a->barrier);
    }
  });
}

bool mentions_locals(const Expr& e) {
  std::vector<std::string> locals;
  collect_locals(e, locals);
  return !locals.empty();
}

// Every call statement in `block`, spawn bodies and spawned calls included, in text order.
void calls_in(const Block& block, std::vector<const Stmt*>& out) {
  for_each_stmt(block, SpawnBodies::Enter, [&](const Stmt& s) {
    if (std::holds_alternative<Call>(s.node)) out.push_back(&s);
  });
}

bool is_spawned_call(const Stmt& s) {
  auto* sp = std::get_if<Spawn>(&s.node);
  return sp && sp->written_as_call && sp->body.size() == 1 &&
         std::holds_alternative<Call>(sp->body[0].node);
}

// Every name the program uses (locals, locations, declarations), so that renamed locals can
// avoid all of them.
std::set<std::string> names_in(const Program& program) {
  std::set<std::string> names;
  auto add_block = [&](const Block& block) {
    std::vector<std::string> locals;
    for_each_stmt(block, SpawnBodies::Enter, [&](const Stmt& s) { collect_locals(s, locals); });
    names.insert(locals.begin(), locals.end());
    std::map<std::string, SourceRange> locations;
    for_each_stmt(block, SpawnBodies::Enter, [&](const Stmt& s) {
      if (auto* sp = std::get_if<Spawn>(&s.node)) locations_of(sp->body, locations);
    });
    locations_of(block, locations);
    for (auto& [name, range] : locations) names.insert(name);
  };
  for (const Decl& d : program.decls) names.insert(d.name);
  for (const ProcDecl& p : program.procs) {
    for (const Param& param : p.params) names.insert(param.name);
    add_block(p.body);
  }
  add_block(program.body);
  return names;
}

class Expander {
public:
  Expander(Program& program, DiagnosticEngine& diags, ExpansionFault fault)
      : program_(program), diags_(diags), fault_(fault) {}

  bool run() {
    if (program_.procs.empty() && !has_calls(program_.body)) return true;
    size_t errors_before = diags_.error_count();
    index_procedures();
    check_calls();
    check_local_location_conflicts();
    if (diags_.error_count() == errors_before) check_recursion();
    if (diags_.error_count() == errors_before) check_size();
    if (diags_.error_count() > errors_before) return false;
    warn_uncalled();
    taken_ = names_in(program_);
    expand_thread_code(program_.body);
    program_.procs.clear();
    return true;
  }

private:
  static bool has_calls(const Block& block) {
    std::vector<const Stmt*> calls;
    calls_in(block, calls);
    return !calls.empty();
  }

  void index_procedures() {
    for (size_t i = 0; i < program_.procs.size(); ++i) {
      const ProcDecl& proc = program_.procs[i];
      if (proc.name.rfind(kReservedPrefix, 0) == 0)
        diags_.error(proc.name_range, "'" + proc.name +
                                          "' is reserved: names starting with '__' belong to "
                                          "the race-detection instrumentation");
      auto [it, fresh] = index_.emplace(proc.name, i);
      if (!fresh) {
        diags_.error(proc.name_range, "procedure '" + proc.name + "' is defined more than once");
        diags_.note(program_.procs[it->second].name_range, "first defined here");
      }
      for (size_t k = 0; k < proc.params.size(); ++k)
        for (size_t j = 0; j < k; ++j)
          if (proc.params[j].name == proc.params[k].name) {
            diags_.error(proc.params[k].range, "parameter '" + proc.params[k].name +
                                                   "' of procedure '" + proc.name +
                                                   "' is named twice");
            break;
          }
    }
  }

  // Unknown procedures, arities and spawned calls' arguments, in every body.
  void check_calls() {
    auto check_block = [&](const Block& block) {
      for_each_stmt(block, SpawnBodies::Enter, [&](const Stmt& s) {
        if (is_spawned_call(s))
          check_spawned_arguments(std::get<Call>(std::get<Spawn>(s.node).body[0].node));
        auto* call = std::get_if<Call>(&s.node);
        if (!call) return;
        auto it = index_.find(call->proc);
        if (it == index_.end()) {
          diags_.error(name_range(s), "no procedure named '" + call->proc + "'");
          return;
        }
        const ProcDecl& proc = program_.procs[it->second];
        if (call->args.size() != proc.params.size()) {
          diags_.error(s.range, "procedure '" + proc.name + "' takes " +
                                    count_of(proc.params.size(), "argument") + ", not " +
                                    std::to_string(call->args.size()));
          diags_.note(proc.name_range, "'" + proc.name + "' is defined here");
        }
      });
    };
    for (const ProcDecl& proc : program_.procs) check_block(proc.body);
    check_block(program_.body);
  }

  void check_spawned_arguments(const Call& call) {
    for (const Expr& arg : call.args)
      if (mentions_locals(arg))
        diags_.error(arg.range, "the arguments of a spawned procedure must be constants: a new "
                                "thread starts with none of its parent's locals (hand it values "
                                "through shared memory)");
  }

  // A body using one name as a local (or parameter) and as a location: the checker would say
  // so, but only before the locals are renamed apart from the location.
  void check_local_location_conflicts() {
    for (const ProcDecl& proc : program_.procs) {
      std::map<std::string, SourceRange> locations;
      locations_of(proc.body, locations);
      std::vector<std::string> locals;
      for (const Param& p : proc.params) locals.push_back(p.name);
      thread_locals(proc.body, locals);
      for (const std::string& local : locals) {
        auto it = locations.find(local);
        if (it == locations.end()) continue;
        diags_.error(it->second, "'" + local + "' is a local variable of procedure '" + proc.name +
                                     "' and cannot also be a shared location or lock");
      }
    }
  }

  // Depth-first search of the call graph from every procedure; a call to a procedure on the
  // current path closes a cycle.
  void check_recursion() {
    std::vector<int> state(program_.procs.size(), 0); // 0 new, 1 on the path, 2 done
    std::vector<std::string> path;
    std::function<void(size_t)> visit = [&](size_t i) {
      state[i] = 1;
      path.push_back(program_.procs[i].name);
      std::vector<const Stmt*> calls;
      calls_in(program_.procs[i].body, calls);
      for (const Stmt* s : calls) {
        size_t callee = index_.at(std::get<Call>(s->node).proc);
        if (state[callee] == 1) {
          std::string cycle;
          auto from = std::find(path.begin(), path.end(), program_.procs[callee].name);
          for (auto it = from; it != path.end(); ++it) cycle += *it + " -> ";
          diags_.error(s->range, "procedure '" + program_.procs[callee].name + "' calls itself (" +
                                     cycle + program_.procs[callee].name +
                                     "): procedures cannot recurse");
        } else if (state[callee] == 0) {
          visit(callee);
        }
      }
      path.pop_back();
      state[i] = 2;
    };
    for (size_t i = 0; i < program_.procs.size(); ++i)
      if (state[i] == 0) visit(i);
  }

  // The number of statements each expanded body has, before building any (saturating).
  void check_size() {
    std::vector<std::optional<uint64_t>> memo(program_.procs.size());
    std::function<uint64_t(const Block&)> block_size;
    auto proc_size = [&](size_t i) {
      if (!memo[i]) memo[i] = block_size(program_.procs[i].body);
      return *memo[i];
    };
    block_size = [&](const Block& block) {
      uint64_t n = 0;
      for_each_stmt(block, SpawnBodies::Enter, [&](const Stmt& s) {
        n += 1;
        if (auto* call = std::get_if<Call>(&s.node)) {
          size_t callee = index_.at(call->proc);
          n += proc_size(callee) + program_.procs[callee].params.size();
        }
        n = std::min(n, kMaxExpandedStatements + 1);
      });
      return n;
    };
    if (block_size(program_.body) > kMaxExpandedStatements)
      diags_.error({}, "the program is too large once its procedure calls are expanded (more "
                       "than " +
                           std::to_string(kMaxExpandedStatements) + " statements)");
  }

  void warn_uncalled() {
    std::vector<bool> called(program_.procs.size(), false);
    std::function<void(const Block&)> reach = [&](const Block& block) {
      std::vector<const Stmt*> calls;
      calls_in(block, calls);
      for (const Stmt* s : calls) {
        size_t i = index_.at(std::get<Call>(s->node).proc);
        if (called[i]) continue;
        called[i] = true;
        reach(program_.procs[i].body);
      }
    };
    reach(program_.body);
    for (size_t i = 0; i < program_.procs.size(); ++i)
      if (!called[i])
        diags_.warning(program_.procs[i].name_range,
                       "procedure '" + program_.procs[i].name +
                           "' is never called; only called procedures are checked in full");
  }

  // ---- Expansion ----------------------------------------------------------------------------

  // A procedure's body with its own calls expanded, in its own namespace (memoised).
  const Block& expanded_body(size_t i) {
    auto it = expanded_.find(i);
    if (it != expanded_.end()) return it->second;
    Block body = program_.procs[i].body;
    expand_thread_code(body);
    return expanded_.emplace(i, std::move(body)).first->second;
  }

  // The caller's name for local `local` of procedure `proc`: `proc__local`, or with a suffix
  // if a name of the program (or another renaming) has it.
  const std::string& renamed(const std::string& proc, const std::string& local) {
    auto key = std::make_pair(proc, local);
    auto it = renamings_.find(key);
    if (it != renamings_.end()) return it->second;
    std::string base = proc + "__" + local, name = base;
    for (int k = 1; taken_.count(name); ++k) name = base + "_" + std::to_string(k);
    taken_.insert(name);
    return renamings_.emplace(key, name).first->second;
  }

  // `f(e1, ..., en);` in a thread's code: the parameters set in order, the locals read before
  // being assigned reset to 0, then the body, all in the caller's names.
  Block expand_call(const Stmt& call_stmt) {
    const Call& call = std::get<Call>(call_stmt.node);
    size_t i = index_.at(call.proc);
    const ProcDecl& proc = program_.procs[i];
    Block body = expanded_body(i);
    std::map<std::string, std::string> names;
    std::vector<std::string> locals;
    for (const Param& p : proc.params) locals.push_back(p.name);
    thread_locals(body, locals);
    for (const std::string& local : locals) {
      bool keep = local.rfind(kReservedPrefix, 0) == 0 || fault_ == ExpansionFault::LocalsShared;
      names.emplace(local, keep ? local : renamed(proc.name, local));
    }
    rename_block(body, names);

    Block out;
    size_t n = proc.params.size();
    for (size_t k = 0; k < n; ++k) {
      size_t arg = fault_ == ExpansionFault::ArgumentsRotated ? (k + 1) % n : k;
      out.push_back(
          make_stmt(Assign{names.at(proc.params[k].name), call.args[arg]}, call_stmt.range));
    }
    std::set<std::string> assigned;
    for (const Param& p : proc.params) assigned.insert(names.at(p.name));
    std::vector<std::string> stale;
    read_before_assigned(body, assigned, stale);
    for (const std::string& local : stale)
      out.push_back(make_stmt(Assign{local, make_int(0, call_stmt.range)}, call_stmt.range));
    for (Stmt& s : body) out.push_back(std::move(s));
    if (!out.empty()) {
      // The call's comments stay with what replaces it.
      Comments& first = out.front().comments;
      first.leading.insert(first.leading.begin(), call_stmt.comments.leading.begin(),
                           call_stmt.comments.leading.end());
    }
    return out;
  }

  // `spawn u f(c1, ..., cn);`: the new thread's code is the parameters' assignments and the
  // body, in the procedure's own names (the thread has no other locals).
  void expand_spawned_call(Spawn& spawn) {
    Stmt call_stmt = std::move(spawn.body[0]);
    const Call& call = std::get<Call>(call_stmt.node);
    size_t i = index_.at(call.proc);
    const ProcDecl& proc = program_.procs[i];
    Block body;
    for (size_t k = 0; k < proc.params.size(); ++k)
      body.push_back(make_stmt(Assign{proc.params[k].name, call.args[k]}, call_stmt.range));
    for (const Stmt& s : expanded_body(i)) body.push_back(s);
    spawn.body = std::move(body);
    spawn.written_as_call = false;
  }

  // Expands every call in one thread's code and in the threads it spawns.
  void expand_thread_code(Block& block) {
    Block out;
    out.reserve(block.size());
    for (Stmt& s : block) {
      if (std::holds_alternative<Call>(s.node)) {
        for (Stmt& e : expand_call(s)) out.push_back(std::move(e));
        continue;
      }
      if (auto* sp = std::get_if<Spawn>(&s.node)) {
        if (is_spawned_call(s))
          expand_spawned_call(*sp);
        else
          expand_thread_code(sp->body);
      } else if (auto* i = std::get_if<If>(&s.node)) {
        expand_thread_code(i->then_body);
        if (i->else_body) expand_thread_code(*i->else_body);
      } else if (auto* w = std::get_if<While>(&s.node)) {
        expand_thread_code(w->body);
      }
      out.push_back(std::move(s));
    }
    block = std::move(out);
  }

  static SourceRange name_range(const Stmt& s) {
    const std::string& name = std::get<Call>(s.node).proc;
    return {s.range.begin,
            {s.range.begin.line, s.range.begin.col + static_cast<uint32_t>(name.size())}};
  }

  static std::string count_of(size_t n, const std::string& noun) {
    return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
  }

  Program& program_;
  DiagnosticEngine& diags_;
  ExpansionFault fault_;
  std::map<std::string, size_t> index_;
  std::map<size_t, Block> expanded_;
  std::map<std::pair<std::string, std::string>, std::string> renamings_;
  std::set<std::string> taken_;
};

} // namespace

bool expand_procedures(Program& program, DiagnosticEngine& diags, ExpansionFault fault) {
  return Expander(program, diags, fault).run();
}

} // namespace racelang
