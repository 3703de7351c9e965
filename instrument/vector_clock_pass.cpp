// The VectorClock instrumentation, rule by rule (CPP'17 Figure 9 with §4.3's locks; Figure 2
// is the authority where the extracted Figure 8/9 text disagrees with it). The paper's helper
// macros become small emitters below:
//   move(p, q)    q := p                          (tmp1 := load p; store tmp1 q)
//   set(a, b)     b := a, entry by entry          ("the second argument is the target")
//   inc(t, a)     a[t] += 1
//   merge(a, b)   b := a ⊔ b, entry by entry      (tmp2 := max(tmp1, tmp2); store tmp2 b)
//   hb_check(a,b) a ⊑ b, entry by entry           (tmp1 <= tmp2, as a race check)
// The extracted Figure 9 writes `merge(C[t], C[u])` for spawn and `merge(C[u], C[t])` for wait:
// with the target second, those are C[u] := C[t] ⊔ C[u] (FORK) and C[t] := C[u] ⊔ C[t] (JOIN),
// as Figure 2 says; `R[b]` in the load rule is R[x].
#include "instrument/vector_clock_pass.h"
#include "frontend/ast_walk.h"

#include <functional>
#include <unordered_map>

#include "frontend/print.h"
#include "instrument/groups.h"

namespace racelang {
namespace {

Expr lit(int64_t v) {
  return make_int(v);
}
Expr local(const char* name) {
  return make_local(name);
}
Expr add(Expr a, Expr b) {
  return make_binary(BinaryOp::Add, std::move(a), std::move(b));
}
Expr mul(Expr a, Expr b) {
  return make_binary(BinaryOp::Mul, std::move(a), std::move(b));
}

Location cell(const char* array, Expr index) {
  return Location{array, std::move(index), {}};
}

// A location or lock of the original program, resolved to its dense metadata index: a
// constant for scalars, `base + __i` for array elements.
struct Resolved {
  Location access;             // what the original statement accesses (index replaced by __i)
  std::optional<Expr> index;   // the original index expression, evaluated once into __i
  int64_t base = 0;            // dense index of the scalar or of element 0
  std::optional<int64_t> size; // array size

  // Metadata entry `entry` of this location: (base + __i) * z + entry.
  Expr meta_index(int64_t z, int64_t entry) const {
    if (!index) return lit(base * z + entry);
    if (z == 1) return add(local(meta::kIndex), lit(base + entry));
    return add(mul(local(meta::kIndex), lit(z)), lit(base * z + entry));
  }
  Expr dense_index() const {
    if (!index) return lit(base);
    return add(local(meta::kIndex), lit(base));
  }
};

class Pass {
public:
  Pass(const ProgramInfo& info, const VectorClockOptions& options)
      : options_(options), layout_(metadata_layout(info)) {
    int64_t locations = 0, locks = 0;
    for (const Symbol& s : info.symbols) {
      int64_t& counter = s.kind == SymbolKind::Lock ? locks : locations;
      dense_base_[s.name] = counter;
      sizes_[s.name] = s.cell_count;
      counter += s.cell_count;
    }
  }

  Program run(const Program& program) {
    Program out;
    out.decls = program.decls;
    declare_metadata(out.decls);
    // Prologue: the paper's initial analysis state has C_t(t) = 1 for every t; the Coq proof
    // assumes memory already encodes it, but our memory starts at 0.
    ++group_;
    for (int64_t t = 0; t < z(); ++t)
      out.body.push_back(emit(Store{lit(1), cell(meta::kClock, lit(t * z() + t))}, {}));
    out.body.front().comments.leading.push_back(
        "// racelang instrumentation: VectorClock (CPP'17, Figure 9 with per-location locks)");
    if (z() > 1)
      out.body.front().comments.leading.push_back(
          group_marker(static_cast<size_t>(z()), "prologue: C[t][t] := 1 for every thread t"));
    Block body = instrument_block(program.body, 0);
    for (Stmt& s : body) out.body.push_back(std::move(s));
    out.trailing_comments = program.trailing_comments;
    return out;
  }

private:
  int64_t z() const { return layout_.threads; }

  void declare_metadata(std::vector<Decl>& decls) const {
    auto array = [&](DeclKind kind, const char* name, int64_t size) {
      if (size > 0) decls.push_back(Decl{kind, name, size, {}, {}});
    };
    array(DeclKind::Shared, meta::kClock, z() * z());
    array(DeclKind::Shared, meta::kLockClock, layout_.locks * z());
    array(DeclKind::Shared, meta::kReadClock, layout_.locations * z());
    array(DeclKind::Shared, meta::kWriteClock, layout_.locations * z());
    array(DeclKind::Shared, meta::kReadSite, layout_.locations * z());
    array(DeclKind::Shared, meta::kWriteSite, layout_.locations * z());
    if (options_.location_locks) array(DeclKind::Mutex, meta::kLocationLock, layout_.locations);
  }

  template <typename Node> Stmt emit(Node node, SourceRange range) {
    Stmt s = make_stmt(std::move(node), range);
    s.group = group_;
    return s;
  }

  Block instrument_block(const Block& block, int64_t t) {
    Block out;
    for (const Stmt& s : block) instrument_stmt(s, t, out);
    return out;
  }

  Resolved resolve(const Location& loc) const {
    Resolved r;
    r.access = loc;
    r.base = dense_base_.at(loc.name);
    if (loc.index) {
      r.index = *loc.index;
      r.access.index = local(meta::kIndex);
    }
    return r;
  }

  // __i := e, evaluated once, before any metadata is touched.
  void evaluate_index(const Resolved& r, SourceRange range, Block& out) {
    if (r.index) out.push_back(emit(Assign{meta::kIndex, *r.index}, range));
  }

  // An index out of range must fail exactly as the original statement would, before the
  // metadata (which is indexed by it) is touched: run the original statement on that path.
  void guard_index(const Resolved& r, int64_t size, const Stmt& original_access, Block& out) {
    if (!r.index) return;
    Cond out_of_range =
        make_logical(LogicOp::Or, make_compare(CompareOp::Lt, local(meta::kIndex), lit(0)),
                     make_compare(CompareOp::Ge, local(meta::kIndex), lit(size)));
    Block fail;
    fail.push_back(original_access);
    out.push_back(
        emit(If{std::move(out_of_range), std::move(fail), std::nullopt}, original_access.range));
  }

  Expr site_of(SourceRange range) const {
    return add(mul(lit(range.begin.line), lit(kSiteLineFactor)), lit(range.begin.col));
  }

  // hb_check(V[x], C[t]): for every thread u, V[x][u] <= C[t][u], else a race with u's
  // previous access of the kind V records.
  void hb_check(const char* clock, const char* sites, AccessKind previous, AccessKind current,
                const Resolved& x, int64_t t, SourceRange range, Block& out) {
    for (int64_t u = 0; u < z(); ++u) {
      out.push_back(emit(Load{meta::kTemp1, cell(clock, x.meta_index(z(), u))}, range));
      out.push_back(emit(Load{meta::kTemp2, cell(meta::kClock, lit(t * z() + u))}, range));
      RaceCheck race{current,  x.access, site_of(range),
                     previous, lit(u),   cell(sites, x.meta_index(z(), u))};
      out.push_back(
          emit(Assert{make_compare(CompareOp::Le, local(meta::kTemp1), local(meta::kTemp2)),
                      std::move(race)},
               range));
    }
  }

  // move((C[t], t), (V[x], t)) and the site of this access.
  void record_access(const char* clock, const char* sites, const Resolved& x, int64_t t,
                     SourceRange range, Block& out) {
    out.push_back(emit(Load{meta::kTemp1, cell(meta::kClock, lit(t * z() + t))}, range));
    out.push_back(emit(Store{local(meta::kTemp1), cell(clock, x.meta_index(z(), t))}, range));
    out.push_back(emit(Store{site_of(range), cell(sites, x.meta_index(z(), t))}, range));
  }

  // merge: target[v] := max(source[v], target[v]) for every v.
  void merge(const char* source_array, std::function<Expr(int64_t)> source_index,
             std::function<Expr(int64_t)> target_index, SourceRange range, Block& out) {
    for (int64_t v = 0; v < z(); ++v) {
      out.push_back(emit(Load{meta::kTemp1, cell(source_array, source_index(v))}, range));
      out.push_back(emit(Load{meta::kTemp2, cell(meta::kClock, target_index(v))}, range));
      out.push_back(emit(Assign{meta::kTemp2, make_binary(BinaryOp::Max, local(meta::kTemp1),
                                                          local(meta::kTemp2))},
                         range));
      out.push_back(emit(Store{local(meta::kTemp2), cell(meta::kClock, target_index(v))}, range));
    }
  }

  // inc(u, C[u]): C[u][u] += 1.
  void increment(int64_t u, SourceRange range, Block& out) {
    Location entry = cell(meta::kClock, lit(u * z() + u));
    out.push_back(emit(Load{meta::kTemp1, entry}, range));
    out.push_back(emit(Assign{meta::kTemp1, add(local(meta::kTemp1), lit(1))}, range));
    out.push_back(emit(Store{local(meta::kTemp1), entry}, range));
  }

  Expr clock_entry(int64_t t, int64_t v) const { return lit(t * z() + v); }

  void instrument_stmt(const Stmt& s, int64_t t, Block& out) {
    ++group_;
    SourceRange range = s.range;
    size_t first = out.size();
    visit_stmt(
        s,
        Overloaded{
            [&](const Load& load) {
              Resolved x = resolve(load.loc);
              Stmt access = emit(Load{load.local, x.access}, range);
              evaluate_index(x, range, out);
              guard_index(x, symbol_size(load.loc.name), access, out);
              if (options_.location_locks)
                out.push_back(emit(LockStmt{cell(meta::kLocationLock, x.dense_index())}, range));
              hb_check(meta::kWriteClock, meta::kWriteSite, AccessKind::Write, AccessKind::Read, x,
                       t, range, out);
              record_access(meta::kReadClock, meta::kReadSite, x, t, range, out);
              out.push_back(std::move(access));
              if (options_.location_locks)
                out.push_back(emit(UnlockStmt{cell(meta::kLocationLock, x.dense_index())}, range));
            },
            [&](const Store& store) {
              Resolved x = resolve(store.loc);
              Stmt access = emit(Store{store.value, x.access}, range);
              evaluate_index(x, range, out);
              guard_index(x, symbol_size(store.loc.name), access, out);
              if (options_.location_locks)
                out.push_back(emit(LockStmt{cell(meta::kLocationLock, x.dense_index())}, range));
              hb_check(meta::kWriteClock, meta::kWriteSite, AccessKind::Write, AccessKind::Write, x,
                       t, range, out);
              if (options_.store_checks_reads)
                hb_check(meta::kReadClock, meta::kReadSite, AccessKind::Read, AccessKind::Write, x,
                         t, range, out);
              record_access(meta::kWriteClock, meta::kWriteSite, x, t, range, out);
              out.push_back(std::move(access));
              if (options_.location_locks)
                out.push_back(emit(UnlockStmt{cell(meta::kLocationLock, x.dense_index())}, range));
            },
            [&](const LockStmt& lock) {
              // The blocking operation first: the clock changes only once it has succeeded.
              Resolved m = resolve(lock.lock);
              evaluate_index(m, range, out);
              out.push_back(emit(LockStmt{m.access}, range));
              // C[t] := L[m] ⊔ C[t]
              merge(
                  meta::kLockClock, [&](int64_t v) { return m.meta_index(z(), v); },
                  [&](int64_t v) { return clock_entry(t, v); }, range, out);
            },
            [&](const UnlockStmt& unlock) {
              Resolved m = resolve(unlock.lock);
              Stmt release = emit(UnlockStmt{m.access}, range);
              evaluate_index(m, range, out);
              guard_index(m, symbol_size(unlock.lock.name), release, out);
              // L[m] := C[t] (set), or RoadRunner's L[m] := L[m] ⊔ C[t].
              for (int64_t v = 0; v < z(); ++v) {
                out.push_back(
                    emit(Load{meta::kTemp1, cell(meta::kClock, clock_entry(t, v))}, range));
                if (options_.release_joins_lock) {
                  out.push_back(emit(
                      Load{meta::kTemp2, cell(meta::kLockClock, m.meta_index(z(), v))}, range));
                  out.push_back(
                      emit(Assign{meta::kTemp1, make_binary(BinaryOp::Max, local(meta::kTemp1),
                                                            local(meta::kTemp2))},
                           range));
                }
                out.push_back(
                    emit(Store{local(meta::kTemp1), cell(meta::kLockClock, m.meta_index(z(), v))},
                         range));
              }
              if (options_.increment_on_release) increment(t, range, out);
              out.push_back(std::move(release));
            },
            [&](const Spawn& spawn) {
              int64_t u = spawn.thread;
              // C[u] := C[t] ⊔ C[u]; inc(t, C[t]); then the spawn, its body instrumented as u.
              merge(
                  meta::kClock, [&](int64_t v) { return clock_entry(t, v); },
                  [&](int64_t v) { return clock_entry(u, v); }, range, out);
              increment(t, range, out);
              uint32_t group = group_;
              Block body = instrument_block(spawn.body, u);
              Stmt stmt = emit(Spawn{u, std::move(body)}, range);
              stmt.group = group;
              out.push_back(std::move(stmt));
            },
            [&](const Wait& wait) {
              int64_t u = wait.thread;
              out.push_back(emit(Wait{u}, range));
              // C[t] := C[u] ⊔ C[t]
              merge(
                  meta::kClock, [&](int64_t v) { return clock_entry(u, v); },
                  [&](int64_t v) { return clock_entry(t, v); }, range, out);
              if (options_.increment_on_join) increment(u, range, out);
            },
            // The jumps of `if` and `while` keep a group of their own, not the last one of
            // their bodies: a loop whose body is one group must not become one atomic step.
            [&](const If& node) {
              uint32_t group = group_;
              If copy{node.cond, instrument_block(node.then_body, t), std::nullopt};
              if (node.else_body) copy.else_body = instrument_block(*node.else_body, t);
              Stmt stmt = with_comments(s, emit(std::move(copy), range));
              stmt.group = group;
              out.push_back(std::move(stmt));
            },
            [&](const While& node) {
              uint32_t group = group_;
              Stmt stmt =
                  with_comments(s, emit(While{node.cond, instrument_block(node.body, t)}, range));
              stmt.group = group;
              out.push_back(std::move(stmt));
            },
            // Thread-local statements touch no shared state: nothing to check or record.
            [&](const Assign& node) { out.push_back(with_comments(s, emit(node, range))); },
            [&](const Assert& node) { out.push_back(with_comments(s, emit(node, range))); },
            [&](const Print& node) { out.push_back(with_comments(s, emit(node, range))); },
        });
    // Leading comments of the original statement go before its instrumentation, then the
    // marker that keeps the group through printing (groups.h).
    if (out.size() > first && !std::holds_alternative<If>(s.node) &&
        !std::holds_alternative<While>(s.node)) {
      out[first].comments.leading = s.comments.leading;
      if (out.size() - first > 1)
        out[first].comments.leading.push_back(group_marker(out.size() - first, describe(s)));
    }
  }

  // The instruction a group instruments, on one line: "store a + 1 x", "spawn 2".
  static std::string describe(const Stmt& s) {
    if (const auto* spawn = std::get_if<Spawn>(&s.node))
      return "spawn " + std::to_string(spawn->thread);
    Stmt bare = s;
    bare.comments = {};
    std::string text = print_stmt(bare);
    text = text.substr(0, text.find('\n'));
    if (!text.empty() && text.back() == ';') text.pop_back();
    return text;
  }

  Stmt with_comments(const Stmt& original, Stmt stmt) const {
    stmt.comments = original.comments;
    return stmt;
  }

  int64_t symbol_size(const std::string& name) const {
    auto it = sizes_.find(name);
    return it == sizes_.end() ? 1 : it->second;
  }

  const VectorClockOptions& options_;
  MetadataLayout layout_;
  std::unordered_map<std::string, int64_t> dense_base_;
  std::unordered_map<std::string, int64_t> sizes_;
  uint32_t group_ = 0;
};

} // namespace

MetadataLayout metadata_layout(const ProgramInfo& info) {
  MetadataLayout layout;
  layout.threads = info.max_thread_id + 1;
  for (const Symbol& s : info.symbols)
    (s.kind == SymbolKind::Lock ? layout.locks : layout.locations) += s.cell_count;
  return layout;
}

Program instrument_vector_clock(const Program& program, const ProgramInfo& info,
                                const VectorClockOptions& options) {
  return Pass(info, options).run(program);
}

namespace {

// The variants by name, for the pass table. Keep in step with vector_clock_pass() below.
VectorClockOptions options_of_variant(std::string_view name) {
  VectorClockOptions options;
  if (name == "no-location-locks") options.location_locks = false;
  if (name == "no-release-increment") options.increment_on_release = false;
  if (name == "store-skips-reads") options.store_checks_reads = false;
  if (name == "figure9-wait") options.increment_on_join = true;
  if (name == "roadrunner-release") options.release_joins_lock = true;
  return options;
}

Program instrument_variant(const Program& program, const ProgramInfo& info,
                           std::string_view variant) {
  return instrument_vector_clock(program, info, options_of_variant(variant));
}

} // namespace

PassInfo vector_clock_pass() {
  return PassInfo{
      PassKind::VectorClock,
      "vc",
      "VectorClock",
      "the CPP'17 paper's VectorClock instrumentation with a lock per location",
      detect::DetectorKind::VectorClock,
      {
          {"paper", "the paper's pass (Figure 9, per-location locks, multiple-join wait)", false},
          {"no-location-locks", "no X[x] around an access's metadata (races on metadata)", true},
          {"no-release-increment", "unlock does not increment C[t][t]", true},
          {"store-skips-reads", "a store checks W[x] but not R[x]", true},
          {"figure9-wait", "wait increments the joined thread's clock (two waiters race)", true},
          {"roadrunner-release", "unlock joins L[m] with C[t] instead of setting it (harmless)",
           false},
      },
      instrument_variant,
  };
}

} // namespace racelang
