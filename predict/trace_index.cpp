// Building the per-trace tables (trace_index.h).
#include "predict/trace_index.h"

namespace racelang::predict {

TraceIndex::TraceIndex(const Trace& t)
    : trace(t), thread_of(t.events.size()), pos(t.events.size()), rf(reads_from(t)),
      release_of(t.events.size(), -1) {
  auto dense_thread = [&](uint32_t id) {
    if (id >= dense.size()) dense.resize(id + 1, -1);
    if (dense[id] < 0) {
      dense[id] = static_cast<int32_t>(by_thread.size());
      by_thread.emplace_back();
      fork_of.push_back(-1);
    }
    return static_cast<uint32_t>(dense[id]);
  };
  std::vector<int64_t> open(t.locks.size(), -1); // lock -> its open acquire, -1 none
  for (uint32_t i = 0; i < t.events.size(); ++i) {
    const Event& e = t.events[i];
    uint32_t d = dense_thread(e.thread);
    thread_of[i] = d;
    pos[i] = static_cast<uint32_t>(by_thread[d].size());
    by_thread[d].push_back(i);
    if (e.op == Op::Fork) fork_of[dense_thread(e.target)] = i;
    if ((e.op == Op::Acquire || e.op == Op::Release) && e.target >= open.size())
      open.resize(e.target + 1, -1);
    if (e.op == Op::Acquire) open[e.target] = i;
    if (e.op == Op::Release && open[e.target] >= 0) {
      release_of[static_cast<size_t>(open[e.target])] = i;
      open[e.target] = -1;
    }
  }
}

} // namespace racelang::predict
