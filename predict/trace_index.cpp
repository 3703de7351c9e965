// Building the per-trace tables (trace_index.h).
#include "predict/trace_index.h"

namespace racelang::predict {

TraceIndex::TraceIndex(const Trace& t)
    : trace(t), op(t.events.size()), target(t.events.size()), thread_of(t.events.size()),
      pos(t.events.size()), rf(t.events.size(), -1), release_of(t.events.size(), -1) {
  std::vector<uint32_t> count; // dense thread -> its events so far
  // The first event of a racelang id numbers its thread (out of line: it happens once a thread).
  auto first_seen = [&](uint32_t id) {
    if (id >= dense.size()) dense.resize(id + 1, -1);
    if (dense[id] < 0) {
      dense[id] = static_cast<int32_t>(by_thread.size());
      by_thread.emplace_back();
      fork_of.push_back(-1);
      count.push_back(0);
    }
    return static_cast<uint32_t>(dense[id]);
  };
  auto dense_thread = [&](uint32_t id) {
    return id < dense.size() && dense[id] >= 0 ? static_cast<uint32_t>(dense[id]) : first_seen(id);
  };
  std::vector<int32_t> open(t.locks.size(), -1);           // lock -> its open acquire, -1 none
  std::vector<int32_t> last_write(t.locations.size(), -1); // location -> its latest write, for rf
  const Event* events = t.events.data();
  for (uint32_t i = 0; i < t.events.size(); ++i) {
    const Event& e = events[i];
    op[i] = e.op;
    target[i] = e.target;
    const uint32_t d = e.thread < dense.size() && dense[e.thread] >= 0
                           ? static_cast<uint32_t>(dense[e.thread])
                           : first_seen(e.thread); // (dense_thread, written out: it stays inline)
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
  // Each thread's events, allocated at their final size and filled through plain pointers
  // (growing them one push at a time copied them about twice over, and a push per event
  // reloads the vector's end).
  std::vector<uint32_t*> fill(by_thread.size());
  for (size_t d = 0; d < by_thread.size(); ++d) {
    by_thread[d].resize(count[d]);
    fill[d] = by_thread[d].data();
  }
  for (uint32_t i = 0; i < t.events.size(); ++i) *fill[thread_of[i]]++ = i;
}

} // namespace racelang::predict
