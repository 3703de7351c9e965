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
  std::unordered_map<uint32_t, uint32_t> open; // lock -> its open acquire
  for (uint32_t i = 0; i < t.events.size(); ++i) {
    const Event& e = t.events[i];
    uint32_t d = dense_thread(e.thread);
    thread_of[i] = d;
    pos[i] = static_cast<uint32_t>(by_thread[d].size());
    by_thread[d].push_back(i);
    if (e.op == Op::Fork) fork_of[dense_thread(e.target)] = i;
    if (e.op == Op::Acquire) open[e.target] = i;
    if (e.op == Op::Release) {
      if (auto it = open.find(e.target); it != open.end()) {
        release_of[it->second] = i;
        open.erase(it);
      }
    }
  }
}

} // namespace racelang::predict
