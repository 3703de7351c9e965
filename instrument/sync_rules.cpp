// The clock-based passes' rules for the synchronisation beyond locks (docs/language.md,
// "Volatiles, conditions, barriers"), with the happens-before rules of the FastTrack paper's
// §4 "Extensions" exactly as detect/'s SyncClocks applies them to the labelled semantics, so
// that Theorem 5 holds against both reference detectors:
//   volatile read     the load, then C[t] := C[t] ⊔ V[v]                       (vrd)
//   volatile write    V[v] := V[v] ⊔ C[t]; inc(t, C[t]); the store             (vwr)
//   cas               the cas, then vrd, and vwr only when it wrote (r = expected)
//   fetch_add         the fetch_add, then vrd and vwr
//   wait(c, m)        unlock's rule, the wait (release and park, then re-acquire), lock's rule
//   notify, assume    nothing: a notify adds no edge, an assumption touches no shared state
//   await b           arrival: B[b][p] ⊔= C[t] into the buffer p of the current phase (reset by
//                     the phase's first arrival; the filling arrival switches the phase to the
//                     other buffer); the await; departure: C[t] := inc_t(C[t] ⊔ B[b][p])
// Each is one group with its operation (one step of the bigger-step semantics) and runs under
// a lock of its own metadata: VX[v] around a volatile's value and V[v] (so no other access of v
// comes between the value and its clock), BX[b] around B[b] and its counters. A barrier needs
// two buffers: once a phase fills, a fast thread can arrive for the next phase before a slow
// one of this phase has departed (read the buffer); docs/instrumentation.md ("Barriers") argues
// that two suffice when no more threads await a barrier than its count, which
// find_uninstrumentable_sync (instrument.h) makes the passes' precondition.
#include "instrument/clock_pass.h"

namespace racelang::instrument_detail {

bool ClockPass::is_volatile(const std::string& name) const {
  auto it = symbols_.find(name);
  return it != symbols_.end() && it->second->kind == SymbolKind::Volatile;
}

Expr ClockPass::own_clock_index(int64_t t, const Entry& v) const {
  if (v.known) return lit(t * z() + *v.known);
  return t == 0 ? v.expr() : add(lit(t * z()), v.expr());
}

void ClockPass::acquire_lock(const Resolved& m, int64_t t, SourceRange range, Block& out) {
  // C[t] := L[m] ⊔ C[t]
  merge(
      meta::kLockClock, [&](const Entry& v) { return m.meta_index(z(), v); },
      [&](const Entry& v) { return own_clock_index(t, v); }, range, out);
  reload_own_clock(t, range, out);
}

void ClockPass::release_lock(const Resolved& m, int64_t t, SourceRange range, Block& out) {
  // L[m] := C[t] (set), or RoadRunner's L[m] := L[m] ⊔ C[t].
  for_each_entry(range, out, [&](const Entry& v, Block& body) {
    body.push_back(emit(Load{meta::kTemp1, clock_entry(t, v)}, range));
    if (sync_.release_joins_lock) {
      body.push_back(emit(Load{meta::kTemp2, cell(meta::kLockClock, m.meta_index(z(), v))}, range));
      body.push_back(emit(Assign{meta::kTemp1, make_binary(BinaryOp::Max, local(meta::kTemp1),
                                                           local(meta::kTemp2))},
                          range));
    }
    body.push_back(
        emit(Store{local(meta::kTemp1), cell(meta::kLockClock, m.meta_index(z(), v))}, range));
  });
  if (sync_.increment_on_release) increment(t, range, out);
  reload_own_clock(t, range, out);
}

void ClockPass::volatile_read_clock(const Resolved& v, int64_t t, SourceRange range, Block& out) {
  // vrd: C[t] := C[t] ⊔ V[v]
  merge(
      meta::kVolatileClock, [&](const Entry& e) { return v.meta_index(z(), e); },
      [&](const Entry& e) { return own_clock_index(t, e); }, range, out);
}

void ClockPass::volatile_write_clock(const Resolved& v, int64_t t, SourceRange range, Block& out) {
  // vwr: V[v] := V[v] ⊔ C[t]; inc(t, C[t])
  if (sync_.volatile_write_adds_edge)
    merge_into(
        meta::kClock, [&](const Entry& e) { return own_clock_index(t, e); }, meta::kVolatileClock,
        [&](const Entry& e) { return v.meta_index(z(), e); }, range, out);
  increment(t, range, out);
}

void ClockPass::volatile_access(const Location& loc, Stmt original, bool is_load, int64_t t,
                                SourceRange range, Block& out) {
  Resolved v = resolve(loc);
  evaluate_index(v, range, out);
  guard_index(v, symbol_size(loc.name), original, out);
  Location guard = cell(meta::kVolatileLock, v.dense_index());
  out.push_back(emit(LockStmt{guard}, range));
  if (is_load) {
    out.push_back(std::move(original));
    volatile_read_clock(v, t, range, out);
  } else {
    volatile_write_clock(v, t, range, out);
    out.push_back(std::move(original));
  }
  out.push_back(emit(UnlockStmt{guard}, range));
  reload_own_clock(t, range, out);
}

void ClockPass::atomic_update(const Sync& sync, int64_t t, SourceRange range, Block& out) {
  const auto* cas = std::get_if<Cas>(&sync.op);
  const auto* fetch_add = std::get_if<FetchAdd>(&sync.op);
  const Location& loc = cas ? cas->loc : fetch_add->loc;
  Resolved v = resolve(loc);
  Sync resolved = sync;
  if (cas) std::get<Cas>(resolved.op).loc = v.access;
  if (fetch_add) std::get<FetchAdd>(resolved.op).loc = v.access;
  Stmt original = emit(std::move(resolved), range);
  evaluate_index(v, range, out);
  guard_index(v, symbol_size(loc.name), original, out);
  // Whether a cas wrote is whether it read the expected value: evaluated before it runs, since
  // the cas may assign a local the expression reads.
  if (cas) out.push_back(emit(Assign{meta::kExpected, cas->expected}, range));
  Location guard = cell(meta::kVolatileLock, v.dense_index());
  out.push_back(emit(LockStmt{guard}, range));
  out.push_back(std::move(original));
  volatile_read_clock(v, t, range, out);
  Block write;
  volatile_write_clock(v, t, range, write);
  if (cas) {
    out.push_back(emit(If{compare(CompareOp::Eq, local(cas->local.c_str()), local(meta::kExpected)),
                          std::move(write), std::nullopt},
                       range));
  } else {
    for (Stmt& w : write) out.push_back(std::move(w));
  }
  out.push_back(emit(UnlockStmt{guard}, range));
  reload_own_clock(t, range, out);
}

// The broken notify-releases variant's metadata of condition c: its dense index (c's own index
// expression: the wait or notify has just evaluated it, and locals have not changed since), the
// lock KX[c] around K[c], and K[c][v]'s index.
static Expr condition_dense_index(int64_t base, const Location& c) {
  return c.index ? add(*c.index, lit(base)) : lit(base);
}

static Location condition_guard(int64_t base, const Location& c) {
  return cell(meta::kConditionLock, condition_dense_index(base, c));
}

static Expr condition_clock_index(int64_t base, const Location& c, int64_t z, Expr entry) {
  return add(mul(condition_dense_index(base, c), lit(z)), std::move(entry));
}

void ClockPass::condition_wait(const CondWait& wait, int64_t t, SourceRange range, Block& out) {
  Resolved m = resolve(wait.mutex);
  Stmt original = emit(Sync{CondWait{wait.cond, m.access}}, range);
  evaluate_index(m, range, out);
  guard_index(m, symbol_size(wait.mutex.name), original, out);
  // For happens-before, wait(c, m) is unlock m, then (after the wake-up) lock m. In the
  // bigger-step semantics the group's step ends where the wait parks, and the thread's next
  // step, once woken, starts with the re-acquisition of m (which may block there).
  release_lock(m, t, range, out);
  out.push_back(std::move(original));
  if (sync_.notify_releases) {
    int64_t base = dense_base_.at(wait.cond.name);
    Location guard = condition_guard(base, wait.cond);
    out.push_back(emit(LockStmt{guard}, range));
    merge(
        meta::kConditionClock,
        [&](const Entry& e) { return condition_clock_index(base, wait.cond, z(), e.expr()); },
        [&](const Entry& e) { return own_clock_index(t, e); }, range, out);
    out.push_back(emit(UnlockStmt{guard}, range));
  }
  acquire_lock(m, t, range, out);
}

void ClockPass::notify(const Stmt& s, const Notify& notify, int64_t t, SourceRange range,
                       Block& out) {
  if (!sync_.notify_releases) {
    out.push_back(with_comments(s, emit(Sync{notify}, range)));
    return;
  }
  // The broken variant: K[c] := K[c] ⊔ C[t]; inc(t, C[t]), as if notify were a release.
  int64_t base = dense_base_.at(notify.cond.name);
  Location guard = condition_guard(base, notify.cond);
  out.push_back(emit(LockStmt{guard}, range));
  merge_into(
      meta::kClock, [&](const Entry& e) { return own_clock_index(t, e); }, meta::kConditionClock,
      [&](const Entry& e) { return condition_clock_index(base, notify.cond, z(), e.expr()); },
      range, out);
  out.push_back(emit(UnlockStmt{guard}, range));
  increment(t, range, out);
  reload_own_clock(t, range, out);
  out.push_back(emit(Sync{notify}, range));
}

void ClockPass::barrier_await(const Await& await, int64_t t, SourceRange range, Block& out) {
  const int64_t count = symbols_.at(await.barrier.name)->barrier_count;
  Resolved b = resolve(await.barrier);
  Stmt original = emit(Sync{Await{b.access}}, range);
  evaluate_index(b, range, out);
  guard_index(b, symbol_size(await.barrier.name), original, out);
  // B[b][__p][v] at ((b * 2) + __p) * z + v.
  auto buffer_entry = [&](const Entry& v) {
    Expr row = b.index ? add(mul(b.dense_index(), lit(2)), local(meta::kPhaseBuffer))
                       : add(lit(2 * b.base), local(meta::kPhaseBuffer));
    return add(mul(std::move(row), lit(z())), v.expr());
  };
  auto own = [&](const Entry& e) { return own_clock_index(t, e); };
  Location guard = cell(meta::kBarrierLock, b.dense_index());
  Location arrived = cell(meta::kBarrierArrived, b.dense_index());
  Location phase = cell(meta::kBarrierBuffer, b.dense_index());
  // Arrival: into the current phase's buffer, which its first arrival empties.
  out.push_back(emit(LockStmt{guard}, range));
  out.push_back(emit(Load{meta::kPhaseBuffer, phase}, range));
  out.push_back(emit(Load{meta::kTemp1, arrived}, range));
  Block reset;
  for_each_entry(range, reset, [&](const Entry& v, Block& body) {
    body.push_back(emit(Store{lit(0), cell(meta::kBarrierClock, buffer_entry(v))}, range));
  });
  out.push_back(
      emit(If{compare(CompareOp::Eq, local(meta::kTemp1), lit(0)), std::move(reset), std::nullopt},
           range));
  merge_into(meta::kClock, own, meta::kBarrierClock, buffer_entry, range, out);
  // Count the arrival; the one that fills the phase starts the next one in the other buffer.
  out.push_back(emit(Load{meta::kTemp1, arrived}, range));
  out.push_back(emit(Assign{meta::kTemp1, add(local(meta::kTemp1), lit(1))}, range));
  Block filled;
  filled.push_back(emit(Assign{meta::kTemp1, lit(0)}, range));
  if (sync_.barrier_two_buffers)
    filled.push_back(
        emit(Store{make_binary(BinaryOp::Sub, lit(1), local(meta::kPhaseBuffer)), phase}, range));
  out.push_back(emit(
      If{compare(CompareOp::Eq, local(meta::kTemp1), lit(count)), std::move(filled), std::nullopt},
      range));
  out.push_back(emit(Store{local(meta::kTemp1), arrived}, range));
  out.push_back(emit(UnlockStmt{guard}, range));
  // The bigger-step semantics ends the group's step where the await parks; the departure is
  // then the woken thread's next step (the filling arrival departs in its own step).
  out.push_back(std::move(original));
  // Departure: C[t] := inc_t(C[t] ⊔ B[b][__p]).
  out.push_back(emit(LockStmt{guard}, range));
  merge(meta::kBarrierClock, buffer_entry, own, range, out);
  increment(t, range, out);
  out.push_back(emit(UnlockStmt{guard}, range));
  reload_own_clock(t, range, out);
}

void ClockPass::sync_statement(const Stmt& s, const Sync& sync, int64_t t, SourceRange range,
                               Block& out) {
  std::visit(Overloaded{
                 [&](const Cas&) { atomic_update(sync, t, range, out); },
                 [&](const FetchAdd&) { atomic_update(sync, t, range, out); },
                 [&](const CondWait& w) { condition_wait(w, t, range, out); },
                 [&](const Notify& n) { notify(s, n, t, range, out); },
                 [&](const Await& a) { barrier_await(a, t, range, out); },
                 // No shared state: the statement alone.
                 [&](const Assume&) { out.push_back(with_comments(s, emit(sync, range))); },
             },
             sync.op);
}

} // namespace racelang::instrument_detail
