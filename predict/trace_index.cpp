// Building the per-trace tables (trace_index.h).
#include "predict/trace_index.h"

namespace racelang::predict {

TraceIndex::TraceIndex(const Trace& t)
    : trace(t), op(t.events.size()), target(t.events.size()), thread_of(t.events.size()),
      pos(t.events.size()), rf(t.events.size(), -1), release_of(t.events.size(), -1) {
  auto dense_thread = [&](uint32_t id) {
    if (id >= dense.size()) dense.resize(id + 1, -1);
    if (dense[id] < 0) {
      dense[id] = static_cast<int32_t>(by_thread.size());
      by_thread.emplace_back();
      fork_of.push_back(-1);
    }
    return static_cast<uint32_t>(dense[id]);
  };
  std::vector<int32_t> open(t.locks.size(), -1);           // lock -> its open acquire, -1 none
  std::vector<int32_t> last_write(t.locations.size(), -1); // location -> its latest write, for rf
  std::vector<uint32_t> count;                             // dense thread -> its events so far
  for (uint32_t i = 0; i < t.events.size(); ++i) {
    const Event& e = t.events[i];
    op[i] = e.op;
    target[i] = e.target;
    uint32_t d = dense_thread(e.thread);
    if (d >= count.size()) count.resize(d + 1, 0);
    thread_of[i] = d;
    pos[i] = count[d]++;
    switch (e.op) {
    case Op::Fork:
      fork_of[dense_thread(e.target)] = i;
      break;
    case Op::Write:
      last_write[e.target] = static_cast<int32_t>(i);
      break;
    case Op::Read:
      rf[i] = last_write[e.target];
      break;
    case Op::Acquire:
      if (e.target >= open.size()) open.resize(e.target + 1, -1);
      open[e.target] = static_cast<int32_t>(i);
      break;
    case Op::Release:
      if (e.target >= open.size()) open.resize(e.target + 1, -1);
      if (open[e.target] >= 0) {
        release_of[static_cast<size_t>(open[e.target])] = static_cast<int32_t>(i);
        open[e.target] = -1;
      }
      break;
    default:
      break;
    }
  }
  // Each thread's events, allocated at their final size (growing them one push at a time
  // copied them about twice over).
  for (size_t d = 0; d < by_thread.size(); ++d)
    by_thread[d].reserve(d < count.size() ? count[d] : 0);
  for (uint32_t i = 0; i < t.events.size(); ++i) by_thread[thread_of[i]].push_back(i);
}

} // namespace racelang::predict
