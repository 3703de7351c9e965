// DJIT+'s access rules (PLDI'09 Figure 2, right column) on top of the shared synchronization rules.
#include "detect/djit.h"

#include <algorithm>

namespace racelang::detect {

VectorClock DjitDetector::read_clock(uint32_t x) const {
  return reads_.get(x);
}
VectorClock DjitDetector::write_clock(uint32_t x) const {
  return writes_.get(x);
}

std::vector<uint32_t> DjitDetector::locations_with_metadata() const {
  return allocated_locations(reads_, writes_);
}

std::optional<Race> DjitDetector::access(const Event& e, bool checked) {
  const ThreadId t = e.thread;
  const VectorClock& ct = sync_.thread(t);
  const VectorClock::Clock now = ct.get(t);
  VectorClock& r = reads_.at(e.target);
  VectorClock& w = writes_.at(e.target);
  const bool is_read = e.kind == EventKind::Read;

  if (is_read ? r.get(t) == now : w.get(t) == now) { // same epoch
    ++(is_read ? counters_.read_same_epoch : counters_.write_same_epoch);
    return std::nullopt;
  }
  if (checked) {
    if (auto u = w.first_exceeding(ct)) {
      ++counters_.races;
      return Race{e, EventKind::Write, *u};
    }
    if (!is_read) {
      if (auto u = r.first_exceeding(ct)) {
        ++counters_.races;
        return Race{e, EventKind::Read, *u};
      }
    }
  }
  if (is_read) {
    r.set(t, now);
    ++counters_.read;
  } else {
    w.set(t, now);
    ++counters_.write;
  }
  return std::nullopt;
}

std::optional<Race> DjitDetector::apply(const Event& e, bool checked) {
  switch (e.kind) {
  case EventKind::Read:
  case EventKind::Write:
    return access(e, checked);
  default:
    break;
  }
  counters_.count(e.kind);
  sync_.apply(e);
  return std::nullopt;
}

std::optional<Race> DjitDetector::step(const Event& e) {
  return apply(e, true);
}

void DjitDetector::force(const Event& e) {
  apply(e, false);
}

} // namespace racelang::detect
