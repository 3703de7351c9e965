// Internal to predict/: the per-trace tables every analysis and the witness code look events up
// in (dense thread numbers, each thread's events, reads-from, where each thread is forked, which
// release closes each acquire, and each event's kind and target in compact arrays). Built once per
// trace in one pass over its events: an Event is large (a value, a position, a branch's
// dependencies), so the analyses' own passes read these arrays, not the events, where they can.
// *Decision*: event numbers in rf and release_of are 32-bit (half the memory of 64-bit ones to
// fill); a trace of 2^31 events would not fit in memory as Events anyway.
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "predict/trace.h"

namespace racelang::predict {

struct TraceIndex {
  explicit TraceIndex(const Trace& trace);

  const Trace& trace;
  std::vector<Op> op;                           // event -> its kind (events[i].op)
  std::vector<uint32_t> target;                 // event -> its target (events[i].target)
  std::vector<uint32_t> thread_of;              // event -> dense thread
  std::vector<uint32_t> pos;                    // event -> position in its thread
  std::vector<std::vector<uint32_t>> by_thread; // dense thread -> its events in order
  // Reads-from: for each read, the write it reads from (the last earlier write to its location),
  // -1 for a read of the initial value and for every other event.
  std::vector<int32_t> rf;
  std::vector<int64_t> fork_of;    // dense thread -> the fork event, or -1
  std::vector<int32_t> release_of; // acquire event -> its release, or -1
  std::vector<int32_t> dense;      // racelang id -> dense thread, -1 if it never appears

  size_t threads() const { return by_thread.size(); }
  // Dense thread of a racelang id (fork/join targets), or -1 if it never acts.
  int64_t dense_of(uint32_t id) const { return id < dense.size() ? dense[id] : -1; }
};

} // namespace racelang::predict
