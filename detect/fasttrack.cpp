// FastTrack's access rules (PLDI'09 Figure 2) on top of the shared synchronization rules.
#include "detect/fasttrack.h"

namespace racelang::detect {

std::string Epoch::to_string() const {
  return std::to_string(clock) + "@" + std::to_string(thread);
}

FastTrackDetector::FastTrackDetector(const FastTrackOptions& options) : options_(options) {}

FastTrackDetector::VarState& FastTrackDetector::var(uint32_t x) {
  return vars_.at(x);
}

std::vector<uint32_t> FastTrackDetector::locations_with_metadata() const {
  std::vector<uint32_t> out;
  vars_.append_allocated(out);
  return out;
}

Epoch FastTrackDetector::write_epoch(uint32_t x) const {
  return vars_.get(x).w;
}
bool FastTrackDetector::read_is_shared(uint32_t x) const {
  return vars_.get(x).shared;
}
Epoch FastTrackDetector::read_epoch(uint32_t x) const {
  return !vars_.get(x).shared ? vars_.get(x).r : Epoch{};
}
VectorClock FastTrackDetector::read_clock(uint32_t x) const {
  return vars_.get(x).shared ? vars_.get(x).rvc : VectorClock{};
}

std::optional<Race> FastTrackDetector::read(const Event& e, bool checked) {
  const ThreadId t = e.thread;
  const VectorClock& ct = sync_.thread(t);
  const Epoch now{ct.get(t), t};
  VarState& x = var(e.target);

  if (!x.shared && x.r == now) { // [FT READ SAME EPOCH]
    ++counters_.read_same_epoch;
    return std::nullopt;
  }
  if (checked && !x.w.leq(ct)) { // write-read race
    ++counters_.races;
    return Race{e, EventKind::Write, x.w.thread};
  }
  if (x.shared) { // [FT READ SHARED]
    x.rvc.set(t, now.clock);
    ++counters_.read_shared;
  } else if (x.r.leq(ct) || !options_.share_concurrent_reads) { // [FT READ EXCLUSIVE]
    x.r = now;
    ++counters_.read_exclusive;
  } else { // [FT READ SHARE]
    x.rvc = VectorClock{};
    x.rvc.set(x.r.thread, x.r.clock);
    x.rvc.set(t, now.clock);
    x.shared = true;
    x.r = Epoch{};
    ++counters_.read_share;
  }
  return std::nullopt;
}

std::optional<Race> FastTrackDetector::write(const Event& e, bool checked) {
  const ThreadId t = e.thread;
  const VectorClock& ct = sync_.thread(t);
  const Epoch now{ct.get(t), t};
  VarState& x = var(e.target);

  if (x.w == now) { // [FT WRITE SAME EPOCH]
    ++counters_.write_same_epoch;
    return std::nullopt;
  }
  if (checked) {
    if (!x.w.leq(ct)) { // write-write race
      ++counters_.races;
      return Race{e, EventKind::Write, x.w.thread};
    }
    // read-write race
    std::optional<ThreadId> reader;
    if (x.shared)
      reader = x.rvc.first_exceeding(ct);
    else if (!x.r.leq(ct))
      reader = x.r.thread;
    if (reader) {
      ++counters_.races;
      return Race{e, EventKind::Read, *reader};
    }
  }
  x.w = now;
  if (x.shared) { // [FT WRITE SHARED]: every read happens before this write; forget them
    x.shared = false;
    x.rvc = VectorClock{};
    x.r = Epoch{};
    ++counters_.write_shared;
  } else { // [FT WRITE EXCLUSIVE]
    ++counters_.write_exclusive;
  }
  return std::nullopt;
}

std::optional<Race> FastTrackDetector::apply(const Event& e, bool checked) {
  switch (e.kind) {
  case EventKind::Read:
    return read(e, checked);
  case EventKind::Write:
    return write(e, checked);
  default:
    break;
  }
  counters_.count(e.kind);
  sync_.apply(e);
  return std::nullopt;
}

std::optional<Race> FastTrackDetector::step(const Event& e) {
  return apply(e, true);
}

void FastTrackDetector::force(const Event& e) {
  apply(e, false);
}

} // namespace racelang::detect
