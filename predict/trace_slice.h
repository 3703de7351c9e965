// Cutting a trace where no lock is held, for deciding a pair on the part of the trace near it.
// At a point where every lock is free, the trace's prefix is a correct reordering of itself, and
// any correct reordering of the rest of the trace taken as a trace of its own (the *slice*, in
// which a read whose writer lies in the prefix reads "the initial value") run after that whole
// prefix is a correct reordering of the trace: each read still reads from its own writer (no
// write of the slice may come before a read of the initial value, and the prefix's last write
// to the location is the read's writer, because no write comes between a write and a read that
// reads from it), and every lock is free when the slice begins. Threads forked in the prefix
// are roots of the slice; joins of threads that acted only in the prefix have nothing to wait
// for. M2 decides a pair on such a slice first (m2.cpp); internal to predict/.
#pragma once

#include <cstdint>
#include <vector>

#include "predict/trace.h"

namespace racelang::predict {

// The points of a trace (point p: before event p; 0 to the number of events) at which no
// thread holds a lock.
class LockFreePoints {
public:
  explicit LockFreePoints(const Trace& trace);
  // The latest such point at or before p (point 0 always is one).
  uint32_t at_or_before(uint32_t p) const { return before_[p]; }
  // The first such point at or after p, or the trace's length if none.
  uint32_t at_or_after(uint32_t p) const { return after_[p]; }

private:
  std::vector<uint32_t> before_, after_;
};

// Slices of one trace. A slice of events [begin, end) numbers its locations and locks afresh in
// order of first use (so its tables are as small as it is), keeps the events' threads, values
// and positions, and keeps only the branch dependencies inside it (shifted by begin). The
// slicer reuses its maps, so a slice costs time in its own length, not in the trace's number of
// locations.
class TraceSlicer {
public:
  explicit TraceSlicer(const Trace& trace);
  // Valid until the next call.
  const Trace& slice(uint32_t begin, uint32_t end);

private:
  // Dense ids for the slice, in order of first use: `to_slice` maps the trace's ids (kUnmapped
  // where not in the current slice), `from_slice` is the inverse, which also says which entries
  // of `to_slice` to forget before the next slice.
  struct Renumbering {
    std::vector<uint32_t> to_slice, from_slice;
    explicit Renumbering(size_t ids);
    uint32_t operator()(uint32_t id);
    void reset();
  };

  const Trace& trace_;
  Trace slice_;
  Renumbering locations_, locks_;
};

} // namespace racelang::predict
