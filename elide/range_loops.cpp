// The shape analysis of range_loops.h. A loop is accepted only in this form:
//
//   while (i < H) { S1; ...; Sn; i := i + 1; }
//
// where every Sk is a local assignment, a load or a store of a non-volatile shared location;
// `i` is assigned nowhere else in the body; H reads only locals the body never assigns; no
// expression in the body or in H divides or takes a remainder by anything but a nonzero
// literal (can_fail); and every array index is a constant or `i + c` for a constant c, the same
// expression for every access of one array. Why each condition:
//  - no synchronisation (lock, unlock, spawn, wait, volatiles, cas, fetch_add, condition waits,
//    barriers; calls are expanded before this runs): the thread's clock is then the same at the
//    range check and at every access of the loop, so a check made early gives the answer it
//    would give in place (the argument of redundant_checks.cpp, for a later access of another
//    cell, elide/README.md);
//  - nothing that can fail or block (no assert, no division by a local, no other statement
//    kind): every iteration runs to the end, so every access the range check replays is one the
//    loop makes. An index out of range is the one failure left, and the range check stops where
//    the loop would fail (the pass's range check, instrument/clock_pass.cpp);
//  - the counter moves by exactly one per iteration towards an invariant bound, and a coalesced
//    index is the counter plus a constant: the range check, running its own counter over the
//    same values, computes the same cells, and the loop terminates (i < H <= INT64_MAX, so
//    i + 1 never wraps);
//  - one index expression per array, the counter plus a constant or a constant: the cells the
//    loop touches are then distinct for each array and its range, and the range check can lock
//    each of them once (in increasing order) and hold them all while it replays the checks, so
//    that no other thread's check comes between two of its own, in the small-step semantics as
//    in the bigger-step one, where the range check is one step (Lemmas 3, 8-10).
#include "elide/range_loops.h"

#include <algorithm>
#include <set>

#include "elide/accesses.h"
#include "elide/constant_index.h"
#include "elide/loop_counter.h"
#include "frontend/ast_walk.h"

namespace racelang::elide {
namespace {

// Whether `e` reads a local of `changing` (the locals the loop body assigns).
bool reads_any(const Expr& e, const std::set<std::string>& changing) {
  std::vector<std::string> locals;
  collect_locals(e, locals);
  return std::any_of(locals.begin(), locals.end(),
                     [&](const std::string& name) { return changing.count(name) > 0; });
}

bool is_local(const Expr& e, const std::string& name) {
  const auto* ref = std::get_if<LocalRef>(&e.node);
  return ref && ref->name == name;
}

// `i`, `i + c`, `c + i` or `i - c` for a constant c (fold_constant): an index that names a
// different cell in every iteration.
bool counter_plus_constant(const Expr& e, const std::string& counter) {
  if (is_local(e, counter)) return true;
  const auto* b = std::get_if<Binary>(&e.node);
  if (!b) return false;
  if (b->op == BinaryOp::Add)
    return (is_local(*b->lhs, counter) && fold_constant(*b->rhs)) ||
           (fold_constant(*b->lhs) && is_local(*b->rhs, counter));
  return b->op == BinaryOp::Sub && is_local(*b->lhs, counter) && fold_constant(*b->rhs);
}

// `i := i + 1` or `i := 1 + i`: the range check replays every index.
bool is_increment(const Stmt& s, const std::string& counter) {
  return increment_step(s, counter) == 1;
}

class Shape {
public:
  Shape(const ProgramInfo& info, const RangeLoopOptions& options)
      : info_(info), options_(options) {}

  std::optional<RangeLoop> loop(const Stmt& stmt) const {
    const auto* w = std::get_if<While>(&stmt.node);
    if (!w || w->body.empty()) return std::nullopt;
    const auto* cond = std::get_if<Compare>(&w->cond.node);
    if (!cond || cond->op != CompareOp::Lt) return std::nullopt;
    const auto* counter = std::get_if<LocalRef>(&cond->lhs.node);
    if (!counter || !is_increment(w->body.back(), counter->name)) return std::nullopt;
    RangeLoop out{&stmt, counter->name, &cond->rhs, w->body.size(), {}};
    // The locals the body assigns besides the increment; the counter must not be one.
    std::set<std::string> assigned;
    for (size_t k = 0; k + 1 < w->body.size(); ++k) {
      if (const auto* a = std::get_if<Assign>(&w->body[k].node)) assigned.insert(a->local);
      if (const auto* l = std::get_if<Load>(&w->body[k].node)) assigned.insert(l->local);
    }
    if (assigned.count(out.counter)) return std::nullopt;
    // The bound may not read the counter either (`i < i + 1` never ends).
    std::set<std::string> changing = assigned;
    changing.insert(out.counter);
    if (can_fail(*out.bound) || reads_any(*out.bound, changing)) return std::nullopt;
    for (size_t k = 0; k + 1 < w->body.size(); ++k)
      if (!statement(w->body[k], k, out)) return std::nullopt;
    if (out.accesses.empty()) return std::nullopt;
    return out;
  }

private:
  // Whether `s`, the statement at `position` of the body, may stand in a coalesced loop's body;
  // adds its access to `out`.
  bool statement(const Stmt& s, size_t position, RangeLoop& out) const {
    auto access = [&](const Location& loc, AccessKind kind) {
      if (is_volatile_access(loc, info_)) return false; // synchronisation
      if (loc.index && !counter_plus_constant(*loc.index, out.counter) &&
          !fold_constant(*loc.index))
        return false; // an index that reads other locals could fail in any iteration
      // One index per array: the range check locks each cell it touches once.
      for (const RangeAccess& other : out.accesses)
        if (other.loc->name == loc.name && !(other.loc->index == loc.index)) return false;
      out.accesses.push_back({&s, &loc, kind, position});
      return true;
    };
    return visit_stmt(s, Overloaded{
                             [&](const Assign& a) { return !can_fail(a.value); },
                             [&](const Load& l) { return access(l.loc, AccessKind::Read); },
                             [&](const Store& st) {
                               return !can_fail(st.value) && access(st.loc, AccessKind::Write);
                             },
                             // Only the deliberately broken option lets these through.
                             [&](const LockStmt&) { return options_.allow_lock_blocks; },
                             [&](const UnlockStmt&) { return options_.allow_lock_blocks; },
                             [&](const Spawn&) { return false; },
                             [&](const Wait&) { return false; },
                             [&](const Assert&) { return false; },
                             [&](const If&) { return false; },
                             [&](const While&) { return false; },
                             [&](const Print&) { return false; },
                             [&](const Call& c) -> bool { unexpanded_call(c); },
                             [&](const Sync&) { return false; },
                         });
  }

  const ProgramInfo& info_;
  RangeLoopOptions options_;
};

} // namespace

std::vector<RangeLoop> range_loops(const Program& program, const ProgramInfo& info,
                                   const RangeLoopOptions& options) {
  std::vector<RangeLoop> out;
  Shape shape(info, options);
  for_each_stmt(program.body, SpawnBodies::Enter, [&](const Stmt& s) {
    if (std::optional<RangeLoop> loop = shape.loop(s)) out.push_back(std::move(*loop));
  });
  return out;
}

namespace {

void rename_local(Expr& e, const std::string& from, const std::string& to) {
  std::visit(Overloaded{
                 [](IntLit&) {},
                 [&](LocalRef& ref) {
                   if (ref.name == from) ref.name = to;
                 },
                 [&](Binary& b) {
                   rename_local(*b.lhs, from, to);
                   rename_local(*b.rhs, from, to);
                 },
                 [&](Negate& n) { rename_local(*n.operand, from, to); },
             },
             e.node);
}

} // namespace

Expr replace_local(const Expr& e, const std::string& from, const std::string& to) {
  Expr out = e;
  rename_local(out, from, to);
  return out;
}

} // namespace racelang::elide
