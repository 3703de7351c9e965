// Happens-before as bitsets of predecessors, built in one pass: each event's row is the union of
// the closed rows of its direct predecessors, which is the transitive closure because every edge
// points forward in the trace.
#include "detect/hb_oracle.h"

#include <algorithm>
#include <unordered_map>

namespace racelang::detect {

namespace {

using Bits = std::vector<uint64_t>;

void set_bit(uint64_t* bits, std::size_t i) {
  bits[i / 64] |= uint64_t{1} << (i % 64);
}

void or_into(uint64_t* dst, const uint64_t* src, std::size_t words) {
  for (std::size_t w = 0; w < words; ++w) dst[w] |= src[w];
}

} // namespace

HappensBefore::HappensBefore(const Trace& trace)
    : n_(trace.size()), words_((trace.size() + 63) / 64), bits_(n_ * words_, 0) {
  // Closed sets ("this event and everything before it") that later events inherit.
  std::unordered_map<ThreadId, std::size_t> last_event; // program order
  std::unordered_map<uint32_t, Bits> released;          // every release of m
  std::unordered_map<ThreadId, Bits> forked;            // every fork of u
  std::unordered_map<uint32_t, Bits> volatile_written;  // every vwr of v
  struct Phase {
    Bits arrived;          // every arrival of the current phase
    bool departed = false; // a departure since the last arrival: the next arrival starts anew
  };
  std::unordered_map<uint32_t, Phase> phases; // barrier -> its current phase
  Bits closed(words_);

  auto close = [&](std::size_t i) {
    std::copy(row(i), row(i) + words_, closed.begin());
    set_bit(closed.data(), i);
    return closed.data();
  };
  auto inherit_thread_end = [&](std::size_t j, ThreadId u) {
    if (auto it = last_event.find(u); it != last_event.end())
      or_into(row(j), close(it->second), words_);
    if (auto it = forked.find(u); it != forked.end()) or_into(row(j), it->second.data(), words_);
  };

  for (std::size_t j = 0; j < n_; ++j) {
    const Event& e = trace[j];
    // Program order, and the fork of this thread (if any) before every event of it.
    inherit_thread_end(j, e.thread);
    switch (e.kind) {
    case EventKind::Acquire:
      if (auto it = released.find(e.target); it != released.end())
        or_into(row(j), it->second.data(), words_);
      break;
    case EventKind::Join:
      // Every event of u so far, and u's fork (u's implicit end and start).
      inherit_thread_end(j, e.target);
      break;
    case EventKind::VolatileRead:
      if (auto it = volatile_written.find(e.target); it != volatile_written.end())
        or_into(row(j), it->second.data(), words_);
      break;
    case EventKind::BarrierDepart:
      if (auto it = phases.find(e.target); it != phases.end()) {
        or_into(row(j), it->second.arrived.data(), words_);
        it->second.departed = true;
      }
      break;
    case EventKind::Read:
    case EventKind::Write:
    case EventKind::Release:
    case EventKind::Fork:
    case EventKind::Exit:
    case EventKind::VolatileWrite:
    case EventKind::BarrierArrive:
      break;
    }
    // Record what later events inherit from this one.
    if (e.kind == EventKind::Release) {
      Bits& r = released.try_emplace(e.target, words_).first->second;
      or_into(r.data(), close(j), words_);
    } else if (e.kind == EventKind::Fork) {
      Bits& f = forked.try_emplace(e.target, words_).first->second;
      or_into(f.data(), close(j), words_);
    } else if (e.kind == EventKind::VolatileWrite) {
      Bits& w = volatile_written.try_emplace(e.target, words_).first->second;
      or_into(w.data(), close(j), words_);
    } else if (e.kind == EventKind::BarrierArrive) {
      Phase& phase = phases.try_emplace(e.target, Phase{Bits(words_)}).first->second;
      if (phase.departed) { // this arrival opens a new phase
        std::fill(phase.arrived.begin(), phase.arrived.end(), 0);
        phase.departed = false;
      }
      or_into(phase.arrived.data(), close(j), words_);
    }
    last_event[e.thread] = j;
  }
}

bool HappensBefore::ordered(std::size_t i, std::size_t j) const {
  if (i >= j || j >= n_) return false;
  return (row(j)[i / 64] >> (i % 64)) & 1;
}

std::optional<OracleRace> race_at(const Trace& trace, const HappensBefore& hb, std::size_t j) {
  if (j >= trace.size() || !is_access(trace[j])) return std::nullopt;
  OracleRace race{j, {}};
  for (std::size_t i = 0; i < j; ++i)
    if (conflicts(trace[i], trace[j]) && !hb.ordered(i, j)) race.conflicting.push_back(i);
  if (race.conflicting.empty()) return std::nullopt;
  return race;
}

std::optional<OracleRace> first_race(const Trace& trace) {
  const HappensBefore hb(trace);
  for (std::size_t j = 0; j < trace.size(); ++j)
    if (auto race = race_at(trace, hb, j)) return race;
  return std::nullopt;
}

std::vector<OracleRace> all_races(const Trace& trace) {
  const HappensBefore hb(trace);
  std::vector<OracleRace> races;
  for (std::size_t j = 0; j < trace.size(); ++j)
    if (auto race = race_at(trace, hb, j)) races.push_back(std::move(*race));
  return races;
}

} // namespace racelang::detect
