// Sync-preserving races (POPL'21, Optimal Prediction of Synchronization-Preserving Races) in
// near-linear time. A conflicting pair e1 < e2 is one exactly when e1 is not in the
// sync-preserving closure C(e1, e2) of their predecessors (closure.h; e2 never is: everything
// the closure holds comes before e2 in the trace). The paper's full algorithm text was not
// available to the project (only its abstract and definitions), so this algorithm is derived
// from the definition, with the ingredients the paper names, vector times and per-lock queues of
// critical sections:
//
// 1. Vector times. A closed set is downward closed per thread, so it is a vector of counts. The
//    closure of one event's predecessors, D(e), grows along its thread, so one incremental
//    closure per thread computes D(e) for every access e and the closure through every release,
//    R(r) = C(pred(r) + r): O(N) closure work per thread.
// 2. The pair's closure. TO, fork/join and reads-from closures are unions of their parts; only
//    the lock rule is not. So C(e1, e2) is D(e1) join D(e2), closed again under the lock rule
//    alone: per lock, of the acquires in the set (a prefix of each thread's queue of critical
//    sections), every one but the latest in trace order needs its release; joining R(release)
//    adds it with everything it needs. Repeated until nothing changes. Only some locks can
//    break the rule: two closed sets joined break it only for a lock with an acquire on each
//    side of their difference, and a closed set joined to a set closed for every lock but a
//    few only for those and the locks of the acquires the join adds (per-thread lists of
//    acquires find them). So a pair checks the locks it touches, not every lock.
// 3. Which pairs. C(e1, e2) only grows as e2 moves later in its thread, so once e1 is in it, it
//    stays: e1's races with a thread are a prefix of that thread's later conflicting accesses,
//    and the scan stops at the first that is not a race. The checks are the races reported plus
//    at most one per access and thread. A read's candidates are the other thread's writes only
//    (access_table.h), found by a cursor per list since e1 only grows.
// 4. Most checks end in O(1): e1 already in D(e2) (ordered), or both accesses in critical
//    sections of one lock (the closure then holds both acquires, so the earlier one's release,
//    which follows e1 or e2 in its thread). Only the rest join the two closures.
//
// The cost is O(N·T) for the vector times plus, per check, O(T · log N) per lock the fixpoint
// touches (none when neither closure holds an acquire the other lacks). The quadratic closure per
// pair (sync_preserving_witness) is the tests' oracle.
#include <algorithm>

#include "predict/access_table.h"
#include "predict/analyses.h"
#include "predict/closure.h"
#include "predict/held_locks.h"

namespace racelang::predict {

namespace {
constexpr uint32_t kNone = UINT32_MAX;

// One critical section in its thread's queue for its lock.
struct Section {
  uint32_t acquire_pos; // position of the acquire in its thread
  uint32_t release_pos; // position of the release, kNone if the trace ends inside it
  uint32_t acquire;     // event index of the acquire (the lock rule compares trace order)
  uint32_t release;     // event index of the release, kNone if open
};

class SyncP {
public:
  SyncP(const TraceIndex& index, bool keep_lock_order, bool close_pairs)
      : index_(index), threads_(index.threads()), close_pairs_(close_pairs && keep_lock_order),
        times_(index, keep_lock_order), held_(index) {
    build_sections();
  }

  // Whether (e1, e2), e1 < e2 conflicting, is a sync-preserving race.
  bool race(uint32_t e1, uint32_t e2) {
    uint32_t t1 = index_.thread_of[e1], t2 = index_.thread_of[e2];
    const uint32_t* a = times_.at(e1);
    const uint32_t* b = times_.at(e2);
    // Most pairs are ordered already: e1 in D(e2) (or e2 in D(e1), impossible for e1 < e2).
    if (b[t1] > index_.pos[e1] || a[t2] > index_.pos[e2]) return false;
    // Both in critical sections of one lock: the closure holds both acquires, so the earlier
    // one's release, which comes after e1 or e2 in its thread.
    if (close_pairs_ && held_.share(e1, e2)) return false;
    v_.assign(b, b + threads_);
    if (close_pairs_) {
      // D(e1) and D(e2) are closed each, so the lock rule can only fail for a lock with an
      // acquire in D(e1) \ D(e2) and one in D(e2) \ D(e1): the locks of the side with fewer
      // acquires are the only ones to check.
      size_t in_a = 0, in_b = 0;
      for (uint32_t u = 0; u < threads_; ++u) {
        in_a += acquires_between(u, b[u], a[u]);
        in_b += acquires_between(u, a[u], b[u]);
      }
      for (uint32_t u = 0; u < threads_; ++u)
        in_a <= in_b ? mark_locks(u, b[u], a[u]) : mark_locks(u, a[u], b[u]);
    }
    for (size_t u = 0; u < threads_; ++u) v_[u] = std::max(v_[u], a[u]);
    if (close_pairs_) close_under_locks(t1, index_.pos[e1]);
    return v_[t1] <= index_.pos[e1] && v_[t2] <= index_.pos[e2];
  }

private:
  void build_sections() {
    const auto& events = index_.trace.events;
    sections_.resize(index_.trace.locks.size() * threads_);
    acquires_.resize(threads_);
    dirty_.assign(index_.trace.locks.size(), false);
    std::vector<bool> seen(index_.trace.locks.size(), false);
    for (uint32_t i = 0; i < events.size(); ++i) {
      if (events[i].op != Op::Acquire) continue;
      if (!seen[events[i].target]) locks_.push_back(events[i].target);
      seen[events[i].target] = true;
      int64_t rel = index_.release_of[i];
      sections_at(events[i].target, index_.thread_of[i])
          .push_back({index_.pos[i], rel < 0 ? kNone : index_.pos[static_cast<size_t>(rel)], i,
                      rel < 0 ? kNone : static_cast<uint32_t>(rel)});
      acquires_[index_.thread_of[i]].push_back({index_.pos[i], events[i].target});
    }
  }
  std::vector<Section>& sections_at(uint32_t lock, uint32_t thread) {
    return sections_[size_t{lock} * threads_ + thread];
  }

  // Thread u's acquires at positions [from, to), as a range of acquires_[u].
  std::pair<size_t, size_t> acquire_range(uint32_t u, uint32_t from, uint32_t to) const {
    if (from >= to) return {0, 0};
    const auto& list = acquires_[u];
    auto pos_less = [](const ThreadAcquire& x, uint32_t p) { return x.pos < p; };
    auto lo = std::lower_bound(list.begin(), list.end(), from, pos_less);
    auto hi = std::lower_bound(lo, list.end(), to, pos_less);
    return {static_cast<size_t>(lo - list.begin()), static_cast<size_t>(hi - list.begin())};
  }
  size_t acquires_between(uint32_t u, uint32_t from, uint32_t to) const {
    auto [lo, hi] = acquire_range(u, from, to);
    return hi - lo;
  }
  // Marks the locks of thread u's acquires at positions [from, to) as needing a check. Once
  // every lock is marked, further marks are free.
  void mark_locks(uint32_t u, uint32_t from, uint32_t to) {
    if (pending_.size() == locks_.size()) return;
    auto [lo, hi] = acquire_range(u, from, to);
    for (size_t k = lo; k < hi && pending_.size() < locks_.size(); ++k) {
      uint32_t lock = acquires_[u][k].lock;
      if (!dirty_[lock]) {
        dirty_[lock] = true;
        pending_.push_back(lock);
      }
    }
  }

  // Closes v_ under the lock rule, stopping early once v_ holds event `pos` of thread t1 (the pair
  // is decided then: the closure only grows). v_ is closed but for the locks in pending_: a join
  // of closed sets can only break the rule for a lock with a newly added acquire, so each join
  // marks the locks of the acquires it adds, and only marked locks are checked.
  void close_under_locks(uint32_t t1, uint32_t pos) {
    while (!pending_.empty() && v_[t1] <= pos) {
      uint32_t lock = pending_.back();
      pending_.pop_back();
      dirty_[lock] = false;
      // Per thread, the last of its critical sections whose acquire the set holds.
      int64_t latest = -1;
      uint32_t latest_thread = 0;
      last_.assign(threads_, kNone);
      for (uint32_t u = 0; u < threads_; ++u) {
        const auto& queue = sections_at(lock, u);
        auto it = std::lower_bound(
            queue.begin(), queue.end(), v_[u],
            [](const Section& s, uint32_t count) { return s.acquire_pos < count; });
        if (it == queue.begin()) continue;
        auto k = static_cast<uint32_t>(it - queue.begin() - 1);
        last_[u] = k;
        if (static_cast<int64_t>(queue[k].acquire) > latest) {
          latest = queue[k].acquire;
          latest_thread = u;
        }
      }
      for (uint32_t u = 0; u < threads_; ++u) {
        if (last_[u] == kNone || u == latest_thread) continue;
        const Section& s = sections_at(lock, u)[last_[u]];
        // An open section is the last acquire of its lock in the trace: it is `latest`.
        if (s.release_pos == kNone || v_[u] > s.release_pos) continue;
        const uint32_t* r = times_.at(s.release);
        for (uint32_t w = 0; w < threads_; ++w)
          if (r[w] > v_[w]) {
            mark_locks(w, v_[w], r[w]);
            v_[w] = r[w];
          }
      }
    }
    for (uint32_t lock : pending_) dirty_[lock] = false;
    pending_.clear();
  }

  const TraceIndex& index_;
  size_t threads_;
  bool close_pairs_;
  ClosureTimes times_;                         // D(e) of every access, R(r) of every release
  HeldLocks held_;                             // the locks held at each access
  std::vector<std::vector<Section>> sections_; // lock * threads + thread -> its sections
  std::vector<uint32_t> locks_;                // locks with at least one section
  struct ThreadAcquire {
    uint32_t pos; // position in its thread
    uint32_t lock;
  };
  std::vector<std::vector<ThreadAcquire>> acquires_; // dense thread -> its acquires in order
  std::vector<uint32_t> v_, last_;                   // scratch for one pair
  std::vector<uint32_t> pending_;                    // locks the closure must still check
  std::vector<bool> dirty_;                          // lock -> in pending_
};

} // namespace

void syncp_races(const TraceIndex& index, const PredictOptions& options, PredictResult& out) {
  const auto& events = index.trace.events;
  SyncP syncp(index, !options.syncp_reorders_critical_sections,
              !options.syncp_without_pair_lock_closure);
  AccessTable table(index);
  std::vector<uint32_t> cursor(table.slots(), 0);
  const size_t threads = index.threads();
  uint64_t pairs = 0;
  for (uint32_t e1 = 0; e1 < events.size(); ++e1) {
    if (!is_access(events[e1].op)) continue;
    for (uint32_t u = 0; u < threads; ++u) {
      if (u == index.thread_of[e1]) continue;
      auto later = table.conflicting_with(events[e1], u);
      // e1 only grows: a cursor per list finds its first later access in amortised O(1).
      uint32_t& next = cursor[table.slot(events[e1], u)];
      while (next < later.size() && later[next] < e1) ++next;
      for (auto it = later.begin() + next; it != later.end(); ++it) {
        if (!may_check_pair(options, ++pairs, out)) break;
        if (!syncp.race(e1, *it)) break; // e1's races with thread u are a prefix (see above)
        out.races.push_back({e1, *it, Analysis::SyncP, {}});
      }
      if (out.truncated) break;
    }
    if (out.truncated) break;
  }
  std::sort(out.races.begin(), out.races.end(), [](const PredictedRace& a, const PredictedRace& b) {
    return std::pair(a.second, a.first) < std::pair(b.second, b.first);
  });
}

} // namespace racelang::predict
