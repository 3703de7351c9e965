// Weak causally-precedes (PLDI'17, Dynamic Race Prediction in Linear Time), with the paper's
// vector-clock algorithm: per thread an HB clock H_t and a WCP-predecessor clock P_t (the WCP
// time of an event is P_t with t's own entry from H_t); per lock l the clocks of the last
// release, the HB clocks of releases of critical sections that read or wrote x (rule (a): a
// later conflicting access in a critical section of l comes after that release, composed with
// HB on the left), and the queues of acquire times and release clocks of the other threads'
// critical sections (rule (b): a release comes after an earlier critical section's release when
// that section's acquire is WCP-before it). Those clocks are kept per releasing thread, since
// rule (a) concerns conflicting events, which are of different threads. Fork and join order
// like program order. Pairs are enumerated as in shb.cpp (clock_pairs.h). Only the first report
// carries the paper's guarantee (a predictable race or deadlock exists); no report has a witness.
#include <algorithm>
#include <deque>
#include <unordered_map>

#include "predict/analyses.h"
#include "predict/clock_pairs.h"

namespace racelang::predict {
namespace {

struct QueuedSection {
  uint32_t thread; // the acquiring thread
  uint32_t time;   // its local time at the acquire
  Clock release;   // H at the release (filled when it happens)
};

struct Section {
  uint32_t lock;
  std::vector<uint32_t> reads, writes; // locations accessed inside (nested sections included)
};

} // namespace

void wcp_races(const TraceIndex& index, const PredictOptions& options, PredictResult& out) {
  const size_t n = index.threads();
  const auto& events = index.trace.events;
  std::vector<Clock> h(n, Clock(n, 0)), p(n, Clock(n, 0));
  for (size_t t = 0; t < n; ++t) h[t][t] = 1;
  // Per lock (dense ids): the last release's clocks (empty: none yet).
  const size_t locks = index.trace.locks.size();
  std::vector<Clock> h_lock(locks), p_lock(locks);
  // (lock, location) -> releasing thread -> join of H at the releases.
  // (lock << 32 | location) -> releasing thread -> join of H at its releases (empty: none).
  std::unordered_map<uint64_t, std::vector<Clock>> l_read, l_write;
  auto lx = [](uint32_t lock, uint32_t x) { return (uint64_t{lock} << 32) | x; };
  // lock -> thread -> sections of other threads not yet matched by rule (b).
  std::vector<std::vector<std::deque<QueuedSection*>>> queues(locks);
  std::deque<QueuedSection> sections_store;
  std::vector<QueuedSection*> open_section(locks, nullptr); // lock -> its open section
  std::vector<std::vector<Section>> held(n);
  AccessLog log(index.trace.locations.size(), n);
  // The WCP time of thread t's current event, in a buffer reused for every event (an
  // allocation per access was most of the analysis's cost).
  Clock scratch(n, 0);
  auto wcp_clock = [&](uint32_t t) -> const Clock& {
    std::copy(p[t].begin(), p[t].end(), scratch.begin());
    scratch[t] = h[t][t];
    return scratch;
  };
  for (uint32_t i = 0; i < events.size(); ++i) {
    const Event& e = events[i];
    uint32_t t = index.thread_of[i];
    switch (e.op) {
    case Op::Acquire: {
      if (!h_lock[e.target].empty()) join_into(h[t], h_lock[e.target]);
      if (!p_lock[e.target].empty()) join_into(p[t], p_lock[e.target]);
      auto& q = queues[e.target];
      q.resize(n);
      sections_store.push_back({t, h[t][t], {}});
      open_section[e.target] = &sections_store.back();
      for (uint32_t u = 0; u < n; ++u)
        if (u != t) q[u].push_back(&sections_store.back());
      held[t].push_back({e.target, {}, {}});
      break;
    }
    case Op::Release: {
      // racelang releases need not be innermost first: find this lock's section.
      auto& stack = held[t];
      auto at = std::find_if(stack.rbegin(), stack.rend(),
                             [&](const Section& s) { return s.lock == e.target; });
      if (at == stack.rend()) break;
      auto where = std::prev(at.base());
      Section s = std::move(*where);
      where = stack.erase(where);
      if (where != stack.begin()) { // what it accessed, the enclosing section accessed too
        auto& outer = *std::prev(where);
        outer.reads.insert(outer.reads.end(), s.reads.begin(), s.reads.end());
        outer.writes.insert(outer.writes.end(), s.writes.begin(), s.writes.end());
      }
      // Rule (b): earlier sections whose acquire is WCP-before this release.
      auto& q = queues[e.target];
      q.resize(n);
      const Clock& c = wcp_clock(t);
      while (!q[t].empty() && !q[t].front()->release.empty() &&
             q[t].front()->time <= c[q[t].front()->thread]) {
        join_into(p[t], q[t].front()->release);
        q[t].pop_front();
      }
      for (auto [locations, table] :
           {std::pair{&s.reads, &l_read}, std::pair{&s.writes, &l_write}}) {
        std::sort(locations->begin(), locations->end());
        locations->erase(std::unique(locations->begin(), locations->end()), locations->end());
        for (uint32_t x : *locations) {
          auto& per_thread = (*table)[lx(e.target, x)];
          per_thread.resize(n);
          per_thread[t].resize(n, 0);
          join_into(per_thread[t], h[t]);
        }
      }
      h_lock[e.target] = h[t];
      p_lock[e.target] = p[t];
      if (QueuedSection*& open = open_section[e.target]) {
        open->release = h[t];
        open = nullptr;
      }
      ++h[t][t];
      break;
    }
    case Op::Fork:
      if (int64_t u = index.dense_of(e.target); u >= 0) {
        join_into(h[static_cast<size_t>(u)], h[t]);
        join_into(p[static_cast<size_t>(u)], wcp_clock(t));
        ++h[t][t];
      }
      break;
    case Op::Join:
      if (int64_t u = index.dense_of(e.target); u >= 0) {
        join_into(h[t], h[static_cast<size_t>(u)]);
        join_into(p[t], wcp_clock(static_cast<uint32_t>(u)));
      }
      break;
    case Op::Read:
    case Op::Write: {
      bool write = e.op == Op::Write;
      // Rule (a), against the other threads' critical sections of the locks held here.
      for (Section& s : held[t]) {
        auto absorb = [&](const auto& table) {
          auto it = table.find(lx(s.lock, e.target));
          if (it == table.end()) return;
          for (uint32_t u = 0; u < it->second.size(); ++u)
            if (u != t) join_into(p[t], it->second[u]);
        };
        absorb(l_write);
        if (write) absorb(l_read);
        (write ? s.writes : s.reads).push_back(e.target);
      }
      const Clock& c = wcp_clock(t);
      if (!log.report(e, i, t, c, Analysis::Wcp, options.max_pairs, out.races)) {
        out.truncated = true;
        return;
      }
      log.add(e, i, t, c[t]);
      break;
    }
    default:
      break;
    }
  }
}

} // namespace racelang::predict
