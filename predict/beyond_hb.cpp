// Which predicted races happens-before (thread order, fork/join, each release before the lock's
// later acquires) orders: the races an HB detector run on the same trace cannot report, however
// long it keeps going. `racelang predict --stats` prints their count per analysis, the
// benchmark's "beyond HB" column. Vector clocks of event counts, one snapshot per access.
#include "predict/predict.h"
#include "predict/trace_index.h"

namespace racelang::predict {

size_t beyond_happens_before(const Trace& trace, const std::vector<PredictedRace>& races) {
  if (races.empty()) return 0;
  TraceIndex index(trace);
  const size_t n = index.threads();
  std::vector<std::vector<uint32_t>> clock(n, std::vector<uint32_t>(n, 0));
  std::vector<std::vector<uint32_t>> lock_clock(trace.locks.size());
  std::vector<uint32_t> slot(trace.events.size(), 0), snapshots;
  auto join = [&](std::vector<uint32_t>& into, const std::vector<uint32_t>& from) {
    for (size_t t = 0; t < from.size(); ++t) into[t] = std::max(into[t], from[t]);
  };
  for (uint32_t i = 0; i < trace.events.size(); ++i) {
    const Event& e = trace.events[i];
    uint32_t t = index.thread_of[i];
    auto& c = clock[t];
    c[t] = index.pos[i] + 1; // counts: event i and its thread predecessors
    if (e.op == Op::Acquire) join(c, lock_clock[e.target]);
    if (e.op == Op::Release) lock_clock[e.target] = c;
    if (e.op == Op::Fork)
      if (int64_t u = index.dense_of(e.target); u >= 0) join(clock[static_cast<size_t>(u)], c);
    if (e.op == Op::Join)
      if (int64_t u = index.dense_of(e.target); u >= 0) join(c, clock[static_cast<size_t>(u)]);
    if (is_access(e.op)) {
      slot[i] = static_cast<uint32_t>(snapshots.size() / n);
      snapshots.insert(snapshots.end(), c.begin(), c.end());
    }
  }
  size_t ordered = 0;
  for (const PredictedRace& r : races)
    if (snapshots[size_t{slot[r.second]} * n + index.thread_of[r.first]] > index.pos[r.first])
      ++ordered;
  return ordered;
}

} // namespace racelang::predict
