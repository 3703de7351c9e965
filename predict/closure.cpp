// The sync-preserving closure (closure.h), the witnesses built from it, and the witness checker.
#include "predict/closure.h"

#include <algorithm>
#include <unordered_map>

#include "predict/predict.h"

namespace racelang::predict {

SpClosure::SpClosure(const TraceIndex& index, bool keep_lock_order, bool keep_reads_from)
    : index_(index), keep_lock_order_(keep_lock_order), keep_reads_from_(keep_reads_from),
      count_(index.threads(), 0), want_(index.threads(), 0),
      last_acq_(index.trace.locks.size(), -1) {}

void SpClosure::reset() {
  for (uint32_t t : touched_) count_[t] = want_[t] = 0;
  for (uint32_t m : locks_touched_) last_acq_[m] = -1;
  touched_.clear();
  locks_touched_.clear();
}

void SpClosure::add_prefix(uint32_t thread, uint32_t n) {
  if (n <= want_[thread]) return;
  if (want_[thread] == 0 && count_[thread] == 0) touched_.push_back(thread);
  want_[thread] = n;
  work_.push_back(thread);
}

void SpClosure::add_before(uint32_t e) {
  uint32_t t = index_.thread_of[e];
  add_prefix(t, index_.pos[e]);
  if (int64_t f = index_.fork_of[t]; f >= 0)
    add_prefix(index_.thread_of[f], index_.pos[static_cast<uint32_t>(f)] + 1);
  run();
}

void SpClosure::add_through(uint32_t e) {
  add_before(e);
  add_prefix(index_.thread_of[e], index_.pos[e] + 1);
  run();
}

void SpClosure::run() {
  const auto& events = index_.trace.events;
  auto add_event = [&](int64_t ev) {
    auto u = static_cast<uint32_t>(ev);
    add_prefix(index_.thread_of[u], index_.pos[u] + 1);
  };
  while (!work_.empty()) {
    uint32_t t = work_.back();
    work_.pop_back();
    while (count_[t] < want_[t]) {
      uint32_t i = index_.by_thread[t][count_[t]++];
      if (count_[t] == 1 && index_.fork_of[t] >= 0) add_event(index_.fork_of[t]);
      const Event& e = events[i];
      switch (e.op) {
      case Op::Read:
        if (keep_reads_from_ && index_.rf[i] >= 0) add_event(index_.rf[i]);
        break;
      case Op::Join:
        if (int64_t u = index_.dense_of(e.target); u >= 0)
          add_prefix(static_cast<uint32_t>(u),
                     static_cast<uint32_t>(index_.by_thread[static_cast<size_t>(u)].size()));
        break;
      case Op::Acquire: {
        if (!keep_lock_order_) break;
        int64_t& last = last_acq_[e.target];
        if (last < 0) {
          locks_touched_.push_back(e.target);
          last = i;
          break;
        }
        // Of two acquires of one lock, the earlier one's critical section must be complete.
        int64_t earlier = std::min<int64_t>(last, i);
        last = std::max<int64_t>(last, i);
        if (int64_t rel = index_.release_of[static_cast<size_t>(earlier)]; rel >= 0) add_event(rel);
        break;
      }
      default:
        break;
      }
    }
  }
}

std::vector<uint32_t> SpClosure::events() const {
  std::vector<uint32_t> out;
  for (uint32_t t : touched_)
    for (uint32_t j = 0; j < count_[t]; ++j) out.push_back(index_.by_thread[t][j]);
  std::sort(out.begin(), out.end());
  return out;
}

CriticalSections::CriticalSections(const TraceIndex& index) : begin(index.threads() + 1, 0) {
  // Thread by thread over its own events, so each thread's sections come out grouped and in
  // order: one pass over the events (after a count of the acquires, which the compiler
  // vectorises), where counting per thread first, placing in trace order and linking each
  // section to the next of its lock backwards took three.
  all.resize(static_cast<size_t>(std::count(index.op.begin(), index.op.end(), Op::Acquire)));
  // Lock -> the index in `all` of the current thread's latest section of it (kOpen: none); an
  // index before the thread's first section is an earlier thread's, so none too (no reset per
  // thread).
  std::vector<uint32_t> latest(index.trace.locks.size(), CriticalSection::kOpen);
  uint32_t n = 0;
  for (uint32_t u = 0; u < index.threads(); ++u) {
    begin[u] = n;
    const uint32_t* events = index.by_thread[u].data();
    for (uint32_t p = 0, size = static_cast<uint32_t>(index.by_thread[u].size()); p < size; ++p) {
      const uint32_t i = events[p];
      if (index.op[i] != Op::Acquire) continue;
      const int32_t rel = index.release_of[i];
      const uint32_t lock = index.target[i];
      if (const uint32_t last = latest[lock]; last != CriticalSection::kOpen && last >= begin[u])
        all[last].next_same_lock_pos = p;
      latest[lock] = n;
      all[n++] = {i,
                  rel < 0 ? CriticalSection::kOpen : static_cast<uint32_t>(rel),
                  p,
                  rel < 0 ? CriticalSection::kOpen : index.pos[static_cast<size_t>(rel)],
                  u,
                  lock,
                  CriticalSection::kOpen};
    }
  }
  begin[index.threads()] = n;
}

// One pass in trace order, keeping for every thread t the closure C_t of its events so far (and
// its fork) as a row of counts. An event adds itself and joins what it needs, each a closed set
// whose time is known already: a read its writer's (D(w) plus w: a write adds nothing else), a
// join the joined thread's final row; a fork gives the child a copy of its row. A join of closed
// sets is closed under every rule but the lock rule, which can only fail at the acquires the
// join added: each thread's critical sections are visited once per row (a cursor per row and
// thread, since rows only grow), against the latest section of each lock the row holds; the
// release the rule asks for is joined with its own time, R(r), and may add more acquires. The
// work is O(N), plus O(T) per join that adds something, plus O(1) per section and row, instead
// of every row visiting every event it holds.
ClosureTimes::ClosureTimes(const TraceIndex& index, bool keep_lock_order, bool keep_reads_from,
                           bool settle_by_any_later_section)
    : threads_(index.threads()), thread_of_(index.thread_of), pos_(index.pos), op_(index.op),
      slot_(index.op.size(), 0),
      sections_(keep_lock_order ? CriticalSections(index) : CriticalSections()) {
  const size_t threads = threads_, locks = keep_lock_order ? index.trace.locks.size() : 0;
  constexpr uint32_t kNone = UINT32_MAX;
  std::vector<uint32_t> rows(threads * threads, 0);
  // Per thread, its latest stored row (kNone: none yet) and whether its row has changed in
  // another thread's count since.
  std::vector<uint32_t> stored(threads, kNone);
  std::vector<uint8_t> changed(threads, 1); // (bytes, not bits: set on most events)
  // Per row and thread, how many of the thread's sections the row has visited; per row and
  // lock, the latest section of the lock whose acquire the row holds, with what the lock rule
  // reads of it when a later one comes (kept here: looking it up in `all` was a cache miss).
  struct Latest {
    uint32_t acquire = kNone, thread = 0, release_pos = 0, release = 0;
  };
  std::vector<uint32_t> cursor;
  std::vector<Latest> latest;
  if (keep_lock_order) {
    cursor.assign(threads * threads, 0);
    latest.assign(threads * locks, Latest{});
  }
  // The threads whose count in the current row grew, to visit: a stack of at most `threads`
  // (a thread is queued once until visited), so a fixed array and a count.
  std::vector<uint32_t> grown(threads);
  uint32_t grown_count = 0;
  std::vector<uint8_t> queued(threads, 0);
  // The pass reads and writes its fixed-size tables through plain pointers held in locals: the
  // flags are bytes, and a store of a byte may alias anything, so through the vectors the
  // compiler reloaded each table's address from memory at every event (as in TraceIndex).
  // rows_ grows, and is used as a vector.
  const Op* const op_of = index.op.data();
  const uint32_t *const thread_of = index.thread_of.data(), *const pos = index.pos.data();
  const int32_t* const reads_from = index.rf.data();
  uint32_t *const slot = slot_.data(), *const rows_of = rows.data(),
                  *const last_row = stored.data();
  uint8_t *const changed_of = changed.data(), *const queued_of = queued.data();
  uint32_t *const cursor_of = cursor.data(), *const grown_of = grown.data();
  Latest* const latest_of = latest.data();
  const CriticalSection* const all_sections = sections_.all.data();
  const uint32_t* const section_begin = sections_.begin.data();
  uint32_t t = 0; // the thread of the current event
  auto store = [&](uint32_t e, const uint32_t* row) {
    if (changed_of[t]) {
      last_row[t] = static_cast<uint32_t>(rows_.size() / threads);
      rows_.insert(rows_.end(), row, row + threads);
      changed_of[t] = false;
    }
    slot[e] = last_row[t];
  };
  auto queue = [&](uint32_t u) {
    if (keep_lock_order && !queued_of[u]) {
      queued_of[u] = true;
      grown_of[grown_count++] = u;
    }
  };
  // Raises row t's count of thread u to n, queueing u for the lock rule.
  auto raise = [&](uint32_t* row, uint32_t u, uint32_t n) {
    if (n <= row[u]) return;
    row[u] = n;
    changed_of[t] = true;
    queue(u);
  };
  // Joins the stored time of event e into row t.
  auto join = [&](uint32_t* row, uint32_t e) {
    const uint32_t* from = rows_.data() + size_t{slot[e]} * threads;
    const uint32_t own = thread_of[e], own_count = pos[e] + (op_of[e] == Op::Release);
    for (uint32_t u = 0; u < threads; ++u) raise(row, u, u == own ? own_count : from[u]);
  };
  // Closes row t under the lock rule: visits the sections of each grown thread it now holds.
  // A section whose thread's next section of the same lock the row holds too is skipped: that
  // one is visited (it is in the row) and settles both. Whichever of the two and the row's
  // latest section of the lock comes first, the rule asks for releases the row has or the
  // later visit asks for (this section's release is in the row, before the next acquire).
  auto close_locks = [&](uint32_t* row) {
    while (grown_count > 0) {
      uint32_t u = grown_of[--grown_count];
      queued_of[u] = false;
      // (the cursor in a local, written back after the walk: u is visited again, if a join
      // below raises its count, only once this walk is over)
      uint32_t& cursor_of_u = cursor_of[size_t{t} * threads + u];
      uint32_t next = cursor_of_u;
      const CriticalSection* list = all_sections + section_begin[u];
      for (const uint32_t n = section_begin[u + 1] - section_begin[u];
           next < n && list[next].acquire_pos < row[u]; ++next) {
        const CriticalSection& s = list[next];
        if (s.next_same_lock_pos != CriticalSection::kOpen &&
            (s.next_same_lock_pos < row[u] || settle_by_any_later_section))
          continue;
        Latest& last = latest_of[size_t{t} * locks + s.lock];
        // Of two acquires of a lock in the set, the earlier one's release (it exists: the lock
        // was free at the later acquire).
        Latest earlier{s.acquire, s.thread, s.release_pos, s.release};
        if (last.acquire == kNone || s.acquire > last.acquire) std::swap(earlier, last);
        if (earlier.acquire == kNone) continue;
        if (row[earlier.thread] <= earlier.release_pos) join(row, earlier.release);
      }
      cursor_of_u = next;
    }
  };
  for (uint32_t i = 0, n = static_cast<uint32_t>(index.op.size()); i < n; ++i) {
    const Op op = op_of[i];
    t = thread_of[i];
    uint32_t* row = rows_of + size_t{t} * threads;
    if (is_access(op)) store(i, row);
    row[t] = pos[i] + 1; // only an acquire of its own can break the lock rule
    if (op == Op::Acquire) queue(t);
    switch (op) {
    case Op::Read:
      if (int32_t w = reads_from[i]; keep_reads_from && w >= 0) {
        auto wi = static_cast<uint32_t>(w);
        uint32_t u = thread_of[wi];
        if (row[u] <= pos[wi]) {
          join(row, wi);
          raise(row, u, pos[wi] + 1);
        }
      }
      break;
    case Op::Join:
      if (int64_t u = index.dense_of(index.target[i]); u >= 0)
        for (uint32_t v = 0; v < threads; ++v)
          raise(row, v, rows_of[static_cast<size_t>(u) * threads + v]);
      break;
    default:
      break;
    }
    if (keep_lock_order) close_locks(row);
    if (op == Op::Release) store(i, row);
    if (int64_t c = op == Op::Fork ? index.dense_of(index.target[i]) : -1; c >= 0) {
      // The child starts from its parent's closed row, with what the row has visited.
      auto child = static_cast<size_t>(c);
      std::copy(row, row + threads, rows_of + child * threads);
      changed_of[child] = true;
      if (keep_lock_order) {
        std::copy_n(cursor.begin() + t * threads, threads, cursor.begin() + child * threads);
        std::copy_n(latest.begin() + t * locks, locks, latest.begin() + child * locks);
      }
    }
  }
}

std::optional<std::vector<uint32_t>>
sync_preserving_witness(const Trace& trace, uint32_t first, uint32_t second, bool keep_lock_order) {
  TraceIndex index(trace);
  SpClosure closure(index, keep_lock_order);
  closure.add_before(first);
  closure.add_before(second);
  if (closure.contains(first) || closure.contains(second)) return std::nullopt;
  std::vector<uint32_t> out = closure.events();
  out.push_back(first);
  out.push_back(second);
  return out;
}

std::optional<std::string> check_witness(const Trace& trace, const std::vector<uint32_t>& order,
                                         bool by_value) {
  return check_witness(TraceIndex(trace), order, by_value);
}

std::optional<std::string> check_witness(const TraceIndex& index,
                                         const std::vector<uint32_t>& order, bool by_value) {
  const Trace& trace = index.trace;
  const auto& events = trace.events;
  if (order.size() < 2) return "a witness ends with two accesses";
  std::vector<uint32_t> next(index.threads(), 0);
  std::unordered_map<uint32_t, uint32_t> holder;    // lock -> dense thread
  std::unordered_map<uint32_t, int64_t> last_write; // location -> event
  // by_value: whether each read so far read its observed value from a write that wrote its
  // observed value, and whether each thread's reads so far all did.
  std::unordered_map<uint32_t, bool> read_ok;
  std::vector<bool> thread_ok(index.threads(), true);
  std::unordered_map<uint32_t, bool> write_ok; // the write's thread was ok when it wrote
  auto at = [](size_t k, const std::string& what) {
    return "witness step " + std::to_string(k + 1) + ": " + what;
  };
  for (size_t k = 0; k < order.size(); ++k) {
    uint32_t i = order[k];
    if (i >= events.size()) return at(k, "no such event");
    uint32_t t = index.thread_of[i];
    if (index.pos[i] != next[t]) return at(k, "not the next event of its thread");
    ++next[t];
    if (int64_t f = index.fork_of[t]; f >= 0) {
      uint32_t ft = index.thread_of[static_cast<uint32_t>(f)];
      if (next[ft] <= index.pos[static_cast<uint32_t>(f)]) return at(k, "before its fork");
    }
    bool last_two = k + 2 >= order.size();
    const Event& e = events[i];
    switch (e.op) {
    case Op::Acquire:
      if (holder.count(e.target)) return at(k, "acquires a held lock");
      holder[e.target] = t;
      break;
    case Op::Release:
      if (!holder.count(e.target) || holder[e.target] != t)
        return at(k, "releases a lock it does not hold");
      holder.erase(e.target);
      break;
    case Op::Join:
      if (int64_t u = index.dense_of(e.target);
          u >= 0 && next[static_cast<size_t>(u)] < index.by_thread[static_cast<size_t>(u)].size())
        return at(k, "joins a thread that has not finished");
      break;
    case Op::Write:
      last_write[e.target] = i;
      write_ok[i] = thread_ok[t];
      break;
    case Op::Branch:
      if (by_value)
        for (uint32_t d : e.deps)
          if (!read_ok[d]) return at(k, "a branch depends on a read that saw another value");
      break;
    case Op::Read: {
      if (last_two) break;
      if (by_value) {
        auto it = last_write.find(e.target);
        bool ok = it == last_write.end()
                      ? e.value == 0
                      : write_ok[static_cast<uint32_t>(it->second)] &&
                            events[static_cast<size_t>(it->second)].value == e.value;
        read_ok[i] = ok;
        thread_ok[t] = thread_ok[t] && ok;
        break;
      }
      auto it = last_write.find(e.target);
      int64_t seen = it == last_write.end() ? -1 : it->second;
      if (seen != index.rf[i]) return at(k, "reads from another write than in the trace");
      break;
    }
    default:
      break;
    }
  }
  uint32_t a = order[order.size() - 2], b = order.back();
  if (!conflicting(events[a], events[b])) return "the witness does not end with a conflict";
  return std::nullopt;
}

std::vector<int64_t> witness_schedule(const Trace& trace, const std::vector<uint32_t>& order) {
  std::vector<int64_t> out;
  for (uint32_t i : order)
    if (is_step(trace.events[i].op)) out.push_back(trace.events[i].thread);
  return out;
}

} // namespace racelang::predict
