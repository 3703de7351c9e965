// The labelled events every race detector consumes: the paper's operations rd(t,x), wr(t,x),
// acq(t,m), rel(t,m), fork(t,u), join(t,u), plus exit(t) from §3.4 (multiple joins), plus the
// synchronisation of the FastTrack paper's §4 "Extensions" (PLDI'09): volatile reads and writes
// vrd(t,v)/vwr(t,v), and a barrier's release split into one arrival arr(t,b) per thread (at that
// thread's own step) and one departure dep(t,b) per thread (the step that fills the barrier emits
// its own arrival and then every departure; docs/detectors.md, "Volatiles and barriers"). An
// event names its thread and
// one target (a location, a lock, a volatile, a barrier or another thread) by dense numeric ids,
// so detectors can keep their metadata in plain arrays; names for printing live with the caller.
// A trace is just a vector of events.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace racelang::detect {

using ThreadId = uint32_t;

enum class EventKind : uint8_t {
  Read,
  Write,
  Acquire,
  Release,
  Fork,
  Join,
  Exit,
  VolatileRead,  // vrd(t,v): C_t := C_t ⊔ V_v                       (FastTrack's READ VOLATILE)
  VolatileWrite, // vwr(t,v): V_v := V_v ⊔ C_t; C_t := inc_t(C_t)      (WRITE VOLATILE)
  BarrierArrive, // arr(t,b): B_b := B_b ⊔ C_t (B_b starts at ⊥ for each phase)
  BarrierDepart, // dep(t,b): C_t := inc_t(C_t ⊔ B_b)                  (BARRIER RELEASE)
};

struct Event {
  EventKind kind;
  ThreadId thread; // t: the thread that performs the event
  // x (a location id) for Read/Write, m (a lock id) for Acquire/Release, u (the other thread)
  // for Fork/Join, v (a volatile id) for VolatileRead/VolatileWrite, b (a barrier id) for
  // BarrierArrive/BarrierDepart; unused (0) for Exit.
  uint32_t target = 0;

  friend bool operator==(const Event&, const Event&) = default;

  static constexpr Event read(ThreadId t, uint32_t x) { return {EventKind::Read, t, x}; }
  static constexpr Event write(ThreadId t, uint32_t x) { return {EventKind::Write, t, x}; }
  static constexpr Event acquire(ThreadId t, uint32_t m) { return {EventKind::Acquire, t, m}; }
  static constexpr Event release(ThreadId t, uint32_t m) { return {EventKind::Release, t, m}; }
  static constexpr Event fork(ThreadId t, ThreadId u) { return {EventKind::Fork, t, u}; }
  static constexpr Event join(ThreadId t, ThreadId u) { return {EventKind::Join, t, u}; }
  static constexpr Event exit(ThreadId t) { return {EventKind::Exit, t, 0}; }
  static constexpr Event volatile_read(ThreadId t, uint32_t v) {
    return {EventKind::VolatileRead, t, v};
  }
  static constexpr Event volatile_write(ThreadId t, uint32_t v) {
    return {EventKind::VolatileWrite, t, v};
  }
  static constexpr Event barrier_arrive(ThreadId t, uint32_t b) {
    return {EventKind::BarrierArrive, t, b};
  }
  static constexpr Event barrier_depart(ThreadId t, uint32_t b) {
    return {EventKind::BarrierDepart, t, b};
  }
};

using Trace = std::vector<Event>;

constexpr bool is_access(EventKind kind) {
  return kind == EventKind::Read || kind == EventKind::Write;
}
constexpr bool is_access(const Event& e) {
  return is_access(e.kind);
}

// Two accesses conflict when they touch the same location from different threads and at least
// one writes (same-thread pairs are always ordered by program order, so they never race).
constexpr bool conflicts(const Event& a, const Event& b) {
  return is_access(a) && is_access(b) && a.target == b.target && a.thread != b.thread &&
         (a.kind == EventKind::Write || b.kind == EventKind::Write);
}

// The paper's operation names: "rd", "wr", "acq", "rel", "fork", "join", "exit", and "vrd",
// "vwr", "arr", "dep" for volatiles and barriers.
std::string_view to_string(EventKind kind);

// The paper's notation with explicit prefixes so ids of different sorts cannot be confused:
// "rd(t1,x0)", "wr(t0,x2)", "acq(t1,m0)", "rel(t1,m0)", "fork(t0,t1)", "join(t0,t1)",
// "exit(t1)", "vrd(t1,v0)", "vwr(t0,v0)", "arr(t2,b0)", "dep(t2,b0)".
std::string to_string(const Event& e);

// Events separated by single spaces, e.g. "wr(t0,x0) fork(t0,t1) rd(t1,x0)".
std::string to_string(const Trace& trace);

} // namespace racelang::detect
