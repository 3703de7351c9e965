// The vector-clock value type, the synchronization rules shared by all detectors (CPP'17 Figure 2
// plus FastTrack's volatiles and barriers), and the VectorClock algorithm itself (CPP'17 Figure 2).
#include "detect/vector_clock.h"

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace racelang::detect {

void SyncCounters::count(EventKind kind) {
  switch (kind) {
  case EventKind::Read:
  case EventKind::Write:
    return;
  case EventKind::Acquire:
    ++acquire;
    return;
  case EventKind::Release:
    ++release;
    return;
  case EventKind::Fork:
    ++fork;
    return;
  case EventKind::Join:
    ++join;
    return;
  case EventKind::Exit:
    ++exit;
    return;
  case EventKind::VolatileRead:
    ++volatile_read;
    return;
  case EventKind::VolatileWrite:
    ++volatile_write;
    return;
  case EventKind::BarrierArrive:
    ++barrier_arrive;
    return;
  case EventKind::BarrierDepart:
    ++barrier_depart;
    return;
  }
}

VectorClock VectorClock::unit(ThreadId t) {
  VectorClock v;
  v.set(t, 1);
  return v;
}

void VectorClock::set(ThreadId t, Clock c) {
  if (t >= entries_.size()) {
    if (c == 0) return; // already 0; do not grow for nothing
    entries_.grow(std::size_t{t} + 1, 0);
  }
  entries_[t] = c;
}

void VectorClock::inc(ThreadId t) {
  Clock c = get(t);
  if (c == std::numeric_limits<Clock>::max())
    throw std::overflow_error("vector clock entry overflow for thread " + std::to_string(t));
  set(t, c + 1);
}

void VectorClock::join(const VectorClock& other) {
  if (other.entries_.size() > entries_.size()) entries_.grow(other.entries_.size(), 0);
  for (std::size_t i = 0; i < other.entries_.size(); ++i)
    entries_[i] = std::max(entries_[i], other.entries_[i]);
}

bool VectorClock::leq(const VectorClock& other) const {
  return !first_exceeding(other);
}

std::optional<ThreadId> VectorClock::first_exceeding(const VectorClock& other) const {
  for (std::size_t i = 0; i < entries_.size(); ++i) {
    const Clock theirs = i < other.entries_.size() ? other.entries_[i] : 0;
    if (entries_[i] > theirs) return static_cast<ThreadId>(i);
  }
  return std::nullopt;
}

bool operator==(const VectorClock& a, const VectorClock& b) {
  const std::size_t n = std::max(a.entries_.size(), b.entries_.size());
  for (std::size_t i = 0; i < n; ++i)
    if (a.get(static_cast<ThreadId>(i)) != b.get(static_cast<ThreadId>(i))) return false;
  return true;
}

std::string VectorClock::to_string(std::size_t min_width) const {
  std::size_t n = entries_.size();
  while (n > 0 && entries_[n - 1] == 0) --n;
  n = std::max(n, min_width);
  std::string out = "[";
  for (std::size_t i = 0; i < n; ++i) {
    if (i > 0) out += ',';
    out += std::to_string(get(static_cast<ThreadId>(i)));
  }
  out += ']';
  return out;
}

VectorClock join(VectorClock a, const VectorClock& b) {
  a.join(b);
  return a;
}

// --- SyncClocks -------------------------------------------------------------------------------

void SyncClocks::ensure_thread(ThreadId t) {
  if (t >= threads_.size()) threads_.resize(std::size_t{t} + 1);
  // A thread's own entry is at least 1 from its initial state on, so 0 marks "not yet created".
  if (threads_[t].get(t) == 0) threads_[t].set(t, 1);
}

VectorClock& SyncClocks::thread(ThreadId t) {
  ensure_thread(t);
  return threads_[t];
}

VectorClock SyncClocks::thread_copy(ThreadId t) const {
  if (t < threads_.size() && threads_[t].get(t) != 0) return threads_[t];
  return VectorClock::unit(t);
}

const VectorClock& SyncClocks::lock(uint32_t m) const {
  return locks_.get(m);
}

const VectorClock& SyncClocks::volatile_clock(uint32_t v) const {
  return volatiles_.get(v);
}

const VectorClock& SyncClocks::barrier_clock(uint32_t b) const {
  return barriers_.get(b).clock;
}

bool SyncClocks::barrier_between_phases(uint32_t b) const {
  return barriers_.get(b).between_phases;
}

void SyncClocks::acquire(ThreadId t, uint32_t m) {
  thread(t).join(lock(m));
}

void SyncClocks::release(ThreadId t, uint32_t m) {
  VectorClock& ct = thread(t);
  if (options_.release_joins_lock)
    locks_.at(m).join(ct);
  else
    locks_.at(m) = ct;
  if (options_.increment_on_release) ct.inc(t);
}

void SyncClocks::fork(ThreadId t, ThreadId u) {
  // Create both before taking references: creating one may reallocate the table.
  ensure_thread(t);
  ensure_thread(u);
  threads_[u].join(threads_[t]);
  if (options_.increment_on_fork) threads_[t].inc(t);
}

void SyncClocks::join(ThreadId t, ThreadId u) {
  ensure_thread(t);
  ensure_thread(u);
  threads_[t].join(threads_[u]);
  if (options_.increment_on_join) threads_[u].inc(u);
}

void SyncClocks::volatile_read(ThreadId t, uint32_t v) {
  thread(t).join(volatile_clock(v));
}

void SyncClocks::volatile_write(ThreadId t, uint32_t v) {
  VectorClock& ct = thread(t);
  // Joined, not assigned as for locks: volatile writes need not be ordered with each other, and
  // a later read must see every earlier write, not only the last.
  if (options_.volatile_write_adds_edge) volatiles_.at(v).join(ct);
  if (options_.volatile_write_increments) ct.inc(t);
}

void SyncClocks::barrier_arrive(ThreadId t, uint32_t b) {
  Barrier& bb = barriers_.at(b);
  if (bb.between_phases) {
    // The first arrival after a departure opens a new phase: the previous phase's arrivals must
    // not reach this phase's departures (their threads may not take part in this phase).
    if (options_.barrier_resets_per_phase) bb.clock = VectorClock{};
    bb.between_phases = false;
  }
  // No increment: a thread that arrived does nothing until it departs, and the departure
  // increments.
  bb.clock.join(thread(t));
}

void SyncClocks::barrier_depart(ThreadId t, uint32_t b) {
  Barrier& bb = barriers_.at(b);
  bb.between_phases = true;
  VectorClock& ct = thread(t);
  ct.join(bb.clock);
  // t's events after the barrier must not look ordered before the other threads' departures,
  // which joined B_b holding t's arrival clock.
  if (options_.barrier_depart_increments) ct.inc(t);
}

bool SyncClocks::apply(const Event& e) {
  switch (e.kind) {
  case EventKind::Acquire:
    acquire(e.thread, e.target);
    return true;
  case EventKind::Release:
    release(e.thread, e.target);
    return true;
  case EventKind::Fork:
    fork(e.thread, e.target);
    return true;
  case EventKind::Join:
    join(e.thread, e.target);
    return true;
  case EventKind::VolatileRead:
    volatile_read(e.thread, e.target);
    return true;
  case EventKind::VolatileWrite:
    volatile_write(e.thread, e.target);
    return true;
  case EventKind::BarrierArrive:
    barrier_arrive(e.thread, e.target);
    return true;
  case EventKind::BarrierDepart:
    barrier_depart(e.thread, e.target);
    return true;
  case EventKind::Read:
  case EventKind::Write:
  case EventKind::Exit:
    return false;
  }
  return false;
}

// --- VectorClockDetector ----------------------------------------------------------------------

VectorClockDetector::VectorClockDetector(const VectorClockOptions& options)
    : options_(options), sync_(options) {}

std::vector<uint32_t> VectorClockDetector::locations_with_metadata() const {
  return allocated_locations(reads_, writes_);
}

VectorClock VectorClockDetector::read_clock(uint32_t x) const {
  return reads_.get(x);
}
VectorClock VectorClockDetector::write_clock(uint32_t x) const {
  return writes_.get(x);
}

std::optional<Race> VectorClockDetector::check(const Event& e) {
  const VectorClock& ct = sync_.thread(e.thread);
  // Both rules require W_x ⊑ C_t; report a write conflict first (the premise order).
  if (auto u = writes_.get(e.target).first_exceeding(ct)) return Race{e, EventKind::Write, *u};
  if (e.kind == EventKind::Write && options_.check_reads_on_write) {
    if (auto u = reads_.get(e.target).first_exceeding(ct)) return Race{e, EventKind::Read, *u};
  }
  return std::nullopt;
}

void VectorClockDetector::update(const Event& e) {
  if (sync_.apply(e)) return;
  if (e.kind == EventKind::Exit) return; // not an operation of Figure 2
  const VectorClock::Clock now = sync_.thread(e.thread).get(e.thread);
  if (e.kind == EventKind::Read)
    reads_.at(e.target).set(e.thread, now);
  else
    writes_.at(e.target).set(e.thread, now);
}

std::optional<Race> VectorClockDetector::step(const Event& e) {
  if (is_access(e)) {
    if (auto race = check(e)) return race;
  }
  update(e);
  return std::nullopt;
}

void VectorClockDetector::force(const Event& e) {
  update(e);
}

} // namespace racelang::detect
