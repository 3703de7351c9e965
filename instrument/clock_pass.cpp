// The walk and the synchronisation rules every clock-based pass shares (see clock_pass.h).
// The rules are the CPP'17 paper's Figure 9 with §4.3's locks; its Figure 2 is the authority
// where the extracted Figure 8/9 text disagrees with it. The paper's helper macros become
// small emitters:
//   set(a, b)     b := a, entry by entry          ("the second argument is the target")
//   inc(t, a)     a[t] += 1
//   merge(a, b)   b := a ⊔ b, entry by entry      (tmp2 := max(tmp1, tmp2); store tmp2 b)
// The extracted Figure 9 writes `merge(C[t], C[u])` for spawn and `merge(C[u], C[t])` for wait:
// with the target second, those are C[u] := C[t] ⊔ C[u] (FORK) and C[t] := C[u] ⊔ C[t] (JOIN),
// as Figure 2 says.
#include "instrument/clock_pass.h"

#include <algorithm>

#include "frontend/ast_walk.h"
#include "frontend/print.h"
#include "instrument/groups.h"

namespace racelang::instrument_detail {

Expr lit(int64_t v) {
  // As the parser builds it, so that printed instrumentation reads back as the same AST.
  return v < 0 ? make_negate(make_int(-v)) : make_int(v);
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
Expr div(Expr a, Expr b) {
  return make_binary(BinaryOp::Div, std::move(a), std::move(b));
}
Expr mod(Expr a, Expr b) {
  return make_binary(BinaryOp::Mod, std::move(a), std::move(b));
}
Location cell(const char* array, Expr index) {
  return Location{array, std::move(index), {}};
}
Cond compare(CompareOp op, Expr a, Expr b) {
  return make_compare(op, std::move(a), std::move(b));
}

Expr Resolved::meta_index(int64_t z, int64_t entry) const {
  if (!index) return lit(base * z + entry);
  if (z == 1) return add(local(meta::kIndex), lit(base + entry));
  return add(mul(local(meta::kIndex), lit(z)), lit(base * z + entry));
}

Expr Resolved::meta_index(int64_t z, Expr entry) const {
  Expr row = !index   ? lit(base * z)
             : z == 1 ? add(local(meta::kIndex), lit(base))
                      : add(mul(local(meta::kIndex), lit(z)), lit(base * z));
  return add(std::move(row), std::move(entry));
}

Expr Resolved::meta_index(int64_t z, const Entry& entry) const {
  return entry.known ? meta_index(z, *entry.known) : meta_index(z, entry.expr());
}

Expr Resolved::dense_index() const {
  if (!index) return lit(base);
  return add(local(meta::kIndex), lit(base));
}

ClockPass::ClockPass(const ProgramInfo& info, const SyncOptions& sync,
                     const elide::ElisionPlan& plan, std::string title)
    : sync_(sync), plan_(plan), title_(std::move(title)), layout_(metadata_layout(info)) {
  // Locations no two threads share get no metadata at all: their accesses are emitted bare,
  // so the dense numbering leaves them out.
  // Each kind of cell (shared, lock, volatile, barrier, condition) is numbered on its own.
  MetadataLayout counted;
  for (const Symbol& s : info.symbols) {
    sizes_[s.name] = s.cell_count;
    symbols_[s.name] = &s;
    if (s.kind == SymbolKind::Shared && plan_.whole_symbol_unchecked(s.name)) continue;
    int64_t& counter = counted.*metadata_count(s.kind);
    dense_base_[s.name] = counter;
    counter += s.cell_count;
  }
  layout_.locations = counted.locations;
}

Program ClockPass::run(const Program& program) {
  // No access needs a check: every one is thread-local, ordered or disjoint (elide/README.md), so
  // the program cannot race, and clocks and metadata that no check reads would be dead code. The
  // program is left as it is. (A Redundant access implies an earlier checked one, so it counts.)
  if (plan_.count(elide::AccessCheck::Full) + plan_.count(elide::AccessCheck::Redundant) +
          plan_.count(elide::AccessCheck::Coalesced) ==
      0) {
    Program out = program;
    std::vector<std::string> note = {
        "// racelang instrumentation: " + title_,
        "// none needed: no access of this program can race (each is thread-local, ordered or "
        "disjoint)"};
    auto& comments = out.body.empty() ? out.trailing_comments : out.body.front().comments.leading;
    comments.insert(comments.begin(), note.begin(), note.end());
    return out;
  }
  Program out;
  out.decls = program.decls;
  declare_metadata(out.decls);
  // Prologue: the paper's initial analysis state has C_t(t) = 1 for every t; the Coq proof
  // assumes memory already encodes it, but our memory starts at 0.
  ++group_;
  for (int64_t t = 0; t < z(); ++t) out.body.push_back(emit(Store{lit(1), clock_entry(t, t)}, {}));
  out.body.front().comments.leading.push_back("// racelang instrumentation: " + title_);
  if (z() > 1)
    out.body.front().comments.leading.push_back(
        group_marker(static_cast<size_t>(z()), "prologue: C[t][t] := 1 for every thread t"));
  Block body = instrument_block(program.body, 0);
  for (Stmt& s : body) out.body.push_back(std::move(s));
  out.trailing_comments = program.trailing_comments;
  return out;
}

void ClockPass::declare(std::vector<Decl>& decls, DeclKind kind, const char* name,
                        int64_t size) const {
  if (size > 0) decls.push_back(Decl{kind, name, size, {}, {}});
}

void ClockPass::declare_metadata(std::vector<Decl>& decls) const {
  declare(decls, DeclKind::Shared, meta::kClock, z() * z());
  declare(decls, DeclKind::Shared, meta::kLockClock, layout_.locks * z());
  declare_access_metadata(decls);
  if (sync_.location_locks) declare(decls, DeclKind::Mutex, meta::kLocationLock, layout_.locations);
  declare(decls, DeclKind::Shared, meta::kVolatileClock, layout_.volatiles * z());
  declare(decls, DeclKind::Mutex, meta::kVolatileLock, layout_.volatiles);
  declare(decls, DeclKind::Shared, meta::kBarrierClock, layout_.barriers * 2 * z());
  declare(decls, DeclKind::Shared, meta::kBarrierArrived, layout_.barriers);
  declare(decls, DeclKind::Shared, meta::kBarrierBuffer, layout_.barriers);
  declare(decls, DeclKind::Mutex, meta::kBarrierLock, layout_.barriers);
  if (sync_.notify_releases) {
    declare(decls, DeclKind::Shared, meta::kConditionClock, layout_.conditions * z());
    declare(decls, DeclKind::Mutex, meta::kConditionLock, layout_.conditions);
  }
}

Expr ClockPass::site_of(SourceRange range) const {
  return add(mul(lit(range.begin.line), lit(kSiteLineFactor)), lit(range.begin.col));
}

Location ClockPass::clock_entry(int64_t t, int64_t v) const {
  return cell(meta::kClock, lit(t * z() + v));
}

Location ClockPass::clock_entry(int64_t t, Expr v) const {
  return cell(meta::kClock, t == 0 ? std::move(v) : add(lit(t * z()), std::move(v)));
}

Location ClockPass::clock_entry(int64_t t, const Entry& v) const {
  return v.known ? clock_entry(t, *v.known) : clock_entry(t, v.expr());
}

void ClockPass::for_each_entry(SourceRange range, Block& out,
                               const std::function<void(const Entry& v, Block& body)>& body) {
  int64_t threshold = sync_.clock_loop_threshold;
  if (loop_depth_ == 0) threshold = std::min(threshold, sync_.outer_clock_loop_threshold);
  if (z() <= threshold) {
    for (int64_t v = 0; v < z(); ++v) body(Entry{v}, out);
    return;
  }
  out.push_back(emit(Assign{meta::kEntry, lit(0)}, range));
  Block loop;
  body(Entry{}, loop);
  loop.push_back(emit(Assign{meta::kEntry, add(local(meta::kEntry), lit(1))}, range));
  out.push_back(
      emit(While{compare(CompareOp::Lt, local(meta::kEntry), lit(z())), std::move(loop)}, range));
}

Block ClockPass::instrument_block(const Block& block, int64_t t) {
  Block out;
  for (const Stmt& s : block) instrument_stmt(s, t, out);
  return out;
}

// The location an instrumented access uses: its index replaced by __i, evaluated before.
static Location resolved_access(const Location& loc) {
  Location target = loc;
  if (target.index) target.index = local(meta::kIndex);
  return target;
}

Resolved ClockPass::resolve(const Location& loc) const {
  Resolved r;
  r.access = resolved_access(loc);
  r.base = dense_base_.at(loc.name);
  if (loc.index) r.index = *loc.index;
  return r;
}

// __i := e, evaluated once, before any metadata is touched.
void ClockPass::evaluate_index(const Resolved& r, SourceRange range, Block& out) {
  if (r.index) out.push_back(emit(Assign{meta::kIndex, *r.index}, range));
}

// An index out of range must fail exactly as the original statement would, before the
// metadata (which is indexed by it) is touched: run the original statement on that path.
void ClockPass::guard_index(const Resolved& r, int64_t size, const Stmt& original_access,
                            Block& out) {
  if (!r.index) return;
  Cond out_of_range = make_logical(LogicOp::Or, compare(CompareOp::Lt, local(meta::kIndex), lit(0)),
                                   compare(CompareOp::Ge, local(meta::kIndex), lit(size)));
  Block fail;
  fail.push_back(original_access);
  out.push_back(
      emit(If{std::move(out_of_range), std::move(fail), std::nullopt}, original_access.range));
}

// merge: C[..][v] := max(source[v], C[..][v]) for every v.
void ClockPass::merge(const char* source_array,
                      const std::function<Expr(const Entry&)>& source_index,
                      const std::function<Expr(const Entry&)>& target_index, SourceRange range,
                      Block& out) {
  merge_into(source_array, source_index, meta::kClock, target_index, range, out);
}

void ClockPass::merge_into(const char* source_array,
                           const std::function<Expr(const Entry&)>& source_index,
                           const char* target_array,
                           const std::function<Expr(const Entry&)>& target_index, SourceRange range,
                           Block& out) {
  for_each_entry(range, out, [&](const Entry& v, Block& body) {
    body.push_back(emit(Load{meta::kTemp1, cell(source_array, source_index(v))}, range));
    body.push_back(emit(Load{meta::kTemp2, cell(target_array, target_index(v))}, range));
    body.push_back(emit(
        Assign{meta::kTemp2, make_binary(BinaryOp::Max, local(meta::kTemp1), local(meta::kTemp2))},
        range));
    body.push_back(emit(Store{local(meta::kTemp2), cell(target_array, target_index(v))}, range));
  });
}

// inc(u, C[u]): C[u][u] += 1.
void ClockPass::increment(int64_t u, SourceRange range, Block& out) {
  Location entry = clock_entry(u, u);
  out.push_back(emit(Load{meta::kTemp1, entry}, range));
  out.push_back(emit(Assign{meta::kTemp1, add(local(meta::kTemp1), lit(1))}, range));
  out.push_back(emit(Store{local(meta::kTemp1), entry}, range));
}

void ClockPass::lock_location(const Resolved& x, SourceRange range, Block& out) {
  if (sync_.location_locks && !in_range_section_)
    out.push_back(emit(LockStmt{cell(meta::kLocationLock, x.dense_index())}, range));
}

void ClockPass::unlock_location(const Resolved& x, SourceRange range, Block& out) {
  if (sync_.location_locks && !in_range_section_)
    out.push_back(emit(UnlockStmt{cell(meta::kLocationLock, x.dense_index())}, range));
}

// __c := C[t][t]; __ce := __c * z + t.
void ClockPass::load_own_clock(int64_t t, SourceRange range, Block& out) {
  out.push_back(emit(Load{meta::kOwnClock, clock_entry(t, t)}, range));
  out.push_back(
      emit(Assign{meta::kOwnEpoch, add(mul(local(meta::kOwnClock), lit(z())), lit(t))}, range));
}

// __c is 0 (a thread's locals start at 0, and clocks at 1) until the thread's first access or
// synchronisation, and C[t][t] from then on: every synchronisation reloads it in its own group
// (reload_own_clock). Where the walk cannot tell which (the first access of a thread, the
// first iteration of a loop), a test of __c against 0 decides at run time.
void ClockPass::ensure_own_clock(int64_t t, SourceRange range, Block& out) {
  if (own_clock_loaded_) return;
  Block load;
  load_own_clock(t, range, load);
  out.push_back(emit(
      If{compare(CompareOp::Eq, local(meta::kOwnClock), lit(0)), std::move(load), std::nullopt},
      range));
  own_clock_loaded_ = true;
}

void ClockPass::reload_own_clock(int64_t t, SourceRange range, Block& out) {
  if (!uses_own_clock()) return;
  load_own_clock(t, range, out);
  own_clock_loaded_ = true;
}

void ClockPass::access(const Stmt& source, const Location& loc, Stmt original, bool is_load,
                       int64_t t, SourceRange range, Block& out) {
  if (is_volatile(loc.name)) {
    volatile_access(loc, std::move(original), is_load, t, range, out);
    return;
  }
  if (plan_.check_of(source) != elide::AccessCheck::Full || !dense_base_.count(loc.name)) {
    // Nothing another thread does can make this access race, or an earlier check of this
    // thread already covers it (elide/elide.h): the access alone, with its own index.
    Stmt bare = source;
    bare.group = group_;
    out.push_back(std::move(bare));
    return;
  }
  Resolved x = resolve(loc);
  evaluate_index(x, range, out);
  guard_index(x, symbol_size(loc.name), original, out);
  if (is_load)
    load_rule(x, std::move(original), t, range, out);
  else
    store_rule(x, std::move(original), t, range, out);
}

void ClockPass::instrument_stmt(const Stmt& s, int64_t t, Block& out) {
  ++group_;
  SourceRange range = s.range;
  size_t first = out.size();
  // C[thread][v]'s index in __C.
  auto clock_of = [&](int64_t thread) {
    return [this, thread](const Entry& v) { return own_clock_index(thread, v); };
  };
  visit_stmt(
      s, Overloaded{
             [&](const Load& load) {
               Location target = resolved_access(load.loc);
               access(s, load.loc, emit(Load{load.local, target}, range), true, t, range, out);
             },
             [&](const Store& store) {
               Location target = resolved_access(store.loc);
               access(s, store.loc, emit(Store{store.value, target}, range), false, t, range, out);
             },
             [&](const LockStmt& lock) {
               // The blocking operation first: the clock changes only once it has succeeded.
               Resolved m = resolve(lock.lock);
               evaluate_index(m, range, out);
               out.push_back(emit(LockStmt{m.access}, range));
               acquire_lock(m, t, range, out);
             },
             [&](const UnlockStmt& unlock) {
               Resolved m = resolve(unlock.lock);
               Stmt release = emit(UnlockStmt{m.access}, range);
               evaluate_index(m, range, out);
               guard_index(m, symbol_size(unlock.lock.name), release, out);
               release_lock(m, t, range, out);
               out.push_back(std::move(release));
             },
             [&](const Spawn& spawn) {
               int64_t u = spawn.thread;
               // C[u] := C[t] ⊔ C[u]; inc(t, C[t]); then the spawn, its body instrumented as u.
               merge(meta::kClock, clock_of(t), clock_of(u), range, out);
               increment(t, range, out);
               reload_own_clock(t, range, out);
               uint32_t group = group_;
               bool loaded = own_clock_loaded_;
               own_clock_loaded_ = false; // the new thread's locals start at 0
               int depth = loop_depth_;
               loop_depth_ = 0;
               Block body = instrument_block(spawn.body, u);
               loop_depth_ = depth;
               own_clock_loaded_ = loaded;
               Stmt stmt = emit(Spawn{u, std::move(body)}, range);
               stmt.group = group;
               out.push_back(std::move(stmt));
             },
             [&](const Wait& wait) {
               int64_t u = wait.thread;
               out.push_back(emit(Wait{u}, range));
               // C[t] := C[u] ⊔ C[t]
               merge(meta::kClock, clock_of(u), clock_of(t), range, out);
               if (sync_.increment_on_join) increment(u, range, out);
               reload_own_clock(t, range, out);
             },
             // The jumps of `if` and `while` keep a group of their own, not the last one of
             // their bodies: a loop whose body is one group must not become one atomic step.
             [&](const If& node) {
               uint32_t group = group_;
               bool loaded = own_clock_loaded_;
               If copy{node.cond, instrument_block(node.then_body, t), std::nullopt};
               bool after_then = own_clock_loaded_;
               own_clock_loaded_ = loaded;
               if (node.else_body) copy.else_body = instrument_block(*node.else_body, t);
               own_clock_loaded_ = own_clock_loaded_ && after_then;
               Stmt stmt = with_comments(s, emit(std::move(copy), range));
               stmt.group = group;
               out.push_back(std::move(stmt));
             },
             [&](const While& node) {
               if (const elide::CoalescedLoop* coalesced = plan_.coalesced_loop(s)) {
                 range_check(s, *coalesced, t, out);
                 ++group_;
                 first = out.size();
               }
               uint32_t group = group_;
               // Nothing in a loop body makes __c stale (synchronisations reload it), so it is
               // known at the loop head exactly when it was known before the loop.
               bool at_head = own_clock_loaded_;
               ++loop_depth_;
               Block body = instrument_block(node.body, t);
               --loop_depth_;
               Stmt stmt = with_comments(s, emit(While{node.cond, std::move(body)}, range));
               own_clock_loaded_ = at_head;
               stmt.group = group;
               out.push_back(std::move(stmt));
             },
             // Thread-local statements touch no shared state: nothing to check or record.
             [&](const Assign& node) { out.push_back(with_comments(s, emit(node, range))); },
             [&](const Assert& node) { out.push_back(with_comments(s, emit(node, range))); },
             [&](const Print& node) { out.push_back(with_comments(s, emit(node, range))); },
             [&](const Call& c) { unexpanded_call(c); },
             [&](const Sync& sync) { sync_statement(s, sync, t, range, out); },
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

// The range check, a group of its own just before the loop:
//   <lock X[x] of every cell the loop may touch, in increasing order of x>
//   __ro := 0; __r := i;
//   while (__r < H && __ro == 0) {
//     for each coalesced access, in body order (with i read as __r):
//       if (__ro == 0) { __i := <its index>; if (__i out of range) { __ro := 1; }
//                        else { <its rule, without the access and without X[x]> } }
//     __r := __r + 1;
//   }
//   <unlock the same cells>
// It runs in the loop thread's state at the loop head, where every local the bound reads
// already has the value it keeps through the loop, so it checks exactly the accesses the loop
// makes, in the loop's order, with the clock the loop makes them with (elide/range_loops.cpp
// says why). At the first index out of range it stops, as the loop will fail there. Holding every
// X[x] of the range while it checks makes it one atomic check for every other thread, in the
// small-step semantics as in the bigger-step one; taking them in increasing order of x (each
// array's cells once: one index per array) cannot deadlock with another range check, and the
// other sections hold one X[x] and take nothing else. The group holds no instruction of the
// original: it is one extra scheduling point before the loop (docs/instrumentation.md, "Range
// coalescing").
void ClockPass::range_check(const Stmt& loop, const elide::CoalescedLoop& coalesced, int64_t t,
                            Block& out) {
  SourceRange range = loop.range;
  size_t first = out.size();
  // One location per coalesced symbol (an array has one index in the loop), by dense index.
  std::vector<const Location*> locations;
  for (const elide::RangeAccess& access : coalesced.accesses)
    if (std::none_of(locations.begin(), locations.end(),
                     [&](const Location* l) { return l->name == access.loc->name; }))
      locations.push_back(access.loc);
  std::sort(locations.begin(), locations.end(), [&](const Location* a, const Location* b) {
    return dense_base_.at(a->name) < dense_base_.at(b->name);
  });
  Expr bound = *coalesced.bound;
  if (coalesced.bound_offset != 0) bound = add(std::move(bound), lit(coalesced.bound_offset));
  auto counter_below_bound = [&]() {
    return compare(CompareOp::Lt, local(meta::kRangeCounter), bound);
  };
  auto index_of = [&](const Location& loc) {
    return emit(Assign{meta::kIndex,
                       elide::replace_local(*loc.index, coalesced.counter, meta::kRangeCounter)},
                range);
  };
  auto out_of_range = [&](const Location& loc) {
    return make_logical(LogicOp::Or, compare(CompareOp::Lt, local(meta::kIndex), lit(0)),
                        compare(CompareOp::Ge, local(meta::kIndex), lit(symbol_size(loc.name))));
  };
  // lock X[x] (or unlock) for every cell in range that `loc` names over the counter's range.
  auto every_cell = [&](bool lock, Block& to) {
    if (!sync_.location_locks) return;
    for (const Location* loc : locations) {
      Resolved x = resolve(*loc);
      Block cell;
      if (lock)
        lock_location(x, range, cell);
      else
        unlock_location(x, range, cell);
      if (!loc->index) {
        for (Stmt& s : cell) to.push_back(std::move(s));
        continue;
      }
      Block guarded;
      guarded.push_back(index_of(*loc));
      guarded.push_back(emit(If{out_of_range(*loc), Block{}, std::move(cell)}, range));
      std::vector<std::string> reads;
      collect_locals(*loc->index, reads);
      if (std::find(reads.begin(), reads.end(), coalesced.counter) != reads.end()) {
        to.push_back(emit(Assign{meta::kRangeCounter, local(coalesced.counter.c_str())}, range));
        guarded.push_back(
            emit(Assign{meta::kRangeCounter, add(local(meta::kRangeCounter), lit(1))}, range));
        to.push_back(emit(While{counter_below_bound(), std::move(guarded)}, range));
      } else {
        for (Stmt& s : guarded) to.push_back(std::move(s));
      }
    }
  };
  every_cell(true, out);
  out.push_back(emit(Assign{meta::kRangeStop, lit(0)}, range));
  out.push_back(emit(Assign{meta::kRangeCounter, local(coalesced.counter.c_str())}, range));
  // The thread's own clock may be loaded inside the loop only: after it, whether __c is loaded
  // is what it was before (the range can be empty).
  bool loaded = own_clock_loaded_;
  in_range_section_ = true; // the rules take no X[x]: the range check holds them all
  ++loop_depth_;
  Block body;
  for (const elide::RangeAccess& access : coalesced.accesses) {
    const Location& loc = *access.loc;
    SourceRange at = access.stmt->range;
    Resolved x = resolve(loc);
    Block checked;
    Block rule;
    if (access.kind == AccessKind::Read)
      load_rule(x, std::nullopt, t, at, rule);
    else
      store_rule(x, std::nullopt, t, at, rule);
    if (loc.index) {
      checked.push_back(index_of(loc));
      Block stop;
      stop.push_back(emit(Assign{meta::kRangeStop, lit(1)}, at));
      checked.push_back(emit(If{out_of_range(loc), std::move(stop), std::move(rule)}, at));
    } else {
      checked = std::move(rule);
    }
    if (&access == &coalesced.accesses.front()) {
      for (Stmt& s : checked) body.push_back(std::move(s));
    } else {
      body.push_back(emit(If{compare(CompareOp::Eq, local(meta::kRangeStop), lit(0)),
                             std::move(checked), std::nullopt},
                          at));
    }
  }
  in_range_section_ = false;
  --loop_depth_;
  own_clock_loaded_ = loaded;
  body.push_back(emit(Assign{meta::kRangeCounter, add(local(meta::kRangeCounter), lit(1))}, range));
  Cond more = make_logical(LogicOp::And, counter_below_bound(),
                           compare(CompareOp::Eq, local(meta::kRangeStop), lit(0)));
  out.push_back(emit(While{std::move(more), std::move(body)}, range));
  every_cell(false, out);
  std::string what = "range check of";
  for (const elide::RangeAccess& access : coalesced.accesses)
    what += (&access == &coalesced.accesses.front() ? " " : ", ") + describe(*access.stmt);
  out[first].comments.leading.push_back(group_marker(out.size() - first, what));
}

// The instruction a group instruments, on one line: "store a + 1 x", "spawn 2".
std::string ClockPass::describe(const Stmt& s) {
  if (const auto* spawn = std::get_if<Spawn>(&s.node))
    return "spawn " + std::to_string(spawn->thread);
  Stmt bare = s;
  bare.comments = {};
  std::string text = print_stmt(bare);
  text = text.substr(0, text.find('\n'));
  if (!text.empty() && text.back() == ';') text.pop_back();
  return text;
}

Stmt ClockPass::with_comments(const Stmt& original, Stmt stmt) {
  stmt.comments = original.comments;
  return stmt;
}

int64_t ClockPass::symbol_size(const std::string& name) const {
  auto it = sizes_.find(name);
  return it == sizes_.end() ? 1 : it->second;
}

} // namespace racelang::instrument_detail
