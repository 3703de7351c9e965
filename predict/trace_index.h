// Internal to predict/: the per-trace tables every analysis and the witness code look events up
// in (dense thread numbers, each thread's events, reads-from, where each thread is forked, which
// release closes each acquire). Built once per trace in linear time.
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "predict/trace.h"

namespace racelang::predict {

struct TraceIndex {
  explicit TraceIndex(const Trace& trace);

  const Trace& trace;
  std::vector<uint32_t> thread_of;              // event -> dense thread
  std::vector<uint32_t> pos;                    // event -> position in its thread
  std::vector<std::vector<uint32_t>> by_thread; // dense thread -> its events in order
  std::vector<int64_t> rf;                      // reads_from(trace)
  std::vector<int64_t> fork_of;                 // dense thread -> the fork event, or -1
  std::vector<int64_t> release_of;              // acquire event -> its release, or -1
  std::vector<int32_t> dense; // racelang id -> dense thread, -1 if it never appears

  size_t threads() const { return by_thread.size(); }
  // Dense thread of a racelang id (fork/join targets), or -1 if it never acts.
  int64_t dense_of(uint32_t id) const { return id < dense.size() ? dense[id] : -1; }
};

} // namespace racelang::predict
