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

TraceSlicer::Renumbering::Renumbering(size_t ids) : to_slice(ids, kUnmapped) {}

uint32_t TraceSlicer::Renumbering::operator()(uint32_t id) {
  if (to_slice[id] == kUnmapped) {
    to_slice[id] = static_cast<uint32_t>(from_slice.size());
    from_slice.push_back(id);
  }
  return to_slice[id];
}

void TraceSlicer::Renumbering::reset() {
  // Only the entries the previous slice set, so this costs its length.
  for (uint32_t id : from_slice) to_slice[id] = kUnmapped;
  from_slice.clear();
}

TraceSlicer::TraceSlicer(const Trace& trace)
    : trace_(trace), locations_(trace.locations.size()), locks_(trace.locks.size()) {}

const Trace& TraceSlicer::slice(uint32_t begin, uint32_t end) {
  locations_.reset();
  locks_.reset();
  slice_.events.clear();
  slice_.has_values = trace_.has_values;
  for (uint32_t i = begin; i < end; ++i) {
    Event e = trace_.events[i];
    if (is_access(e.op)) {
      e.target = locations_(e.target);
    } else if (e.op == Op::Acquire || e.op == Op::Release) {
      e.target = locks_(e.target);
    } else if (e.op == Op::Branch) {
      std::vector<uint32_t> deps;
      for (uint32_t d : e.deps)
        if (d >= begin) deps.push_back(d - begin);
      e.deps = std::move(deps);
    }
    slice_.events.push_back(std::move(e));
  }
  slice_.locations.clear();
  for (uint32_t id : locations_.from_slice) slice_.locations.push_back(trace_.locations[id]);
  slice_.locks.clear();
  for (uint32_t id : locks_.from_slice) slice_.locks.push_back(trace_.locks[id]);
  return slice_;
}

} // namespace racelang::predict
