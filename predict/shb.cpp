// Schedulable happens-before (OOPSLA'18, What Happens-After the First Race? Enhancing the
// Predictive Power of Happens-Before Based Dynamic Race Detection): happens-before plus an
// edge from each read's writer to the read. Vector clocks as in the paper's algorithm: a write
// stores its thread's clock as the location's last-write clock, a read joins it. Every pair, not
// only the paper's one report per access: each thread's accesses to a location are kept in
// program order, and scanning them back from the latest stops at the first ordered one (all
// earlier ones are ordered too), so the cost is the pairs reported plus one check per thread.
#include <algorithm>
#include <unordered_map>

#include "predict/analyses.h"

namespace racelang::predict {
namespace {

using Clock = std::vector<uint32_t>;

void join_into(Clock& into, const Clock& from) {
  for (size_t i = 0; i < from.size(); ++i) into[i] = std::max(into[i], from[i]);
}

struct Stamp {
  uint32_t time; // the access's local time in its thread
  uint32_t event;
};

} // namespace

void shb_races(const TraceIndex& index, const PredictOptions& options, PredictResult& out) {
  const size_t n = index.threads();
  const auto& events = index.trace.events;
  std::vector<Clock> c(n, Clock(n, 0));
  std::vector<bool> started(n, false);
  std::unordered_map<uint32_t, Clock> lock_clock, last_write;
  // (location, thread) -> its reads / writes in order.
  std::unordered_map<uint64_t, std::vector<Stamp>> reads, writes;
  auto key = [](uint32_t x, uint32_t t) { return (uint64_t{x} << 32) | t; };
  for (uint32_t i = 0; i < events.size(); ++i) {
    const Event& e = events[i];
    uint32_t t = index.thread_of[i];
    Clock& ct = c[t];
    ++ct[t];
    switch (e.op) {
    case Op::Acquire:
      if (auto it = lock_clock.find(e.target); it != lock_clock.end()) join_into(ct, it->second);
      break;
    case Op::Release:
      lock_clock[e.target] = ct;
      break;
    case Op::Fork:
      if (int64_t u = index.dense_of(e.target); u >= 0) join_into(c[static_cast<size_t>(u)], ct);
      break;
    case Op::Join:
      if (int64_t u = index.dense_of(e.target); u >= 0) join_into(ct, c[static_cast<size_t>(u)]);
      break;
    case Op::Read:
    case Op::Write: {
      bool write = e.op == Op::Write;
      if (!write && !options.shb_without_reads_from)
        if (auto it = last_write.find(e.target); it != last_write.end()) join_into(ct, it->second);
      size_t before = out.races.size();
      for (uint32_t u = 0; u < n; ++u) {
        if (u == t) continue;
        auto scan = [&](std::unordered_map<uint64_t, std::vector<Stamp>>& table) {
          auto it = table.find(key(e.target, u));
          if (it == table.end()) return;
          for (auto s = it->second.rbegin(); s != it->second.rend() && s->time > ct[u]; ++s)
            out.races.push_back({s->event, i, Analysis::Shb, {}});
        };
        scan(writes);
        if (write) scan(reads);
      }
      // Ordered by (second, first).
      std::sort(out.races.begin() + static_cast<std::ptrdiff_t>(before), out.races.end(),
                [](const PredictedRace& a, const PredictedRace& b) { return a.first < b.first; });
      (write ? writes : reads)[key(e.target, t)].push_back({ct[t], i});
      if (write) last_write[e.target] = ct;
      break;
    }
    default:
      break;
    }
  }
}

} // namespace racelang::predict
