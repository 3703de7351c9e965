// M2 (POPL'20, Fast, Sound and Effectively Complete Dynamic Race Prediction), decision
// procedure per pair. For a conflicting pair (e1, e2) of threads t1, t2:
//  1. The cone X: the thread predecessors of e1 and e2 closed under forks, joins and
//     reads-from, plus the release of every critical section in X that a witness must close
//     (every open one but those e1 and e2 sit in: at most one section of a lock can be open when
//     both are enabled); if e1 or e2 falls in X, or both sit in sections of one lock, no race.
//  2. The partial order P over X: thread order, fork/join, reads-from, closed under the paper's
//     rules (Figure 3): observation closure (another write w' to a read r's location goes before
//     r's writer if it precedes r, after r if it follows the writer; before r... never between)
//     and lock closure (of two critical sections of one lock, if the first's acquire precedes
//     the second's release, the first's release precedes the second's acquire; an open section
//     comes after every other). A cycle: no race.
//  3. For a chosen thread among t1, t2, conflicting pairs of the other threads still unordered
//     are ordered as in the trace, closing again after each (the paper's Algorithm 5); with two
//     threads there are none, which is why M2 is complete for two threads.
//  4. The max-min linearisation (the paper's Algorithm 1): the chosen thread runs as far as P
//     allows, the others only as far as needed to let it go on, then e1, e2.
// The witness is then checked (check_witness) like every other. Unlike the paper's incremental
// reachability structure, the order is recomputed in full after each round of new edges, so a
// pair costs O(|X|^2) per round: fine for the traces the tests and small programs give, not for
// long traces. Dynamic completeness (the paper's §5): a rejection is *certain* when it happened
// before step 3 (only forced orderings were used); if every rejection of a trace is certain,
// M2's reports are exactly the predictable races, whatever the number of threads.
// Most pairs of a long trace never get that far: candidates are found per location, and a pair
// whose events hold a common lock, or one of which is in the other's closure under thread
// order, fork/join and reads-from (vector times, ClosureTimes), is rejected in O(T) — the same
// certain rejection step 1 would make.
#include <algorithm>
#include <chrono>
#include <optional>

#include "predict/analyses.h"
#include "predict/closure.h"

namespace racelang::predict {
namespace {

class M2Pair {
public:
  M2Pair(const TraceIndex& index, const PredictOptions& options, uint32_t e1, uint32_t e2)
      : ix_(index), opt_(options), e1_(e1), e2_(e2), n_(index.threads()) {}

  // The witness, or nothing; `certain` tells whether a rejection used forced orderings only.
  std::optional<std::vector<uint32_t>> decide(bool& certain) {
    certain = true;
    if (!build_cone()) return std::nullopt;
    base_edges();
    if (!close()) return std::nullopt;
    const auto saved = edges_;
    for (uint32_t chosen : {ix_.thread_of[e1_], ix_.thread_of[e2_]}) {
      edges_ = saved;
      if (!close()) return std::nullopt;
      if (!order_other_conflicts(chosen)) {
        certain = false;
        continue;
      }
      std::vector<uint32_t> w = linearize(chosen);
      w.push_back(e1_);
      w.push_back(e2_);
      if (!check_witness(ix_.trace, w)) return w;
      certain = false; // a linearisation that fails the check: not a proof of no race
    }
    return std::nullopt;
  }

private:
  const Event& ev(uint32_t i) const { return ix_.trace.events[i]; }

  // Step 1. in_[i]: event i is in X.
  bool build_cone() {
    in_.assign(ix_.trace.events.size(), false);
    count_.assign(n_, 0);
    auto add_prefix = [&](uint32_t t, uint32_t k, std::vector<uint32_t>& work) {
      while (count_[t] < k) {
        uint32_t i = ix_.by_thread[t][count_[t]++];
        in_[i] = true;
        work.push_back(i);
      }
    };
    auto need_thread_start = [&](uint32_t t, std::vector<uint32_t>& work) {
      if (int64_t f = ix_.fork_of[t]; f >= 0)
        add_prefix(ix_.thread_of[static_cast<uint32_t>(f)], ix_.pos[static_cast<uint32_t>(f)] + 1,
                   work);
    };
    std::vector<uint32_t> work;
    for (uint32_t e : {e1_, e2_}) {
      add_prefix(ix_.thread_of[e], ix_.pos[e], work);
      need_thread_start(ix_.thread_of[e], work);
    }
    for (;;) {
      while (!work.empty()) {
        uint32_t i = work.back();
        work.pop_back();
        uint32_t t = ix_.thread_of[i];
        if (ix_.pos[i] == 0) need_thread_start(t, work);
        if (ev(i).op == Op::Read && ix_.rf[i] >= 0) {
          auto w = static_cast<uint32_t>(ix_.rf[i]);
          add_prefix(ix_.thread_of[w], ix_.pos[w] + 1, work);
        }
        if (ev(i).op == Op::Join)
          if (int64_t u = ix_.dense_of(ev(i).target); u >= 0)
            add_prefix(static_cast<uint32_t>(u),
                       static_cast<uint32_t>(ix_.by_thread[static_cast<size_t>(u)].size()), work);
      }
      // Sections a witness must close: every open one outside the sections e1, e2 sit in.
      bool added = false;
      for (uint32_t i = 0; i < in_.size(); ++i) {
        if (!in_[i] || ev(i).op != Op::Acquire) continue;
        int64_t rel = ix_.release_of[i];
        if (rel >= 0 && in_[static_cast<size_t>(rel)]) continue;
        uint32_t t = ix_.thread_of[i];
        bool held_at_race = (t == ix_.thread_of[e1_] && (rel < 0 || rel > e1_)) ||
                            (t == ix_.thread_of[e2_] && (rel < 0 || rel > e2_));
        if (held_at_race) continue;
        if (rel < 0) return false; // never released: nothing after it can take the lock
        auto r = static_cast<uint32_t>(rel);
        add_prefix(ix_.thread_of[r], ix_.pos[r] + 1, work);
        added = true;
      }
      if (!added) break;
    }
    if (in_[e1_] || in_[e2_]) return false;
    // Both racing events inside sections of one lock: never both enabled.
    for (uint32_t i = 0; i < in_.size(); ++i) {
      if (!in_[i] || ev(i).op != Op::Acquire) continue;
      int64_t rel = ix_.release_of[i];
      if (rel >= 0 && in_[static_cast<size_t>(rel)]) continue;
      open_.push_back(i);
    }
    for (size_t a = 0; a < open_.size(); ++a)
      for (size_t b = a + 1; b < open_.size(); ++b)
        if (ev(open_[a]).target == ev(open_[b]).target) return false;
    for (uint32_t i = 0; i < in_.size(); ++i)
      if (in_[i]) members_.push_back(i);
    return true;
  }

  // Step 2's starting order: thread order is implicit; fork, join and reads-from edges.
  void base_edges() {
    for (uint32_t i : members_) {
      const Event& e = ev(i);
      if (e.op == Op::Read && ix_.rf[i] >= 0)
        edges_.push_back({static_cast<uint32_t>(ix_.rf[i]), i});
      if (e.op == Op::Fork)
        if (int64_t u = ix_.dense_of(e.target); u >= 0 && count_[static_cast<size_t>(u)] > 0)
          edges_.push_back({i, ix_.by_thread[static_cast<size_t>(u)][0]});
      if (e.op == Op::Join)
        if (int64_t u = ix_.dense_of(e.target); u >= 0 && count_[static_cast<size_t>(u)] > 0)
          edges_.push_back(
              {ix_.by_thread[static_cast<size_t>(u)][count_[static_cast<size_t>(u)] - 1], i});
    }
  }

  // Recomputes reach_: reach_[i][t] = the number of thread t's events at or before i in P
  // (0: none). False on a cycle.
  bool order() {
    const size_t m = ix_.trace.events.size();
    std::vector<std::vector<uint32_t>> succ(m);
    std::vector<uint32_t> indeg(m, 0);
    for (auto [a, b] : edges_) {
      succ[a].push_back(b);
      ++indeg[b];
    }
    for (uint32_t i : members_)
      if (ix_.pos[i] + 1 < count_[ix_.thread_of[i]]) {
        succ[i].push_back(ix_.by_thread[ix_.thread_of[i]][ix_.pos[i] + 1]);
        ++indeg[ix_.by_thread[ix_.thread_of[i]][ix_.pos[i] + 1]];
      }
    reach_.assign(m, {});
    std::vector<uint32_t> ready;
    for (uint32_t i : members_) {
      reach_[i].assign(n_, 0);
      if (indeg[i] == 0) ready.push_back(i);
    }
    size_t done = 0;
    while (!ready.empty()) {
      uint32_t i = ready.back();
      ready.pop_back();
      ++done;
      reach_[i][ix_.thread_of[i]] = std::max(reach_[i][ix_.thread_of[i]], ix_.pos[i] + 1);
      for (uint32_t s : succ[i]) {
        for (size_t t = 0; t < n_; ++t) reach_[s][t] = std::max(reach_[s][t], reach_[i][t]);
        if (--indeg[s] == 0) ready.push_back(s);
      }
    }
    return done == members_.size();
  }
  bool before(uint32_t a, uint32_t b) const { // a <=P b
    return reach_[b][ix_.thread_of[a]] > ix_.pos[a];
  }

  // Step 2: the closure rules until nothing changes. False on a cycle.
  bool close() {
    for (;;) {
      if (!order()) return false;
      std::vector<std::pair<uint32_t, uint32_t>> add;
      for (uint32_t r : members_) {
        if (ev(r).op != Op::Read) continue;
        int64_t w = ix_.rf[r];
        for (uint32_t w2 : members_) {
          if (ev(w2).op != Op::Write || ev(w2).target != ev(r).target ||
              static_cast<int64_t>(w2) == w)
            continue;
          if (w < 0) { // r reads the initial value: every write comes after it
            if (!before(r, w2)) add.push_back({r, w2});
            continue;
          }
          auto wr = static_cast<uint32_t>(w);
          if (before(w2, r) && !before(w2, wr)) add.push_back({w2, wr});
          if (before(wr, w2) && !before(r, w2)) add.push_back({r, w2});
        }
      }
      if (!opt_.m2_without_lock_closure) {
        for (uint32_t a1 : members_) {
          if (ev(a1).op != Op::Acquire) continue;
          for (uint32_t a2 : members_) {
            if (a2 == a1 || ev(a2).op != Op::Acquire || ev(a2).target != ev(a1).target) continue;
            int64_t r1 = ix_.release_of[a1], r2 = ix_.release_of[a2];
            bool open1 = r1 < 0 || !in_[static_cast<size_t>(r1)];
            bool open2 = r2 < 0 || !in_[static_cast<size_t>(r2)];
            if (open1) continue;
            auto rel1 = static_cast<uint32_t>(r1);
            // An open section comes last; otherwise the rule of Figure 3.
            bool must = open2 || before(a1, static_cast<uint32_t>(r2));
            if (must && !before(rel1, a2)) add.push_back({rel1, a2});
          }
        }
      }
      if (add.empty()) return true;
      edges_.insert(edges_.end(), add.begin(), add.end());
    }
  }

  // Step 3: conflicting pairs outside `chosen`, unordered so far, in trace order.
  bool order_other_conflicts(uint32_t chosen) {
    for (uint32_t a : members_) {
      if (ix_.thread_of[a] == chosen || !is_access(ev(a).op)) continue;
      for (uint32_t b : members_) {
        if (b <= a || ix_.thread_of[b] == chosen || !conflicting(ev(a), ev(b))) continue;
        if (!order()) return false;
        if (before(a, b) || before(b, a)) continue;
        edges_.push_back({a, b});
        if (!close()) return false;
      }
    }
    return order();
  }

  // Step 4: the max-min linearisation.
  std::vector<uint32_t> linearize(uint32_t chosen) {
    std::vector<uint32_t> next(n_, 0), out;
    auto enabled = [&](uint32_t i) {
      for (size_t t = 0; t < n_; ++t) {
        uint32_t need = reach_[i][t] - (t == ix_.thread_of[i] ? 1 : 0);
        if (next[t] < need) return false;
      }
      return true;
    };
    auto run = [&](uint32_t t) {
      out.push_back(ix_.by_thread[t][next[t]]);
      ++next[t];
    };
    while (out.size() < members_.size()) {
      if (next[chosen] < count_[chosen] && enabled(ix_.by_thread[chosen][next[chosen]])) {
        run(chosen);
        continue;
      }
      // The earliest enabled event of another thread that the chosen thread is waiting for,
      // else (the chosen thread is done) the earliest enabled one.
      int64_t pick = -1;
      bool chosen_waits = next[chosen] < count_[chosen];
      uint32_t blocked = chosen_waits ? ix_.by_thread[chosen][next[chosen]] : 0;
      for (uint32_t t = 0; t < n_; ++t) {
        if (t == chosen || next[t] >= count_[t]) continue;
        uint32_t i = ix_.by_thread[t][next[t]];
        if (!enabled(i)) continue;
        if (chosen_waits && !before(i, blocked)) continue;
        if (pick < 0 || i < pick) pick = i;
      }
      if (pick < 0)
        for (uint32_t t = 0; t < n_; ++t) {
          if (t == chosen || next[t] >= count_[t]) continue;
          uint32_t i = ix_.by_thread[t][next[t]];
          if (enabled(i) && (pick < 0 || i < pick)) pick = i;
        }
      if (pick < 0) break; // cannot happen for an acyclic order; the check catches it
      run(ix_.thread_of[static_cast<uint32_t>(pick)]);
    }
    return out;
  }

  const TraceIndex& ix_;
  const PredictOptions& opt_;
  uint32_t e1_, e2_;
  size_t n_;
  std::vector<bool> in_;
  std::vector<uint32_t> count_; // dense thread -> events of it in X
  std::vector<uint32_t> open_;  // acquires in X whose release is not
  std::vector<uint32_t> members_;
  std::vector<std::pair<uint32_t, uint32_t>> edges_;
  std::vector<std::vector<uint32_t>> reach_;
};

} // namespace

// For each access, the locks its thread holds at it (flat, with offsets).
struct HeldLocks {
  explicit HeldLocks(const TraceIndex& index) : begin(index.trace.events.size() + 1, 0) {
    std::vector<std::vector<uint32_t>> held(index.threads());
    const auto& events = index.trace.events;
    for (uint32_t i = 0; i < events.size(); ++i) {
      auto& h = held[index.thread_of[i]];
      if (events[i].op == Op::Acquire) h.push_back(events[i].target);
      if (events[i].op == Op::Release)
        if (auto it = std::find(h.begin(), h.end(), events[i].target); it != h.end()) h.erase(it);
      if (is_access(events[i].op)) {
        locks.insert(locks.end(), h.begin(), h.end());
        std::sort(locks.begin() + begin[i], locks.end());
      }
      begin[i + 1] = static_cast<uint32_t>(locks.size());
    }
  }
  bool same(uint32_t a, uint32_t b) const {
    return std::equal(locks.begin() + begin[a], locks.begin() + begin[a + 1],
                      locks.begin() + begin[b], locks.begin() + begin[b + 1]);
  }
  bool share(uint32_t a, uint32_t b) const {
    for (uint32_t x = begin[a]; x < begin[a + 1]; ++x)
      for (uint32_t y = begin[b]; y < begin[b + 1]; ++y)
        if (locks[x] == locks[y]) return true;
    return false;
  }
  std::vector<uint32_t> begin, locks;
};

void m2_races(const TraceIndex& index, const PredictOptions& options, PredictResult& out) {
  const auto& events = index.trace.events;
  uint64_t pairs = 0;
  out.complete = true;
  // Two shortcuts that decide a pair exactly as M2Pair's cone does, in O(T) instead of O(N):
  // both events in sections of one lock, or one of them in the other's closure under thread
  // order, fork/join and reads-from (a part of the cone). Both rejections are certain.
  HeldLocks held(index);
  ClosureTimes cone(index, /*keep_lock_order=*/false);
  // Per location, its accesses grouped by the set of locks held at them: a group that shares a
  // lock with an access is skipped whole (on a trace whose accesses are all locked, every pair).
  struct Group {
    uint32_t example; // an access with the group's locks
    std::vector<uint32_t> members;
  };
  std::vector<std::vector<Group>> groups(index.trace.locations.size());
  for (uint32_t j = 0; j < events.size(); ++j) {
    if (!is_access(events[j].op)) continue;
    auto& location = groups[events[j].target];
    size_t first_new = out.races.size();
    for (const Group& g : location) {
      if (held.share(g.example, j)) continue;
      for (uint32_t i : g.members) {
        if (!conflicting(events[i], events[j])) continue;
        if (!may_check_pair(options, ++pairs, out)) {
          out.complete = false;
          return;
        }
        const uint32_t *a = cone.at(i), *b = cone.at(j);
        uint32_t ti = index.thread_of[i], tj = index.thread_of[j];
        if (std::max(a[ti], b[ti]) > index.pos[i] || std::max(a[tj], b[tj]) > index.pos[j])
          continue;
        // A full decision can take long on a long trace (its cone): the deadline is checked
        // before every one, not only every 256th pair.
        if (options.deadline && std::chrono::steady_clock::now() >= *options.deadline) {
          out.truncated = out.timed_out = true;
          out.complete = false;
          return;
        }
        bool certain = true;
        auto w = M2Pair(index, options, i, j).decide(certain);
        if (w)
          out.races.push_back({i, j, Analysis::M2, std::move(*w)});
        else if (!certain)
          out.complete = false;
      }
    }
    std::sort(out.races.begin() + static_cast<std::ptrdiff_t>(first_new), out.races.end(),
              [](const PredictedRace& x, const PredictedRace& y) { return x.first < y.first; });
    auto g = std::find_if(location.begin(), location.end(),
                          [&](const Group& h) { return held.same(h.example, j); });
    if (g == location.end())
      location.push_back({j, {j}});
    else
      g->members.push_back(j);
  }
}

} // namespace racelang::predict
