// Implementation of the racelang program generators (see program_gen.h). Programs are built in
// two steps: a random layout (which names are declared, array sizes, declaration order), then a
// body drawn against that layout with placeholder thread ids; a final pass gives every spawn a
// unique id (its generated hint, or the next free id) and points every wait at a spawned thread
// other than its own, dropping waits that have none. Both steps are plain functions of generated
// values, so shrinking keeps programs well formed.
#include "tests/support/program_gen.h"

#include <algorithm>
#include <limits>
#include <map>
#include <memory>
#include <set>
#include <utility>

#include "frontend/ast_walk.h"
#include "frontend/check.h"
#include "frontend/print.h"

namespace racelang::testgen {
namespace {

using rc::Gen;
namespace gen = rc::gen;

// RapidCheck scales gen::inRange (and so element, elementOf and numbers) down with the size,
// and gen::resize on a container also resizes its elements. These generators scale only
// through scaled_config, so every choice inside runs at the nominal size: uniform over its range.
constexpr int kNominalSize = 100;
template <typename T> Gen<T> nominal(Gen<T> g) {
  return gen::resize(kNominalSize, std::move(g));
}

// Chooses among alternatives with runtime weights (gen::weightedOneOf only takes an
// initializer list). Zero weights drop an alternative; it shrinks towards the first one.
template <typename T> Gen<T> weighted(std::vector<std::pair<int, Gen<T>>> alts) {
  std::erase_if(alts, [](const auto& alt) { return alt.first <= 0; });
  int total = 0;
  for (const auto& alt : alts) total += alt.first;
  if (alts.empty()) throw std::logic_error("weighted: no alternatives");
  if (alts.size() == 1) return alts.front().second;
  return gen::mapcat(nominal(gen::inRange(0, total)), [alts](int k) {
    for (const auto& [weight, g] : alts) {
      if (k < weight) return g;
      k -= weight;
    }
    return alts.back().second;
  });
}

// A list of 0..max_len values of `element`, shrinking by removing elements.
template <typename T> Gen<std::vector<T>> list_of(int max_len, Gen<T> element) {
  return gen::resize(std::max(max_len, 0),
                     gen::container<std::vector<T>>(nominal(std::move(element))));
}

// Mostly nothing: used for comments and other optional decorations.
template <typename T> Gen<T> rarely(Gen<T> g, T none = {}) {
  return weighted<T>({{4, gen::just(std::move(none))}, {1, std::move(g)}});
}

const int64_t kMaxInt = std::numeric_limits<int64_t>::max();

// A literal index (`3`, `-1`) is checked against the array size; anything else is not.
std::optional<int64_t> constant_index(const Expr& e) {
  if (auto* lit = std::get_if<IntLit>(&e.node)) return lit->value;
  if (auto* neg = std::get_if<Negate>(&e.node))
    if (auto* lit = std::get_if<IntLit>(&neg->operand->node)) return -lit->value;
  return std::nullopt;
}

struct Array {
  std::string name;
  int64_t size;
};

// Which names a program declares and how; drawn before the body.
struct Layout {
  std::vector<Decl> decls;
  std::vector<Array> shared_arrays, lock_arrays; // declared, so usable
};

const char* kMetaArray = "__meta"; // instrumentation metadata for race checks
const int64_t kMetaSize = 16;

// Placeholder for a spawn id or wait target, resolved by finish_threads.
struct Placeholder {
  int64_t value;
};

class Builder {
public:
  Builder(GenConfig config, Layout layout) : cfg_(std::move(config)), layout_(std::move(layout)) {}

  Gen<Block> block(int depth, int max_len) { return list_of(max_len, stmt(depth)); }

private:
  Gen<std::string> local() { return gen::elementOf(cfg_.names.locals); }

  Gen<Expr> index_expr(int64_t size) {
    Gen<Expr> literal =
        gen::map(gen::inRange<int64_t>(0, size), [](int64_t k) { return make_int(k); });
    if (cfg_.names.locals.empty()) return literal;
    return weighted<Expr>(
        {{3, literal},
         {2, gen::map(gen_expr(cfg_, std::min(cfg_.max_expr_depth, 2)), [size](Expr e) {
            // A constant index must be in range (or the checker warns).
            if (auto k = constant_index(e)) return make_int(((*k % size) + size) % size);
            return e;
          })}});
  }

  Gen<Location> location(const std::vector<std::string>& scalars,
                         const std::vector<Array>& arrays) {
    std::vector<std::pair<int, Gen<Location>>> alts;
    if (!scalars.empty())
      alts.push_back({3, gen::map(gen::elementOf(scalars), [](std::string name) {
                        return Location{std::move(name), std::nullopt, {}};
                      })});
    for (const Array& a : arrays)
      alts.push_back({2, gen::map(index_expr(a.size), [name = a.name](Expr index) {
                        return Location{name, std::move(index), {}};
                      })});
    if (alts.empty()) throw std::logic_error("no names for a location");
    return weighted(std::move(alts));
  }
  bool has_shared() const { return !cfg_.names.shared.empty() || !layout_.shared_arrays.empty(); }
  bool has_locks() const { return !cfg_.names.locks.empty() || !layout_.lock_arrays.empty(); }
  Gen<Location> shared_loc() { return location(cfg_.names.shared, layout_.shared_arrays); }
  Gen<Location> lock_loc() { return location(cfg_.names.locks, layout_.lock_arrays); }

  Gen<Expr> expr() { return gen_expr(cfg_, cfg_.max_expr_depth); }
  Gen<Cond> cond() { return gen_cond(cfg_, cfg_.max_cond_depth, std::min(cfg_.max_expr_depth, 2)); }

  Gen<RaceCheck> race_check() {
    Gen<AccessKind> kind = gen::element(AccessKind::Read, AccessKind::Write);
    Gen<Location> meta = gen::map(index_expr(kMetaSize), [](Expr index) {
      return Location{kMetaArray, std::move(index), {}};
    });
    return gen::apply(
        [](AccessKind k, Location loc, Expr site, AccessKind pk, Expr pt, Location ps) {
          return RaceCheck{k, std::move(loc), std::move(site), pk, std::move(pt), std::move(ps)};
        },
        kind, shared_loc(), gen::map(gen_literal_value(), [](int64_t v) { return make_int(v); }),
        kind,
        // The earlier thread: a constant, as the VectorClock pass writes it, or an expression
        // over locals, as an epoch-based pass computes it from metadata.
        gen::oneOf(gen::map(gen::inRange<int64_t>(0, kMaxThreadId + 1),
                            [](int64_t t) { return make_int(t); }),
                   expr()),
        meta);
  }

  Gen<Comments> comments(bool body_end, bool else_end) {
    if (!cfg_.comments) return gen::just(Comments{});
    auto lines = [](int n) { return rarely(list_of(n, gen_comment())); };
    return gen::apply(
        [body_end, else_end](std::vector<std::string> leading, std::optional<std::string> trailing,
                             std::vector<std::string> body, std::vector<std::string> otherwise) {
          return Comments{std::move(leading), std::move(trailing),
                          body_end ? std::move(body) : std::vector<std::string>{},
                          else_end ? std::move(otherwise) : std::vector<std::string>{}};
        },
        lines(2),
        rarely(gen::map(gen_comment(),
                        [](std::string c) { return std::optional<std::string>(std::move(c)); })),
        lines(2), lines(1));
  }

  template <typename Node> Gen<Stmt> with_comments(Gen<Node> node, bool compound = false) {
    constexpr bool is_if = std::is_same_v<Node, If>;
    return gen::apply(
        [](Node n, Comments c) {
          if constexpr (is_if) {
            if (!n.else_body) c.else_end.clear(); // no else: nowhere to print them
          }
          Stmt s = make_stmt(std::move(n));
          s.comments = std::move(c);
          return s;
        },
        std::move(node), comments(compound, is_if));
  }

  Gen<Stmt> stmt(int depth) {
    const StmtWeights& w = cfg_.weights;
    bool locals = !cfg_.names.locals.empty();
    std::vector<std::pair<int, Gen<Stmt>>> alts;
    if (locals)
      alts.push_back({w.assign, with_comments(gen::apply(
                                    [](std::string a, Expr e) {
                                      return Assign{a, std::move(e)};
                                    },
                                    local(), expr()))});
    if (locals && has_shared())
      alts.push_back({w.load, with_comments(gen::apply(
                                  [](std::string a, Location l) {
                                    return Load{a, std::move(l)};
                                  },
                                  local(), shared_loc()))});
    if (has_shared())
      alts.push_back({w.store, with_comments(gen::apply(
                                   [](Expr e, Location l) {
                                     return Store{std::move(e), std::move(l)};
                                   },
                                   expr(), shared_loc()))});
    if (has_locks()) {
      alts.push_back({w.lock, with_comments(gen::map(
                                  lock_loc(), [](Location l) { return LockStmt{std::move(l)}; }))});
      alts.push_back({w.unlock, with_comments(gen::map(lock_loc(), [](Location l) {
                        return UnlockStmt{std::move(l)};
                      }))});
    }
    alts.push_back({w.wait, with_comments(gen::map(gen::inRange<int64_t>(0, 1000),
                                                   [](int64_t choice) { return Wait{choice}; }))});
    Gen<Assert> assert_gen = gen::map(cond(), [](Cond c) {
      return Assert{std::move(c), std::nullopt};
    });
    if (cfg_.race_checks && has_shared())
      assert_gen = weighted<Assert>({{1, assert_gen},
                                     {1, gen::apply(
                                             [](Cond c, RaceCheck r) {
                                               return Assert{std::move(c), std::move(r)};
                                             },
                                             cond(), race_check())}});
    alts.push_back({w.assert_, with_comments(assert_gen)});
    if (cfg_.sync && locals) add_sync(alts);
    alts.push_back({w.print, with_comments(gen::apply(
                                 [](Expr first, std::vector<Expr> rest) {
                                   Print p;
                                   p.args.push_back(std::move(first));
                                   for (Expr& e : rest) p.args.push_back(std::move(e));
                                   return p;
                                 },
                                 expr(), list_of(cfg_.max_print_args - 1, expr())))});
    if (depth > 0) {
      Gen<Block> body = block(depth - 1, cfg_.max_block_stmts);
      alts.push_back(
          {w.spawn, with_comments(gen::apply(
                                      [](int64_t hint, Block b) {
                                        return Spawn{hint, std::move(b)};
                                      },
                                      weighted<int64_t>({{5, gen::inRange<int64_t>(1, 9)},
                                                         {1, gen::inRange<int64_t>(1, 1025)}}),
                                      body),
                                  true)});
      Gen<std::optional<Block>> else_body = weighted<std::optional<Block>>(
          {{2, gen::just(std::optional<Block>())},
           {1, gen::just(std::optional<Block>(Block{}))},
           {2, gen::map(body, [](Block b) { return std::optional<Block>(std::move(b)); })}});
      alts.push_back(
          {w.if_, with_comments(gen::apply(
                                    [](Cond c, Block t, std::optional<Block> e) {
                                      return If{std::move(c), std::move(t), std::move(e)};
                                    },
                                    cond(), body, else_body),
                                true)});
      alts.push_back({w.while_, with_comments(gen::apply(
                                                  [](Cond c, Block b) {
                                                    return While{std::move(c), std::move(b)};
                                                  },
                                                  cond(), body),
                                              true)});
    }
    std::erase_if(alts, [](const auto& alt) { return alt.first <= 0; });
    if (alts.empty()) // every kind disabled: a harmless statement rather than no program
      return gen::just(make_stmt(Print{{make_int(0)}}));
    return weighted(std::move(alts));
  }

  // The synchronisation statements, with weight 1 each (GenConfig::sync).
  void add_sync(std::vector<std::pair<int, Gen<Stmt>>>& alts) {
    Gen<Location> vol =
        weighted<Location>({{1, gen::just(Location{kSyncVolatile, std::nullopt, {}})},
                            {1, gen::map(index_expr(2), [](Expr i) {
                               return Location{kSyncVolatileArray, std::move(i), {}};
                             })}});
    Location cv{kSyncCondition, std::nullopt, {}}, bar{kSyncBarrier, std::nullopt, {}};
    alts.push_back({1, with_comments(gen::apply(
                           [](std::string a, Location l) {
                             return Load{a, std::move(l)};
                           },
                           local(), vol))});
    alts.push_back({1, with_comments(gen::apply(
                           [](Expr e, Location l) {
                             return Store{std::move(e), std::move(l)};
                           },
                           expr(), vol))});
    alts.push_back({1, with_comments(gen::apply(
                           [](std::string a, Location l, Expr e, Expr d) {
                             return Sync{Cas{a, std::move(l), std::move(e), std::move(d)}};
                           },
                           local(), vol, expr(), expr()))});
    alts.push_back({1, with_comments(gen::apply(
                           [](std::string a, Location l, Expr e) {
                             return Sync{FetchAdd{a, std::move(l), std::move(e)}};
                           },
                           local(), vol, expr()))});
    if (has_locks())
      alts.push_back({1, with_comments(gen::map(lock_loc(), [cv](Location m) {
                        return Sync{CondWait{cv, std::move(m)}};
                      }))});
    alts.push_back({1, with_comments(gen::map(gen::arbitrary<bool>(), [cv](bool all) {
                      return Sync{Notify{cv, all}};
                    }))});
    alts.push_back({1, with_comments(gen::just(Sync{Await{bar}}))});
    alts.push_back(
        {1, with_comments(gen::map(cond(), [](Cond c) { return Sync{Assume{std::move(c)}}; }))});
  }

  GenConfig cfg_;
  Layout layout_;
};

// One choice per name in the pools: declared?, array size, order key, comments.
struct DeclChoice {
  bool present = false;
  int64_t size = 1;
  int key = 0;
  Comments comments;
};

Gen<DeclChoice> decl_choice(const GenConfig& cfg) {
  Gen<Comments> comments = gen::just(Comments{});
  if (cfg.comments)
    comments = gen::apply(
        [](std::vector<std::string> leading, std::optional<std::string> trailing) {
          return Comments{std::move(leading), std::move(trailing), {}, {}};
        },
        rarely(list_of(2, gen_comment())), rarely(gen::map(gen_comment(), [](std::string c) {
          return std::optional<std::string>(std::move(c));
        })));
  return gen::apply(
      [](bool present, int64_t size, int key, Comments c) {
        return DeclChoice{present, size, key, std::move(c)};
      },
      gen::arbitrary<bool>(), gen::inRange<int64_t>(1, std::max(cfg.max_array_size, 1) + 1),
      gen::inRange(0, 8), comments);
}

Gen<Layout> gen_layout(const GenConfig& cfg) {
  const NamePools& p = cfg.names;
  size_t n = p.shared.size() + p.locks.size() + p.shared_arrays.size() + p.lock_arrays.size();
  return gen::map(
      gen::container<std::vector<DeclChoice>>(n, decl_choice(cfg)),
      [cfg](std::vector<DeclChoice> choices) {
        const NamePools& pools = cfg.names;
        Layout layout;
        std::vector<std::pair<int, Decl>> keyed;
        size_t k = 0;
        auto add = [&](const std::vector<std::string>& names, DeclKind kind, bool array) {
          for (const std::string& name : names) {
            DeclChoice& c = choices[k++];
            if (!c.present) continue;
            Decl d{kind, name, array ? std::optional<int64_t>(c.size) : std::nullopt, {}, {}};
            d.comments = std::move(c.comments);
            keyed.emplace_back(c.key, std::move(d));
            if (array)
              (kind == DeclKind::Shared ? layout.shared_arrays : layout.lock_arrays)
                  .push_back({name, c.size});
          }
        };
        add(pools.shared, DeclKind::Shared, false);
        add(pools.locks, DeclKind::Mutex, false);
        add(pools.shared_arrays, DeclKind::Shared, true);
        add(pools.lock_arrays, DeclKind::Mutex, true);
        if (cfg.race_checks)
          keyed.emplace_back(0, Decl{DeclKind::Shared, kMetaArray, kMetaSize, {}, {}});
        if (cfg.sync) {
          keyed.emplace_back(1, Decl{DeclKind::Volatile, kSyncVolatile, std::nullopt, {}, {}});
          keyed.emplace_back(2, Decl{DeclKind::Volatile, kSyncVolatileArray, 2, {}, {}});
          keyed.emplace_back(3, Decl{DeclKind::Condition, kSyncCondition, std::nullopt, {}, {}});
          Decl barrier{DeclKind::Barrier, kSyncBarrier, std::nullopt, {}, {}};
          barrier.count = 2;
          keyed.emplace_back(4, std::move(barrier));
        }
        std::stable_sort(keyed.begin(), keyed.end(),
                         [](const auto& a, const auto& b) { return a.first < b.first; });
        for (auto& [key, decl] : keyed) layout.decls.push_back(std::move(decl));
        return layout;
      });
}

// ---- Thread ids --------------------------------------------------------------------------------

template <typename F> void for_each_block(Block& block, F&& f) {
  f(block);
  for (Stmt& s : block) {
    if (auto* sp = std::get_if<Spawn>(&s.node)) for_each_block(sp->body, f);
    if (auto* i = std::get_if<If>(&s.node)) {
      for_each_block(i->then_body, f);
      if (i->else_body) for_each_block(*i->else_body, f);
    }
    if (auto* w = std::get_if<While>(&s.node)) for_each_block(w->body, f);
  }
}

void assign_spawn_ids(Block& block, std::set<int64_t>& used) {
  for (Stmt& s : block) {
    if (auto* sp = std::get_if<Spawn>(&s.node)) {
      int64_t id = std::clamp<int64_t>(sp->thread, 1, kMaxThreadId);
      while (used.count(id)) id = id % kMaxThreadId + 1;
      used.insert(id);
      sp->thread = id;
      assign_spawn_ids(sp->body, used);
    } else if (auto* i = std::get_if<If>(&s.node)) {
      assign_spawn_ids(i->then_body, used);
      if (i->else_body) assign_spawn_ids(*i->else_body, used);
    } else if (auto* w = std::get_if<While>(&s.node)) {
      assign_spawn_ids(w->body, used);
    }
  }
}

void resolve_waits(Block& block, int64_t self, const std::vector<int64_t>& ids) {
  std::vector<int64_t> targets;
  for (int64_t id : ids)
    if (id != self) targets.push_back(id);
  std::erase_if(block, [&](const Stmt& s) {
    return std::holds_alternative<Wait>(s.node) && targets.empty();
  });
  for (Stmt& s : block) {
    if (auto* w = std::get_if<Wait>(&s.node)) {
      w->thread = targets[static_cast<size_t>(w->thread) % targets.size()];
    } else if (auto* sp = std::get_if<Spawn>(&s.node)) {
      resolve_waits(sp->body, sp->thread, ids);
    } else if (auto* i = std::get_if<If>(&s.node)) {
      resolve_waits(i->then_body, self, ids);
      if (i->else_body) resolve_waits(*i->else_body, self, ids);
    } else if (auto* wh = std::get_if<While>(&s.node)) {
      resolve_waits(wh->body, self, ids);
    }
  }
}

Program finish(Layout layout, Block body, std::vector<std::string> trailing) {
  std::set<int64_t> used;
  assign_spawn_ids(body, used);
  resolve_waits(body, 0, std::vector<int64_t>(used.begin(), used.end()));
  Program p;
  p.decls = std::move(layout.decls);
  p.body = std::move(body);
  p.trailing_comments = std::move(trailing);
  return p;
}

Gen<Program> gen_program_fixed(const GenConfig& cfg) {
  return gen::mapcat(gen_layout(cfg), [cfg](Layout layout) {
    Builder builder(cfg, layout);
    Gen<std::vector<std::string>> trailing = gen::just(std::vector<std::string>{});
    if (cfg.comments) trailing = rarely(list_of(2, gen_comment()));
    return gen::apply(
        [layout](Block body, std::vector<std::string> t) {
          return finish(layout, std::move(body), std::move(t));
        },
        builder.block(cfg.max_block_depth, cfg.max_body_stmts), trailing);
  });
}

// ---- Comments ----------------------------------------------------------------------------------

void collect(const Comments& c, const std::string& where, std::vector<std::string>& out,
             bool with_place) {
  auto put = [&](const std::string& slot, const std::string& text) {
    out.push_back(with_place ? where + " " + slot + ": " + text : text);
  };
  for (const auto& t : c.leading) put("leading", t);
  for (const auto& t : c.body_end) put("body_end", t);
  for (const auto& t : c.else_end) put("else_end", t);
  if (c.trailing) put("trailing", *c.trailing);
}

void collect_block(const Block& block, const std::string& where, std::vector<std::string>& out,
                   bool with_place) {
  for (size_t k = 0; k < block.size(); ++k) {
    const Stmt& s = block[k];
    std::string here = where + "/" + std::to_string(k);
    // Printing order: leading, the statement's bodies, end-of-body comments, trailing.
    for (const auto& t : s.comments.leading)
      out.push_back(with_place ? here + " leading: " + t : t);
    auto nested = [&](const Block& b, const std::string& name, const std::vector<std::string>& end,
                      const char* slot) {
      collect_block(b, here + name, out, with_place);
      for (const auto& t : end) out.push_back(with_place ? here + " " + slot + ": " + t : t);
    };
    if (auto* sp = std::get_if<Spawn>(&s.node))
      nested(sp->body, ".body", s.comments.body_end, "body_end");
    if (auto* w = std::get_if<While>(&s.node))
      nested(w->body, ".body", s.comments.body_end, "body_end");
    if (auto* i = std::get_if<If>(&s.node)) {
      nested(i->then_body, ".then", s.comments.body_end, "body_end");
      if (i->else_body) nested(*i->else_body, ".else", s.comments.else_end, "else_end");
    }
    if (s.comments.trailing)
      out.push_back(with_place ? here + " trailing: " + *s.comments.trailing
                               : *s.comments.trailing);
  }
}

std::vector<std::string> comment_list(const Program& p, bool with_place) {
  std::vector<std::string> out;
  for (size_t k = 0; k < p.decls.size(); ++k)
    collect(p.decls[k].comments, "decl/" + std::to_string(k), out, with_place);
  collect_block(p.body, "body", out, with_place);
  for (const auto& t : p.trailing_comments) out.push_back(with_place ? "end: " + t : t);
  return out;
}

// ---- Statistics --------------------------------------------------------------------------------

int prec(const Expr& e) {
  if (auto* b = std::get_if<Binary>(&e.node)) {
    switch (b->op) {
    case BinaryOp::Add:
    case BinaryOp::Sub:
      return 1;
    case BinaryOp::Mul:
    case BinaryOp::Div:
    case BinaryOp::Mod:
      return 2;
    default:
      return 4;
    }
  }
  return std::holds_alternative<Negate>(e.node) ? 3 : 4;
}

struct StatsWalker {
  ProgramStats s;

  void expr(const Expr& e) {
    if (auto* b = std::get_if<Binary>(&e.node)) {
      ++s.binary[static_cast<int>(b->op)];
      int p = prec(e);
      if (p < 4 && prec(*b->rhs) == p) ++s.right_nested_same_precedence;
      if (p < 4 && prec(*b->lhs) < p) ++s.lower_precedence_left_operand;
      expr(*b->lhs);
      expr(*b->rhs);
    } else if (auto* n = std::get_if<Negate>(&e.node)) {
      ++s.negates;
      if (std::holds_alternative<Negate>(n->operand->node)) ++s.double_negates;
      if (std::holds_alternative<IntLit>(n->operand->node)) ++s.negated_literals;
      expr(*n->operand);
    }
  }
  void cond(const Cond& c) {
    if (auto* cmp = std::get_if<Compare>(&c.node)) {
      ++s.compares[static_cast<int>(cmp->op)];
      expr(cmp->lhs);
      expr(cmp->rhs);
    } else if (auto* l = std::get_if<Logical>(&c.node)) {
      ++(l->op == LogicOp::And ? s.ands : s.ors);
      cond(*l->lhs);
      cond(*l->rhs);
    } else if (auto* n = std::get_if<Not>(&c.node)) {
      ++s.nots;
      cond(*n->operand);
    }
  }
  void loc(const Location& l, bool lock) {
    if (l.index) {
      ++(lock ? s.lock_array_accesses : s.array_accesses);
      expr(*l.index);
    }
  }
  void block(const Block& b, int depth, bool in_spawn) {
    s.max_block_depth = std::max(s.max_block_depth, depth);
    for (const Stmt& st : b) stmt(st, depth, in_spawn);
  }
  void stmt(const Stmt& st, int depth, bool in_spawn) {
    ++s.stmts;
    s.comments += static_cast<int>(st.comments.leading.size() + st.comments.body_end.size() +
                                   st.comments.else_end.size() + (st.comments.trailing ? 1 : 0));
    std::visit(Overloaded{
                   [&](const Assign& a) { ++s.assigns, expr(a.value); },
                   [&](const Load& l) { ++s.loads, loc(l.loc, false); },
                   [&](const Store& x) { ++s.stores, expr(x.value), loc(x.loc, false); },
                   [&](const LockStmt& l) { ++s.locks, loc(l.lock, true); },
                   [&](const UnlockStmt& l) { ++s.unlocks, loc(l.lock, true); },
                   [&](const Spawn& sp) {
                     ++s.spawns;
                     if (in_spawn) ++s.nested_spawns;
                     block(sp.body, depth + 1, true);
                   },
                   [&](const Wait&) { ++s.waits; },
                   [&](const Assert& a) {
                     ++s.asserts;
                     if (a.race) ++s.race_checks;
                     cond(a.cond);
                   },
                   [&](const If& i) {
                     ++s.ifs;
                     cond(i.cond);
                     block(i.then_body, depth + 1, in_spawn);
                     if (i.else_body) {
                       ++s.ifs_with_else;
                       if (i.else_body->empty()) ++s.empty_elses;
                       block(*i.else_body, depth + 1, in_spawn);
                     }
                   },
                   [&](const While& w) {
                     ++s.whiles;
                     cond(w.cond);
                     block(w.body, depth + 1, in_spawn);
                   },
                   [&](const Print& p) {
                     ++s.prints;
                     for (const Expr& e : p.args) expr(e);
                   },
                   [&](const Call& c) { unexpanded_call(c); }, // not generated
                   [&](const Sync&) { ++s.syncs; },
               },
               st.node);
  }
};

} // namespace

GenConfig scaled_config(const GenConfig& config, int size) {
  size = std::clamp(size, 0, 100);
  auto scale = [size](int limit) { return (limit * size + 99) / 100; }; // rounds up
  GenConfig c = config;
  c.max_block_depth = scale(config.max_block_depth);
  c.max_body_stmts = scale(config.max_body_stmts);
  c.max_block_stmts = scale(config.max_block_stmts);
  c.max_expr_depth = scale(config.max_expr_depth);
  c.max_cond_depth = scale(config.max_cond_depth);
  c.max_print_args = std::max(1, scale(config.max_print_args));
  return c;
}

Gen<Program> gen_program(GenConfig config) {
  return gen::withSize(
      [config](int size) { return nominal(gen_program_fixed(scaled_config(config, size))); });
}

Gen<int64_t> gen_literal_value() {
  return nominal(weighted<int64_t>(
      {{8, gen::inRange<int64_t>(0, 10)},
       {3, gen::inRange<int64_t>(0, 100000)},
       {1, gen::element(kMaxInt, kMaxInt - 1, int64_t{1} << 32, int64_t{1} << 31)},
       {1, gen::map(gen::arbitrary<int64_t>(), [](int64_t v) { return v < 0 ? -(v + 1) : v; })}}));
}

Gen<Expr> gen_expr(const GenConfig& config, int depth) {
  Gen<Expr> literal = gen::map(gen_literal_value(), [](int64_t v) { return make_int(v); });
  Gen<Expr> leaf = literal;
  if (!config.names.locals.empty())
    leaf = weighted<Expr>({{1, literal},
                           {1, gen::map(gen::elementOf(config.names.locals),
                                        [](std::string n) { return make_local(std::move(n)); })}});
  if (depth <= 0) return nominal(leaf);
  Gen<Expr> sub = gen_expr(config, depth - 1);
  Gen<BinaryOp> op = gen::element(BinaryOp::Add, BinaryOp::Sub, BinaryOp::Mul, BinaryOp::Div,
                                  BinaryOp::Mod, BinaryOp::Max, BinaryOp::Min);
  return nominal(weighted<Expr>(
      {{3, leaf},
       {5, gen::apply([](BinaryOp o, Expr l,
                         Expr r) { return make_binary(o, std::move(l), std::move(r)); },
                      op, sub, sub)},
       {2, gen::map(sub, [](Expr e) { return make_negate(std::move(e)); })}}));
}

Gen<Cond> gen_cond(const GenConfig& config, int depth, int expr_depth) {
  Gen<Expr> operand = gen_expr(config, expr_depth);
  Gen<Cond> compare = gen::apply(
      [](CompareOp o, Expr l, Expr r) { return make_compare(o, std::move(l), std::move(r)); },
      gen::element(CompareOp::Le, CompareOp::Lt, CompareOp::Ge, CompareOp::Gt, CompareOp::Eq,
                   CompareOp::Ne),
      operand, operand);
  if (depth <= 0) return nominal(compare);
  Gen<Cond> sub = gen_cond(config, depth - 1, expr_depth);
  return nominal(weighted<Cond>(
      {{3, compare},
       {3, gen::apply([](LogicOp o, Cond l,
                         Cond r) { return make_logical(o, std::move(l), std::move(r)); },
                      gen::element(LogicOp::And, LogicOp::Or), sub, sub)},
       {2, gen::map(sub, [](Cond c) { return make_not(std::move(c)); })}}));
}

Gen<std::string> gen_comment() {
  // Words that look like code, operators, UTF-8 and comment-ish text, but never end a block
  // comment or break a line comment.
  Gen<std::string> word =
      gen::element<std::string>("note", "x := 1;", "}", "{", "TODO", "a/b", "*", "/", "//", "/*",
                                "héllo", "日本", "→", "\t", "max(a, b)", "\"q\"", "'");
  Gen<std::vector<std::string>> words = list_of(4, word);
  auto join = [](const std::vector<std::string>& ws, const char* sep) {
    std::string out;
    for (size_t k = 0; k < ws.size(); ++k) out += (k ? sep : "") + ws[k];
    return out;
  };
  return nominal(weighted<std::string>(
      {{3, gen::map(words, [join](std::vector<std::string> ws) { return "// " + join(ws, " "); })},
       {2, gen::map(words,
                    [join](std::vector<std::string> ws) {
                      std::string text = "/* " + join(ws, " ") + " */";
                      return text;
                    })},
       {1, gen::map(words,
                    [join](std::vector<std::string> ws) {
                      return "/* " + join(ws, "\n   ") + "\n */";
                    })},
       {1, gen::map(words, [join](std::vector<std::string> ws) { return "//" + join(ws, ""); })}}));
}

std::vector<std::string> all_comments(const Program& program) {
  return comment_list(program, false);
}

bool same_comments(const Program& a, const Program& b) {
  return comment_list(a, true) == comment_list(b, true);
}

ProgramStats program_stats(const Program& program) {
  StatsWalker w;
  w.s.decls = static_cast<int>(program.decls.size());
  for (const Decl& d : program.decls) {
    if (d.size) ++w.s.array_decls;
    if (d.kind == DeclKind::Mutex) ++w.s.mutex_decls;
    w.s.comments += static_cast<int>(d.comments.leading.size() + (d.comments.trailing ? 1 : 0));
  }
  w.s.comments += static_cast<int>(program.trailing_comments.size());
  w.block(program.body, 0, false);
  return w.s;
}

ProgramStats& operator+=(ProgramStats& t, const ProgramStats& m) {
  t.stmts += m.stmts, t.assigns += m.assigns, t.loads += m.loads, t.stores += m.stores;
  t.locks += m.locks, t.unlocks += m.unlocks, t.spawns += m.spawns;
  t.nested_spawns += m.nested_spawns, t.waits += m.waits, t.asserts += m.asserts;
  t.race_checks += m.race_checks, t.ifs += m.ifs, t.ifs_with_else += m.ifs_with_else;
  t.empty_elses += m.empty_elses, t.whiles += m.whiles, t.prints += m.prints, t.syncs += m.syncs;
  t.array_accesses += m.array_accesses, t.lock_array_accesses += m.lock_array_accesses;
  t.decls += m.decls, t.array_decls += m.array_decls, t.mutex_decls += m.mutex_decls;
  t.max_block_depth = std::max(t.max_block_depth, m.max_block_depth);
  for (int k = 0; k < 7; ++k) t.binary[k] += m.binary[k];
  t.negates += m.negates, t.double_negates += m.double_negates;
  t.negated_literals += m.negated_literals;
  t.right_nested_same_precedence += m.right_nested_same_precedence;
  t.lower_precedence_left_operand += m.lower_precedence_left_operand;
  for (int k = 0; k < 6; ++k) t.compares[k] += m.compares[k];
  t.ands += m.ands, t.ors += m.ors, t.nots += m.nots, t.comments += m.comments;
  return t;
}

} // namespace racelang::testgen

namespace racelang {

void showValue(const Program& program, std::ostream& os) {
  os << "racelang program:\n" << print_program(program) << "(end of program)";
}
void showValue(const Expr& expr, std::ostream& os) {
  os << print_expr(expr);
}
void showValue(const Cond& cond, std::ostream& os) {
  os << print_cond(cond);
}

} // namespace racelang
