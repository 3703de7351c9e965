// The direct happens-before edges of a trace: the synchronisation arrows a person draws between
// thread lanes (release→acquire, fork, join, volatile write→read, barrier arrival→departure),
// with program order left implicit. Their transitive closure together with program order is
// exactly the oracle's <hb (hb_oracle.h) on well-formed traces (well_formed.h), which the tests
// check on generated traces; unlike the oracle it costs O(n) time for a bounded number of threads
// (O(threads) per volatile read and per departure) and O(threads × (locks + volatiles) +
// barrier arrivals) memory, so the run viewer can draw them for long runs.
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
  // vwr(w,v) -> vrd(u,v): from the last write of v by each other thread w, unless that write is
  // before u's previous read of v (which it reaches already)
  VolatileWriteRead,
  // arr(w,b) -> dep(u,b): from every arrival of the phase by another thread to each departure
  ArriveDepart,
};

// "release-acquire", "fork", "join", "volatile-write-read", "arrive-depart".
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
  bool volatile_write_read = true;
  bool arrive_depart = true;
  // Links a volatile read only to the last write of v before it, by whatever thread (the
  // tempting "hand-off" reading of volatiles, which loses earlier writes by other threads: volatile
  // writes are not ordered with each other).
  bool volatile_from_last_write_only = false;
};

// The direct edges, ordered by `to`. Precondition: the trace is
// well formed for either join discipline (check_well_formed). Only the last release of m before
// acq(u,m) is linked: on a well-formed trace every earlier release of m happens before that one,
// so the oracle's "every earlier release" edges are implied. A thread joined several times
// (CPP'17 §3.4) gets a join edge from its last event to each join. Volatile writes are not
// ordered with each other, so a read needs an edge from the last write of every thread that wrote
// v (at most one per thread, and none for writes its own previous read of v already reaches).
// Barrier departures are not ordered with each other, nor arrivals, so each departure gets an
// edge from every other thread's arrival in its phase: k(k-1) edges for a phase of k threads
// (there is no event standing for the barrier itself that the edges could meet at).
std::vector<HbEdge> direct_hb_edges(const Trace& trace, const HbEdgeOptions& options = {});

} // namespace racelang::detect
