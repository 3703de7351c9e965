// Internal to predict/: what the two vector-clock analyses (shb.cpp, wcp.cpp) share: clocks and
// the log of each thread's accesses to each location that turns a clock into every racing pair,
// not only the one report per access of the papers' algorithms. A thread's accesses to a
// location are kept in program order with their local times; scanning them back from the latest
// stops at the first one the current clock covers (all earlier ones are covered too), so the
// cost is the pairs reported plus one check per thread.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "predict/predict.h"

namespace racelang::predict {

using Clock = std::vector<uint32_t>;

inline void join_into(Clock& into, const Clock& from) {
  for (size_t i = 0; i < from.size(); ++i) into[i] = std::max(into[i], from[i]);
}

class AccessLog {
public:
  // `accesses`: how many accesses will be added, if known (the log is allocated once).
  AccessLog(size_t locations, size_t threads, size_t accesses = 0)
      : threads_(threads), read_head_(locations * threads, kNone),
        write_head_(locations * threads, kNone) {
    stamps_.reserve(accesses);
  }

  // Appends to `out`, ordered by first event, every earlier access of another thread that
  // conflicts with access `event` (of kind op to location x, of dense thread t, with clock c) and
  // that c does not cover. Returns false, having stopped, once `out` holds `limit` pairs.
  bool report(Op op, uint32_t x, uint32_t event, uint32_t t, const Clock& c, Analysis analysis,
              uint64_t limit, std::vector<PredictedRace>& out) const {
    size_t before = out.size();
    bool room = true;
    const uint32_t* writes = write_head_.data() + key(x, 0);
    const uint32_t* reads = read_head_.data() + key(x, 0);
    for (uint32_t u = 0; u < c.size() && room; ++u) {
      if (u == t) continue;
      auto scan = [&](uint32_t head) {
        for (uint32_t s = head; s != kNone && stamps_[s].time > c[u]; s = stamps_[s].previous) {
          if (out.size() >= limit) {
            room = false;
            return;
          }
          out.push_back({stamps_[s].event, event, analysis, {}});
        }
      };
      scan(writes[u]);
      if (op == Op::Write) scan(reads[u]);
    }
    std::sort(out.begin() + static_cast<std::ptrdiff_t>(before), out.end(),
              [](const PredictedRace& a, const PredictedRace& b) { return a.first < b.first; });
    return room;
  }
  bool report(const Event& e, uint32_t event, uint32_t t, const Clock& c, Analysis analysis,
              uint64_t limit, std::vector<PredictedRace>& out) const {
    return report(e.op, e.target, event, t, c, analysis, limit, out);
  }
  // Records access `event` (of kind op to location x) of dense thread t at local time `time`.
  void add(Op op, uint32_t x, uint32_t event, uint32_t t, uint32_t time) {
    uint32_t& head = (op == Op::Write ? write_head_ : read_head_)[key(x, t)];
    stamps_.push_back({time, event, head});
    head = static_cast<uint32_t>(stamps_.size() - 1);
  }
  void add(const Event& e, uint32_t event, uint32_t t, uint32_t time) {
    add(e.op, e.target, event, t, time);
  }

private:
  static constexpr uint32_t kNone = UINT32_MAX;
  // One log entry; a thread's entries for a location are linked from the latest back, so the
  // whole log is one array (a vector per location and thread made traces with many locations
  // spend their time allocating).
  struct Stamp {
    uint32_t time;
    uint32_t event;
    uint32_t previous; // the same thread's previous entry for the location, kNone if first
  };
  size_t key(uint32_t x, uint32_t t) const { return size_t{x} * threads_ + t; }
  size_t threads_;
  std::vector<uint32_t> read_head_, write_head_; // location * threads + thread -> latest entry
  std::vector<Stamp> stamps_;
};

} // namespace racelang::predict
