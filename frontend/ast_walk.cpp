// The walks of ast_walk.h: locals of expressions, conditions and threads, statements of a
// block, the locals whose entry values statements may use, and the access statement at a
// position.
#include "frontend/ast_walk.h"

#include <algorithm>
#include <stdexcept>

namespace racelang {
namespace {

void add_local(const std::string& name, std::vector<std::string>& out) {
  if (std::find(out.begin(), out.end(), name) == out.end()) out.push_back(name);
}

// The bodies nested directly in a statement: if/while bodies, and a spawn's when asked.
template <typename F> void nested_blocks(const Stmt& s, SpawnBodies spawns, F&& f) {
  visit_stmt(s, Overloaded{
                    [&](const Assign&) {},
                    [&](const Load&) {},
                    [&](const Store&) {},
                    [&](const LockStmt&) {},
                    [&](const UnlockStmt&) {},
                    [&](const Spawn& sp) {
                      if (spawns == SpawnBodies::Enter) f(sp.body);
                    },
                    [&](const Wait&) {},
                    [&](const Assert&) {},
                    [&](const If& i) {
                      f(i.then_body);
                      if (i.else_body) f(*i.else_body);
                    },
                    [&](const While& w) { f(w.body); },
                    [&](const Print&) {},
                    [&](const Call&) {},
                    [&](const Sync&) {},
                });
}

} // namespace

void collect_locals(const Expr& e, std::vector<std::string>& out) {
  std::visit(Overloaded{
                 [&](const IntLit&) {},
                 [&](const LocalRef& r) { add_local(r.name, out); },
                 [&](const Binary& b) {
                   collect_locals(*b.lhs, out);
                   collect_locals(*b.rhs, out);
                 },
                 [&](const Negate& n) { collect_locals(*n.operand, out); },
             },
             e.node);
}

void collect_locals(const Cond& c, std::vector<std::string>& out) {
  std::visit(Overloaded{
                 [&](const Compare& cmp) {
                   collect_locals(cmp.lhs, out);
                   collect_locals(cmp.rhs, out);
                 },
                 [&](const Logical& l) {
                   collect_locals(*l.lhs, out);
                   collect_locals(*l.rhs, out);
                 },
                 [&](const Not& n) { collect_locals(*n.operand, out); },
             },
             c.node);
}

void collect_locals(const Location& loc, std::vector<std::string>& out) {
  if (loc.index) collect_locals(*loc.index, out);
}

void collect_locals(const Stmt& s, std::vector<std::string>& out) {
  visit_stmt(s, Overloaded{
                    [&](const Assign& a) {
                      add_local(a.local, out);
                      collect_locals(a.value, out);
                    },
                    [&](const Load& l) {
                      add_local(l.local, out);
                      collect_locals(l.loc, out);
                    },
                    [&](const Store& st) {
                      collect_locals(st.value, out);
                      collect_locals(st.loc, out);
                    },
                    [&](const LockStmt& l) { collect_locals(l.lock, out); },
                    [&](const UnlockStmt& u) { collect_locals(u.lock, out); },
                    [&](const Spawn&) {},
                    [&](const Wait&) {},
                    [&](const Assert& a) {
                      collect_locals(a.cond, out);
                      if (a.race) {
                        collect_locals(a.race->loc, out);
                        collect_locals(a.race->site, out);
                        collect_locals(a.race->prev_thread, out);
                        collect_locals(a.race->prev_site, out);
                      }
                    },
                    [&](const If& i) { collect_locals(i.cond, out); },
                    [&](const While& w) { collect_locals(w.cond, out); },
                    [&](const Print& p) {
                      for (const Expr& e : p.args) collect_locals(e, out);
                    },
                    [&](const Call& c) {
                      for (const Expr& e : c.args) collect_locals(e, out);
                    },
                    [&](const Sync& sync) {
                      std::visit(Overloaded{
                                     [&](const Cas& c) {
                                       add_local(c.local, out);
                                       collect_locals(c.loc, out);
                                       collect_locals(c.expected, out);
                                       collect_locals(c.desired, out);
                                     },
                                     [&](const FetchAdd& f) {
                                       add_local(f.local, out);
                                       collect_locals(f.loc, out);
                                       collect_locals(f.delta, out);
                                     },
                                     [&](const CondWait& w) {
                                       collect_locals(w.cond, out);
                                       collect_locals(w.mutex, out);
                                     },
                                     [&](const Notify& n) { collect_locals(n.cond, out); },
                                     [&](const Await& a) { collect_locals(a.barrier, out); },
                                     [&](const Assume& a) { collect_locals(a.cond, out); },
                                 },
                                 sync.op);
                    },
                });
}

void for_each_stmt(const Block& block, SpawnBodies spawns,
                   const std::function<void(const Stmt&)>& f) {
  for (const Stmt& s : block) for_each_stmt(s, spawns, f);
}

void for_each_stmt(const Stmt& stmt, SpawnBodies spawns,
                   const std::function<void(const Stmt&)>& f) {
  f(stmt);
  nested_blocks(stmt, spawns, [&](const Block& body) { for_each_stmt(body, spawns, f); });
}

void thread_locals(const Block& block, std::vector<std::string>& out) {
  for_each_stmt(block, SpawnBodies::Skip, [&](const Stmt& s) { collect_locals(s, out); });
}

namespace {

// locals_live_into's walk: `assigned` holds the locals certainly assigned so far on this path,
// `maybe` every local assigned on some path; a local read while not in `assigned` goes to `live`.
void live_into(const Block& stmts, size_t begin, size_t end, LiveIntoFault fault,
               std::vector<std::string>& assigned, std::vector<std::string>& maybe,
               std::vector<std::string>& live) {
  auto read = [&](const std::vector<std::string>& locals) {
    for (const std::string& n : locals)
      if (std::find(assigned.begin(), assigned.end(), n) == assigned.end()) add_local(n, live);
  };
  auto assign = [&](const std::string& n) {
    add_local(n, assigned);
    add_local(n, maybe);
  };
  for (size_t k = begin; k < end; ++k) {
    const Stmt& s = stmts[k];
    std::vector<std::string> reads;
    if (const auto* a = std::get_if<Assign>(&s.node)) {
      collect_locals(a->value, reads);
      read(reads);
      assign(a->local);
    } else if (const auto* l = std::get_if<Load>(&s.node)) {
      collect_locals(l->loc, reads);
      read(reads);
      assign(l->local);
    } else if (const auto* i = std::get_if<If>(&s.node)) {
      collect_locals(i->cond, reads);
      read(reads);
      std::vector<std::string> then_assigned = assigned, else_assigned = assigned;
      live_into(i->then_body, 0, i->then_body.size(), fault, then_assigned, maybe, live);
      if (i->else_body)
        live_into(*i->else_body, 0, i->else_body->size(), fault, else_assigned, maybe, live);
      if (fault == LiveIntoFault::EitherBranchAssigns) {
        for (const std::string& n : else_assigned) add_local(n, then_assigned);
      } else {
        // Certainly assigned after the `if`: by both branches.
        std::erase_if(then_assigned, [&](const std::string& n) {
          return std::find(else_assigned.begin(), else_assigned.end(), n) == else_assigned.end();
        });
      }
      assigned = std::move(then_assigned);
    } else if (const auto* w = std::get_if<While>(&s.node)) {
      collect_locals(w->cond, reads);
      read(reads);
      std::vector<std::string> body_assigned = assigned; // the body may run no time
      live_into(w->body, 0, w->body.size(), fault, body_assigned, maybe, live);
      if (fault == LiveIntoFault::LoopBodyRuns) assigned = std::move(body_assigned);
    } else {
      collect_locals(s, reads);
      read(reads);
    }
  }
}

} // namespace

void locals_live_into(const Block& stmts, size_t begin, size_t end, std::vector<std::string>& out,
                      LiveIntoFault fault) {
  std::vector<std::string> assigned, maybe;
  live_into(stmts, begin, end, fault, assigned, maybe, out);
  for (const std::string& n : maybe)
    if (std::find(assigned.begin(), assigned.end(), n) == assigned.end()) add_local(n, out);
}

bool is_load_or_store(const Stmt& s) {
  return std::holds_alternative<Load>(s.node) || std::holds_alternative<Store>(s.node);
}

const Stmt* access_statement_at(const Block& program_body, SourceLoc loc) {
  const Stmt* found = nullptr;
  for_each_stmt(program_body, SpawnBodies::Enter, [&](const Stmt& s) {
    if (!found && is_load_or_store(s) && s.range.begin == loc) found = &s;
  });
  return found;
}

void unexpanded_call(const Call& call) {
  throw std::logic_error("a call of procedure '" + call.proc +
                         "' reached a stage after the frontend, which expands every call");
}

namespace {

// One column at `loc`: the range of an access no statement starts at.
SourceRange column_at(SourceLoc loc) {
  return {loc, {loc.line, loc.col + 1}};
}

bool begins_before(SourceLoc a, SourceLoc b) {
  return a.line != b.line ? a.line < b.line : a.col < b.col;
}

} // namespace

SourceRange access_range_at(const Block& program_body, SourceLoc loc) {
  if (const Stmt* s = access_statement_at(program_body, loc)) return s->range;
  return column_at(loc);
}

AccessRanges::AccessRanges(const Block& program_body) {
  for_each_stmt(program_body, SpawnBodies::Enter, [&](const Stmt& s) {
    if (is_load_or_store(s)) ranges_.push_back(s.range);
  });
  // Stable: of two accesses that begin at one place, the first found stays first.
  std::stable_sort(ranges_.begin(), ranges_.end(), [](const SourceRange& a, const SourceRange& b) {
    return begins_before(a.begin, b.begin);
  });
}

SourceRange AccessRanges::at(SourceLoc loc) const {
  auto it =
      std::lower_bound(ranges_.begin(), ranges_.end(), loc,
                       [](const SourceRange& r, SourceLoc l) { return begins_before(r.begin, l); });
  return it != ranges_.end() && it->begin == loc ? *it : column_at(loc);
}

bool can_fail(const Expr& e) {
  return std::visit(Overloaded{
                        [](const IntLit&) { return false; },
                        [](const LocalRef&) { return false; },
                        [](const Binary& b) {
                          if (b.op == BinaryOp::Div || b.op == BinaryOp::Mod) {
                            const auto* lit = std::get_if<IntLit>(&b.rhs->node);
                            if (!lit || lit->value == 0) return true;
                          }
                          return can_fail(*b.lhs) || can_fail(*b.rhs);
                        },
                        [](const Negate& n) { return can_fail(*n.operand); },
                    },
                    e.node);
}

bool can_fail(const Cond& c) {
  return std::visit(Overloaded{
                        [](const Compare& cmp) { return can_fail(cmp.lhs) || can_fail(cmp.rhs); },
                        [](const Logical& l) { return can_fail(*l.lhs) || can_fail(*l.rhs); },
                        [](const Not& n) { return can_fail(*n.operand); },
                    },
                    c.node);
}

} // namespace racelang
