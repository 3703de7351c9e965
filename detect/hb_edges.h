// The direct happens-before edges of a trace: the synchronisation arrows a person draws between
// thread lanes (release→acquire, fork, join), with program order left implicit. Their transitive
// closure together with program order is exactly the oracle's <hb (hb_oracle.h) on well-formed
// traces (well_formed.h), which the tests check on generated traces; unlike the oracle it costs
// O(n) time and O(threads + locks) memory, so the run viewer can draw them for long runs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "detect/event.h"

namespace racelang::detect {

enum class HbEdgeKind : uint8_t {
  ReleaseAcquire, // rel(t,m) -> the next acq(u,m): the lock hand-off (u may be t)
  Fork,           // fork(t,u) -> u's first event
  Join,           // u's last event -> join(t,u); fork(t,u) -> join(t,u) when u has no events
};

// "release-acquire", "fork", "join".
std::string_view to_string(HbEdgeKind kind);

struct HbEdge {
  std::size_t from; // trace index, from < to
  std::size_t to;
  HbEdgeKind kind;
  friend bool operator==(const HbEdge&, const HbEdge&) = default;
};

// Deliberately breakable rules, for negative controls only: each false drops one kind of edge,
// and the tests show the closure then differs from the oracle.
struct HbEdgeOptions {
  bool release_acquire = true;
  bool fork = true;
  bool join = true;
  // Links an acquire to the *first* release of its lock instead of the last (the hand-off).
  bool acquire_from_first_release = false;
};

// The direct edges, ordered by `to`. Precondition: the trace is
// well formed for either join discipline (check_well_formed). Only the last release of m before
// acq(u,m) is linked: on a well-formed trace every earlier release of m happens before that one,
// so the oracle's "every earlier release" edges are implied. A thread joined several times
// (CPP'17 §3.4) gets a join edge from its last event to each join.
std::vector<HbEdge> direct_hb_edges(const Trace& trace, const HbEdgeOptions& options = {});

} // namespace racelang::detect
