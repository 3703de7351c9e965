// The interval analysis of index_ranges.h: one forward walk per thread over the intervals of its
// locals. Every rule only ever loses precision where it is unsure (a local becomes unbounded),
// so each interval it records holds every value the index can take on any run.
#include "elide/index_ranges.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "elide/accesses.h"
#include "elide/loop_counter.h"
#include "frontend/ast_walk.h"

namespace racelang::elide {
namespace {

// GCC's and Clang's 128-bit integer: exact for any sum or product of two 64-bit bounds.
__extension__ typedef __int128 Wide;
using Env = std::map<std::string, IndexRange>; // locals with a bound; the others have none

// [lo, hi] as an IndexRange, or nothing where 64-bit arithmetic could have wrapped.
std::optional<IndexRange> fit(Wide lo, Wide hi) {
  if (lo < INT64_MIN || hi > INT64_MAX) return std::nullopt;
  return IndexRange{static_cast<int64_t>(lo), static_cast<int64_t>(hi)};
}

std::optional<int64_t> constant(const std::optional<IndexRange>& r) {
  if (r && r->lo == r->hi) return r->lo;
  return std::nullopt;
}

std::optional<IndexRange> eval(const Expr& e, const Env& env);

std::optional<IndexRange> eval_binary(const Binary& b, const Env& env) {
  std::optional<IndexRange> x = eval(*b.lhs, env), y = eval(*b.rhs, env);
  if (b.op == BinaryOp::Mod) {
    // C's remainder by c > 0 lies in (-c, c), with the dividend's sign.
    std::optional<int64_t> c = constant(y);
    if (!c || *c <= 0) return std::nullopt;
    if (x && x->lo >= 0) return IndexRange{0, std::min(*c - 1, x->hi)};
    if (x && x->hi <= 0) return IndexRange{std::max(-(*c - 1), x->lo), 0};
    return IndexRange{-(*c - 1), *c - 1};
  }
  if (!x || !y) return std::nullopt;
  switch (b.op) {
  case BinaryOp::Add:
    return fit(Wide(x->lo) + y->lo, Wide(x->hi) + y->hi);
  case BinaryOp::Sub:
    return fit(Wide(x->lo) - y->hi, Wide(x->hi) - y->lo);
  case BinaryOp::Mul: {
    Wide p[] = {Wide(x->lo) * y->lo, Wide(x->lo) * y->hi, Wide(x->hi) * y->lo, Wide(x->hi) * y->hi};
    return fit(*std::min_element(std::begin(p), std::end(p)),
               *std::max_element(std::begin(p), std::end(p)));
  }
  case BinaryOp::Div: {
    // Truncating division by c > 0 is monotone in the dividend.
    std::optional<int64_t> c = constant(y);
    if (!c || *c <= 0) return std::nullopt;
    return IndexRange{x->lo / *c, x->hi / *c};
  }
  case BinaryOp::Max:
    return IndexRange{std::max(x->lo, y->lo), std::max(x->hi, y->hi)};
  case BinaryOp::Min:
    return IndexRange{std::min(x->lo, y->lo), std::min(x->hi, y->hi)};
  case BinaryOp::Mod:
    break;
  }
  return std::nullopt;
}

std::optional<IndexRange> eval(const Expr& e, const Env& env) {
  return std::visit(Overloaded{
                        [](const IntLit& l) -> std::optional<IndexRange> {
                          return IndexRange{l.value, l.value};
                        },
                        [&](const LocalRef& l) -> std::optional<IndexRange> {
                          auto it = env.find(l.name);
                          if (it == env.end()) return std::nullopt;
                          return it->second;
                        },
                        [&](const Binary& b) { return eval_binary(b, env); },
                        [&](const Negate& n) -> std::optional<IndexRange> {
                          std::optional<IndexRange> x = eval(*n.operand, env);
                          if (!x) return std::nullopt;
                          return fit(-Wide(x->hi), -Wide(x->lo));
                        },
                    },
                    e.node);
}

void set(Env& env, const std::string& local, std::optional<IndexRange> range) {
  if (range)
    env[local] = *range;
  else
    env.erase(local);
}

// The locals `s` assigns, at any depth (not in spawn bodies: another thread's locals).
void assigned_locals(const Stmt& s, std::set<std::string>& out);
void assigned_locals(const Block& block, std::set<std::string>& out) {
  for (const Stmt& s : block) assigned_locals(s, out);
}
void assigned_locals(const Stmt& s, std::set<std::string>& out) {
  if (const auto* a = std::get_if<Assign>(&s.node)) out.insert(a->local);
  if (const auto* l = std::get_if<Load>(&s.node)) out.insert(l->local);
  if (const auto* sync = std::get_if<Sync>(&s.node)) {
    if (const auto* c = std::get_if<Cas>(&sync->op)) out.insert(c->local);
    if (const auto* f = std::get_if<FetchAdd>(&sync->op)) out.insert(f->local);
  }
  if (const auto* i = std::get_if<If>(&s.node)) {
    assigned_locals(i->then_body, out);
    if (i->else_body) assigned_locals(*i->else_body, out);
  }
  if (const auto* w = std::get_if<While>(&s.node)) assigned_locals(w->body, out);
}

// Whether `s` is `counter := counter + k` (or `k + counter`) with a literal k >= 1.
bool is_increment(const Stmt& s, const std::string& counter) {
  std::optional<int64_t> step = increment_step(s, counter);
  return step && *step >= 1;
}

class Walker {
public:
  Walker(const IndexRangeOptions& options, std::unordered_map<const Stmt*, IndexRange>& out)
      : options_(options), out_(out) {}

  void block(const Block& body, Env& env) {
    for (const Stmt& s : body) stmt(s, env);
  }

private:
  void record(const Stmt& s, const Location& loc, const Env& env) {
    if (!loc.index) return;
    if (std::optional<IndexRange> r = eval(*loc.index, env)) out_[&s] = *r;
  }

  void stmt(const Stmt& s, Env& env) {
    visit_stmt(s, Overloaded{
                      [&](const Assign& a) { set(env, a.local, eval(a.value, env)); },
                      [&](const Load& l) {
                        record(s, l.loc, env);
                        env.erase(l.local);
                      },
                      [&](const Store& st) { record(s, st.loc, env); },
                      [&](const LockStmt&) {},
                      [&](const UnlockStmt&) {},
                      [&](const Spawn&) {}, // another thread's code, walked on its own
                      [&](const Wait&) {},
                      [&](const Assert&) {},
                      [&](const If& i) {
                        Env then_env = env, else_env = env;
                        block(i.then_body, then_env);
                        if (i.else_body) block(*i.else_body, else_env);
                        env = join(then_env, else_env);
                      },
                      [&](const While& w) { loop(w, env); },
                      [&](const Print&) {},
                      [&](const Call& c) { unexpanded_call(c); },
                      [&](const Sync& sync) {
                        if (const auto* c = std::get_if<Cas>(&sync.op)) env.erase(c->local);
                        if (const auto* f = std::get_if<FetchAdd>(&sync.op)) env.erase(f->local);
                      },
                  });
  }

  static Env join(const Env& a, const Env& b) {
    Env out;
    for (const auto& [name, r] : a)
      if (auto it = b.find(name); it != b.end())
        out[name] = IndexRange{std::min(r.lo, it->second.lo), std::max(r.hi, it->second.hi)};
    return out;
  }

  // Every local the body assigns is unbounded at the loop's head (the top of the lattice, so
  // no fixpoint is needed), but a counted loop's counter, which the condition bounds above and
  // its value at entry below while the body runs; after the loop both are unbounded.
  void loop(const While& w, Env& env) {
    std::set<std::string> assigned;
    assigned_locals(w.body, assigned);
    std::optional<std::pair<std::string, IndexRange>> counter = counted(w, env, assigned);
    for (const std::string& local : assigned) env.erase(local);
    Env body = env;
    if (counter) body[counter->first] = counter->second;
    block(w.body, body);
  }

  // The counter of `while (i < H) { ...; i := i + k; }` (k >= 1, i assigned nowhere else in
  // the body, H reading no local it assigns; `i <= H`, `H > i`, `H >= i` and a conjunct of an
  // `&&` alike) and its range while the body runs.
  std::optional<std::pair<std::string, IndexRange>>
  counted(const While& w, const Env& entry, const std::set<std::string>& assigned) const {
    if (w.body.empty()) return std::nullopt;
    std::vector<const Compare*> bounds;
    collect_conjuncts(w.cond, bounds);
    for (const Compare* c : bounds) {
      const Expr *counter_side = &c->lhs, *bound_side = &c->rhs;
      CompareOp op = c->op;
      if (op == CompareOp::Gt || op == CompareOp::Ge) {
        std::swap(counter_side, bound_side);
        op = op == CompareOp::Gt ? CompareOp::Lt : CompareOp::Le;
      }
      if (op != CompareOp::Lt && op != CompareOp::Le) continue;
      const auto* counter = std::get_if<LocalRef>(&counter_side->node);
      if (!counter || !is_increment(w.body.back(), counter->name)) continue;
      if (!assigned_only_by_last(w.body, counter->name)) continue;
      std::vector<std::string> bound_locals;
      collect_locals(*bound_side, bound_locals);
      if (std::any_of(bound_locals.begin(), bound_locals.end(),
                      [&](const std::string& l) { return assigned.count(l) > 0; }))
        continue;
      auto start = entry.find(counter->name);
      std::optional<IndexRange> bound = eval(*bound_side, entry);
      if (start == entry.end() || !bound) continue;
      Wide hi = Wide(bound->hi) - (op == CompareOp::Lt ? 1 : 0) - (options_.off_by_one ? 1 : 0);
      // A body that never runs touches nothing: any range will do, but it must not be empty.
      hi = std::max(hi, Wide(start->second.lo));
      if (hi > INT64_MAX) continue;
      return std::make_pair(counter->name, IndexRange{start->second.lo, static_cast<int64_t>(hi)});
    }
    return std::nullopt;
  }

  static void collect_conjuncts(const Cond& c, std::vector<const Compare*>& out) {
    if (const auto* cmp = std::get_if<Compare>(&c.node)) out.push_back(cmp);
    if (const auto* l = std::get_if<Logical>(&c.node); l && l->op == LogicOp::And) {
      collect_conjuncts(*l->lhs, out);
      collect_conjuncts(*l->rhs, out);
    }
  }

  // Whether the last statement of `body` is the only one, at any depth, that assigns `local`.
  static bool assigned_only_by_last(const Block& body, const std::string& local) {
    std::set<std::string> assigned;
    for (size_t k = 0; k + 1 < body.size(); ++k) assigned_locals(body[k], assigned);
    return assigned.count(local) == 0;
  }

  const IndexRangeOptions& options_;
  std::unordered_map<const Stmt*, IndexRange>& out_;
};

} // namespace

std::unordered_map<const Stmt*, IndexRange>
index_ranges(const Program& program, const ProgramInfo& info, const IndexRangeOptions& options) {
  std::unordered_map<const Stmt*, IndexRange> out;
  Walker walker(options, out);
  Env main_env;
  walker.block(program.body, main_env);
  for (const Spawn* spawn : program_spawns(program, info)) {
    Env env;
    walker.block(spawn->body, env);
  }
  return out;
}

} // namespace racelang::elide
