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

ClosureTimes::ClosureTimes(const TraceIndex& index, bool keep_lock_order, bool keep_reads_from)
    : threads_(index.threads()), slot_(index.trace.events.size(), 0) {
  const auto& events = index.trace.events;
  SpClosure closure(index, keep_lock_order, keep_reads_from);
  size_t stored = 0;
  for (const Event& e : events) stored += is_access(e.op) || e.op == Op::Release;
  times_.reserve(stored * threads_);
  auto store = [&](uint32_t e) {
    slot_[e] = static_cast<uint32_t>(times_.size() / threads_);
    times_.insert(times_.end(), closure.counts().begin(), closure.counts().end());
  };
  for (uint32_t t = 0; t < threads_; ++t) {
    closure.reset();
    for (uint32_t e : index.by_thread[t]) {
      if (is_access(events[e].op)) {
        closure.add_before(e);
        store(e);
      } else if (events[e].op == Op::Release) {
        closure.add_through(e);
        store(e);
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
