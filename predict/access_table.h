// Internal to predict/: each thread's accesses of each location, and its writes, in trace order,
// as event indices (one flat array each, offsets per location and dense thread). The pairwise
// analyses find candidate pairs here: a read conflicts only with another thread's writes, so a
// read's candidates are that thread's writes, never its reads (scanning those made a location
// polled in a loop quadratic).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "predict/trace_index.h"

namespace racelang::predict {

class AccessTable {
public:
  explicit AccessTable(const TraceIndex& index)
      : threads_(index.threads()), accesses_(index, threads_, false),
        writes_(index, threads_, true) {}
  // Dense thread t's accesses (writes) of the location, ascending.
  std::span<const uint32_t> accesses(uint32_t location, uint32_t t) const {
    return accesses_.at(location, t, threads_);
  }
  std::span<const uint32_t> writes(uint32_t location, uint32_t t) const {
    return writes_.at(location, t, threads_);
  }
  // The ones that conflict with access e of another thread: its writes if e reads, else all.
  std::span<const uint32_t> conflicting_with(const Event& e, uint32_t t) const {
    return e.op == Op::Write ? accesses(e.target, t) : writes(e.target, t);
  }
  // A distinct number below slots() for each list conflicting_with can return (for per-list
  // state such as cursors).
  size_t slot(const Event& e, uint32_t t) const {
    return (size_t{e.target} * threads_ + t) * 2 + (e.op == Op::Write ? 1 : 0);
  }
  size_t slots() const { return (accesses_.begin.size() - 1) * 2; }

private:
  struct Flat {
    Flat(const TraceIndex& index, size_t threads, bool writes_only)
        : begin(index.trace.locations.size() * threads + 1, 0) {
      const auto& events = index.trace.events;
      auto counted = [&](const Event& e) {
        return writes_only ? e.op == Op::Write : is_access(e.op);
      };
      for (uint32_t i = 0; i < events.size(); ++i)
        if (counted(events[i]))
          ++begin[size_t{events[i].target} * threads + index.thread_of[i] + 1];
      for (size_t k = 1; k < begin.size(); ++k) begin[k] += begin[k - 1];
      items.resize(begin.back());
      std::vector<uint32_t> next(begin.begin(), begin.end() - 1);
      for (uint32_t i = 0; i < events.size(); ++i)
        if (counted(events[i]))
          items[next[size_t{events[i].target} * threads + index.thread_of[i]]++] = i;
    }
    std::span<const uint32_t> at(uint32_t location, uint32_t t, size_t threads) const {
      size_t k = size_t{location} * threads + t;
      return {items.data() + begin[k], items.data() + begin[k + 1]};
    }
    std::vector<uint32_t> begin, items;
  };
  size_t threads_;
  Flat accesses_, writes_;
};

} // namespace racelang::predict
