// Internal to predict/: for each access, the locks its thread holds at it. Two accesses that
// hold a common lock are never both enabled after a correct reordering (both would hold it), so
// the pairwise analyses (M2, maximal) reject such pairs before any work.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "predict/trace_index.h"

namespace racelang::predict {

// Flat, with offsets per event.
struct HeldLocks {
  explicit HeldLocks(const TraceIndex& index) : begin(index.trace.events.size() + 1, 0) {
    std::vector<std::vector<uint32_t>> held(index.threads());
    const auto& events = index.trace.events;
    for (uint32_t i = 0; i < events.size(); ++i) {
      auto& h = held[index.thread_of[i]];
      if (events[i].op == Op::Acquire) h.push_back(events[i].target);
      if (events[i].op == Op::Release)
        if (auto it = std::find(h.begin(), h.end(), events[i].target); it != h.end()) h.erase(it);
      if (is_access(events[i].op)) {
        locks.insert(locks.end(), h.begin(), h.end());
        std::sort(locks.begin() + begin[i], locks.end());
      }
      begin[i + 1] = static_cast<uint32_t>(locks.size());
    }
  }
  bool same(uint32_t a, uint32_t b) const {
    return std::equal(locks.begin() + begin[a], locks.begin() + begin[a + 1],
                      locks.begin() + begin[b], locks.begin() + begin[b + 1]);
  }
  bool none(uint32_t a) const { return begin[a] == begin[a + 1]; }
  bool share(uint32_t a, uint32_t b) const {
    for (uint32_t x = begin[a]; x < begin[a + 1]; ++x)
      for (uint32_t y = begin[b]; y < begin[b + 1]; ++y)
        if (locks[x] == locks[y]) return true;
    return false;
  }
  std::vector<uint32_t> begin, locks;
};

} // namespace racelang::predict
