// Lock-free points and slices of a trace (trace_slice.h says why a slice there is sound).
#include "predict/trace_slice.h"

namespace racelang::predict {
namespace {
constexpr uint32_t kUnmapped = UINT32_MAX;
} // namespace

LockFreePoints::LockFreePoints(const Trace& trace) {
  const size_t n = trace.events.size();
  before_.resize(n + 1);
  after_.resize(n + 1);
  std::vector<bool> free(n + 1);
  int64_t held = 0; // sections open after the events so far, over all threads
  for (size_t p = 0; p <= n; ++p) {
    if (p > 0) {
      Op op = trace.events[p - 1].op;
      if (op == Op::Acquire) ++held;
      if (op == Op::Release) --held;
    }
    free[p] = held == 0;
    before_[p] = free[p] ? static_cast<uint32_t>(p) : before_[p - 1]; // free[0] holds
  }
  uint32_t next = static_cast<uint32_t>(n);
  for (size_t p = n + 1; p-- > 0;) {
    if (free[p]) next = static_cast<uint32_t>(p);
    after_[p] = next;
  }
}

TraceSlicer::TraceSlicer(const Trace& trace)
    : trace_(trace), location_map_(trace.locations.size(), kUnmapped),
      lock_map_(trace.locks.size(), kUnmapped) {}

uint32_t TraceSlicer::renumber(std::vector<uint32_t>& map, std::vector<std::string>& names,
                               const std::vector<std::string>& original, uint32_t id) {
  if (map[id] == kUnmapped) {
    map[id] = static_cast<uint32_t>(names.size());
    names.push_back(original[id]);
  }
  return map[id];
}

const Trace& TraceSlicer::slice(uint32_t begin, uint32_t end) {
  // Forget the previous slice's ids: only the entries it set, so this costs its length.
  for (uint32_t id : mapped_locations_) location_map_[id] = kUnmapped;
  for (uint32_t id : mapped_locks_) lock_map_[id] = kUnmapped;
  mapped_locations_.clear();
  mapped_locks_.clear();
  slice_.events.clear();
  slice_.locations.clear();
  slice_.locks.clear();
  slice_.has_values = trace_.has_values;
  for (uint32_t i = begin; i < end; ++i) {
    Event e = trace_.events[i];
    if (is_access(e.op)) {
      if (location_map_[e.target] == kUnmapped) mapped_locations_.push_back(e.target);
      e.target = renumber(location_map_, slice_.locations, trace_.locations, e.target);
    } else if (e.op == Op::Acquire || e.op == Op::Release) {
      if (lock_map_[e.target] == kUnmapped) mapped_locks_.push_back(e.target);
      e.target = renumber(lock_map_, slice_.locks, trace_.locks, e.target);
    } else if (e.op == Op::Branch) {
      std::vector<uint32_t> deps;
      for (uint32_t d : e.deps)
        if (d >= begin) deps.push_back(d - begin);
      e.deps = std::move(deps);
    }
    slice_.events.push_back(std::move(e));
  }
  return slice_;
}

} // namespace racelang::predict
