// Building the per-trace tables (trace_index.h).
#include "predict/trace_index.h"

namespace racelang::predict {

TraceIndex::TraceIndex(const Trace& t)
    : trace(t), op(t.events.size()), target(t.events.size()), thread_of(t.events.size()),
      pos(t.events.size()), rf(t.events.size(), -1), release_of(t.events.size(), -1) {
  std::vector<uint32_t> count;                             // dense thread -> its events so far
  std::vector<int32_t> open(t.locks.size(), -1);           // lock -> its open acquire, -1 none
  std::vector<int32_t> last_write(t.locations.size(), -1); // location -> its latest write, for rf
  // The loop reads and writes the tables through plain pointers held in locals: op is a byte,
  // and a store of a byte may alias anything, so through the vectors the compiler reloaded every
  // table's address after each event's store of its kind (the tables took a fifth longer).
  // `dense` and `count` grow at a thread's first event and `open` at a lock's, so their
  // pointers are taken afresh there.
  const int32_t* dense_of_id = dense.data();
  size_t ids = dense.size();
  uint32_t* counts = count.data();
  // The first event of a racelang id numbers its thread (out of line: it happens once a thread).
  auto first_seen = [&](uint32_t id) {
    if (id >= dense.size()) dense.resize(id + 1, -1);
    if (dense[id] < 0) {
      dense[id] = static_cast<int32_t>(by_thread.size());
      by_thread.emplace_back();
      fork_of.push_back(-1);
      count.push_back(0);
    }
    dense_of_id = dense.data();
    ids = dense.size();
    counts = count.data();
    return static_cast<uint32_t>(dense[id]);
  };
  auto dense_thread = [&](uint32_t id) {
    return id < ids && dense_of_id[id] >= 0 ? static_cast<uint32_t>(dense_of_id[id])
                                            : first_seen(id);
  };
  const Event* events = t.events.data();
  const uint32_t n = static_cast<uint32_t>(t.events.size());
  Op* op_of = op.data();
  uint32_t *target_of = target.data(), *thread = thread_of.data(), *position = pos.data();
  int32_t *reads_from = rf.data(), *released_by = release_of.data();
  int32_t *writes = last_write.data(), *acquired = open.data();
  size_t open_size = open.size();
  for (uint32_t i = 0; i < n; ++i) {
    const Event& e = events[i];
    const Op kind = e.op;
    const uint32_t x = e.target;
    const uint32_t d = e.thread < ids && dense_of_id[e.thread] >= 0
                           ? static_cast<uint32_t>(dense_of_id[e.thread])
                           : first_seen(e.thread); // (dense_thread, written out: it stays inline)
    thread[i] = d;
    position[i] = counts[d]++;
    target_of[i] = x;
    switch (kind) {
    case Op::Fork:
      fork_of[dense_thread(x)] = i;
      break;
    case Op::Write:
      writes[x] = static_cast<int32_t>(i);
      break;
    case Op::Read:
      reads_from[i] = writes[x];
      break;
    case Op::Acquire:
    case Op::Release:
      if (x >= open_size) {
        open.resize(x + 1, -1);
        acquired = open.data();
        open_size = open.size();
      }
      if (kind == Op::Acquire) {
        acquired[x] = static_cast<int32_t>(i);
      } else if (acquired[x] >= 0) {
        released_by[static_cast<size_t>(acquired[x])] = static_cast<int32_t>(i);
        acquired[x] = -1;
      }
      break;
    default:
      break;
    }
    op_of[i] = kind;
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
