// The dependence relation of optimal DPOR and its footprint summaries (see dpor_dependence.h).
#include "interp/dpor_dependence.h"

#include <algorithm>

namespace racelang {

Dep Dependence::between(const Footprint& a, const Footprint& b) const {
  if (a.ends || b.ends || (a.prints && b.prints)) return Dep::Race;
  Dep d = Dep::None;
  for (const Label& la : a.labels)
    for (const Label& lb : b.labels) d = std::max(d, labels(la, lb));
  return d;
}

Dep Dependence::labels(const Label& a, const Label& b) const {
  auto memory = [](LabelKind k) { return k == LabelKind::Read || k == LabelKind::Write; };
  auto lock = [](LabelKind k) { return k == LabelKind::Acquire || k == LabelKind::Release; };
  if (memory(a.kind) && memory(b.kind)) {
    if (a.target != b.target) return Dep::None;
    if (a.kind == LabelKind::Read && b.kind == LabelKind::Read) return Dep::None;
    if (fault_ == DporFault::WritesCommute && a.kind == LabelKind::Write &&
        b.kind == LabelKind::Write)
      return Dep::None;
    return Dep::Race;
  }
  if (lock(a.kind) && lock(b.kind)) {
    if (a.target != b.target || fault_ == DporFault::IgnoreLocks) return Dep::None;
    return a.kind == LabelKind::Acquire && b.kind == LabelKind::Acquire ? Dep::Race : Dep::Order;
  }
  if (a.kind == LabelKind::Fork && b.kind == LabelKind::Fork)
    return a.target == b.target ? Dep::Race : Dep::None; // the second spawn fails
  // Volatile accesses conflict like plain ones. Waits and notifies of one condition do not
  // commute (the waiters' FIFO order, a notify before or after a wait), nor do two arrivals
  // at one barrier (which one fills it). A departure, and a woken waiter's next step, are
  // ordered after the step that released them by that thread's origin (see step_top).
  auto shared_volatile = [](LabelKind k) {
    return k == LabelKind::VolatileRead || k == LabelKind::VolatileWrite;
  };
  if (shared_volatile(a.kind) && shared_volatile(b.kind))
    return a.target == b.target &&
                   (a.kind == LabelKind::VolatileWrite || b.kind == LabelKind::VolatileWrite)
               ? Dep::Race
               : Dep::None;
  auto condition = [](LabelKind k) { return k == LabelKind::CondWait || k == LabelKind::Notify; };
  if (condition(a.kind) && condition(b.kind))
    return a.target == b.target && fault_ != DporFault::IgnoreConditions ? Dep::Race : Dep::None;
  if (a.kind == LabelKind::BarrierArrive && b.kind == LabelKind::BarrierArrive)
    return a.target == b.target && fault_ != DporFault::IgnoreBarriers ? Dep::Race : Dep::None;
  // Spawning or waiting for u and any step of u; spawning u and waiting for u. Two waits for
  // one thread commute (both only see that it has finished).
  auto spawn_or_wait = [](const Label& x, const Label& y) {
    return ((x.kind == LabelKind::Fork || x.kind == LabelKind::Join) &&
            static_cast<int64_t>(x.target) == y.thread) ||
           (x.kind == LabelKind::Fork && y.kind == LabelKind::Join && x.target == y.target);
  };
  if (spawn_or_wait(a, b) || spawn_or_wait(b, a)) return Dep::Order;
  return Dep::None;
}

namespace {

// The kinds of label that can be dependent with each other only on one cell: 0 for the
// others (a departure, an exit: dependent with nothing but through fork and join).
uint64_t object_class(LabelKind k) {
  switch (k) {
  case LabelKind::Read:
  case LabelKind::Write:
    return 1;
  case LabelKind::Acquire:
  case LabelKind::Release:
    return 2;
  case LabelKind::VolatileRead:
  case LabelKind::VolatileWrite:
    return 3;
  case LabelKind::CondWait:
  case LabelKind::Notify:
    return 4;
  case LabelKind::BarrierArrive:
    return 5;
  default:
    return 0;
  }
}

constexpr uint64_t kPrintBit = uint64_t{1} << 63;

} // namespace

uint64_t dependence_object(const Label& label) {
  uint64_t c = object_class(label.kind);
  return c == 0 ? 0 : (c << 32) | label.target;
}

FootprintSummary FootprintSummary::of(const Footprint& fp, SummaryFault fault) {
  if (fp.ends) return {0, true};
  FootprintSummary s;
  if (fp.prints && fault != SummaryFault::PrintsLeftOut) s.bits |= kPrintBit;
  for (const Label& l : fp.labels) {
    bool spawn_or_wait = l.kind == LabelKind::Fork || l.kind == LabelKind::Join;
    if (spawn_or_wait && fault != SummaryFault::ForkJoinHashed) return {0, true};
    uint64_t c = spawn_or_wait ? 6 : object_class(l.kind);
    if (c == 0) continue;
    uint64_t h = (c * 0x9E3779B97F4A7C15u) ^ (uint64_t{l.target} * 0xC2B2AE3D27D4EB4Fu);
    s.bits |= uint64_t{1} << ((h >> 32) % 63);
  }
  return s;
}

} // namespace racelang
