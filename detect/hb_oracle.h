// A brute-force happens-before oracle: computes <hb from its definition (CPP'17 §3.1, FastTrack
// PLDI'09 §2.1) as an explicit transitive closure over the events of a trace, and finds races as
// pairs of concurrent conflicting accesses. It is the specification every detector is tested
// against (CPP'17 Theorems 1 to 3 say VectorClock, FastTrack and the multiple-join variant are
// stuck exactly at such races), so it deliberately shares no code with the vector-clock detectors:
// it costs O(n^2/64) words of memory and O(n^2) time, fine for tests and small traces only.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "detect/event.h"

namespace racelang::detect {

// The happens-before relation of one trace: the smallest transitive relation with a <hb b
// (a before b in the trace) whenever
//   - program order: a and b are events of the same thread;
//   - locking: a = rel(t,m) and b = acq(u,m) (every earlier release of m, not only the last);
//   - fork: a = fork(t,u) and b is an event of u, or b = join(v,u);
//   - join: a is an event of u (exit(u) included) and b = join(t,u), for every join of u (§3.4);
//   - volatiles: a = vwr(t,v) and b = vrd(u,v) (every earlier write of v; FastTrack's rules order
//     nothing after a volatile read and nothing before a volatile write other than by program
//     order, so two writes of v, or two reads, are not ordered by this rule);
//   - barriers: a = arr(t,b) and b = dep(u,b) of the same phase of barrier b. A phase starts at an
//     arrival that is b's first event or follows a departure of b (no arrival of b between) and
//     holds the arrivals up to the next departure and the departures up to the next arrival.
// The edge fork(t,u) -> join(v,u) stands for u's implicit start and end: it matters only when u
// has no events between them, a trace FastTrack's feasibility condition (4) rules out but which
// VectorClock orders (C_u inherits C_t at the fork, C_v inherits C_u at the join) and which
// racelang produces for `spawn u {}`.
class HappensBefore {
public:
  explicit HappensBefore(const Trace& trace);

  std::size_t size() const { return n_; }
  // i <hb j. Strict: false when i >= j.
  bool ordered(std::size_t i, std::size_t j) const;

private:
  const uint64_t* row(std::size_t j) const { return bits_.data() + j * words_; }
  uint64_t* row(std::size_t j) { return bits_.data() + j * words_; }

  std::size_t n_ = 0;
  std::size_t words_ = 0;
  std::vector<uint64_t> bits_; // row j: the set of i with i <hb j
};

// A race found by the oracle: access `index` conflicts with each access in `conflicting` (same
// location, different threads, at least one write) and none of those happens before it.
struct OracleRace {
  std::size_t index;
  std::vector<std::size_t> conflicting; // ascending, never empty

  // The designated earlier access: the last conflicting one.
  std::size_t previous() const { return conflicting.back(); }
  friend bool operator==(const OracleRace&, const OracleRace&) = default;
};

// The race at event j (j an access with at least one concurrent conflicting earlier access), or
// nullopt.
std::optional<OracleRace> race_at(const Trace& trace, const HappensBefore& hb, std::size_t j);

// The first race: the smallest j for which race_at is not nullopt. nullopt iff the trace is
// race-free.
std::optional<OracleRace> first_race(const Trace& trace);

// Every racy access, in trace order (what a detector run with --keep-going should report).
std::vector<OracleRace> all_races(const Trace& trace);

} // namespace racelang::detect
