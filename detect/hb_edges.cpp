// One forward pass with O(1) state per thread and per lock: the last release of each lock, the
// last event of each thread, and each forked thread's fork until its first event; per volatile,
// the last write by each thread and each thread's last read; per barrier, its current phase's
// arrivals.
#include "detect/hb_edges.h"

#include <map>
#include <unordered_map>

namespace racelang::detect {

std::string_view to_string(HbEdgeKind kind) {
  switch (kind) {
  case HbEdgeKind::ReleaseAcquire:
    return "release-acquire";
  case HbEdgeKind::Fork:
    return "fork";
  case HbEdgeKind::Join:
    return "join";
  case HbEdgeKind::VolatileWriteRead:
    return "volatile-write-read";
  case HbEdgeKind::ArriveDepart:
    return "arrive-depart";
  }
  return "?";
}

std::vector<HbEdge> direct_hb_edges(const Trace& trace, const HbEdgeOptions& options) {
  std::vector<HbEdge> edges;
  std::unordered_map<uint32_t, std::size_t> last_release;  // lock -> index
  std::unordered_map<uint32_t, std::size_t> first_release; // lock -> index (broken variant)
  std::unordered_map<ThreadId, std::size_t> last_event;    // thread -> index
  std::unordered_map<ThreadId, std::size_t> fork_of;       // thread -> its fork, while unused
  // volatile -> thread -> its last write of the volatile (ordered maps: edges come out sorted by
  // thread, so the output does not depend on hashing)
  std::unordered_map<uint32_t, std::map<ThreadId, std::size_t>> last_vwr;
  std::unordered_map<uint32_t, std::size_t> last_vwr_any; // (broken variant)
  std::unordered_map<uint32_t, std::unordered_map<ThreadId, std::size_t>> last_vrd;
  struct Phase {
    std::vector<std::size_t> arrivals; // of the current phase
    bool departed = false;             // a departure since the last arrival
  };
  std::unordered_map<uint32_t, Phase> phases; // barrier -> its current phase

  for (std::size_t j = 0; j < trace.size(); ++j) {
    const Event& e = trace[j];
    if (auto it = fork_of.find(e.thread); it != fork_of.end() && !last_event.contains(e.thread)) {
      if (options.fork) edges.push_back({it->second, j, HbEdgeKind::Fork});
    }
    switch (e.kind) {
    case EventKind::Acquire: {
      auto& from = options.acquire_from_first_release ? first_release : last_release;
      if (auto it = from.find(e.target); it != from.end() && options.release_acquire)
        edges.push_back({it->second, j, HbEdgeKind::ReleaseAcquire});
      break;
    }
    case EventKind::Join:
      // u's end; when u did nothing, its fork stands for its start and end (as in the oracle).
      if (auto it = last_event.find(e.target); it != last_event.end()) {
        if (options.join) edges.push_back({it->second, j, HbEdgeKind::Join});
      } else if (auto f = fork_of.find(e.target); f != fork_of.end()) {
        if (options.join) edges.push_back({f->second, j, HbEdgeKind::Join});
      }
      break;
    case EventKind::VolatileRead: {
      std::unordered_map<ThreadId, std::size_t>& reads = last_vrd[e.target];
      if (options.volatile_write_read && options.volatile_from_last_write_only) {
        if (auto it = last_vwr_any.find(e.target); it != last_vwr_any.end())
          if (trace[it->second].thread != e.thread)
            edges.push_back({it->second, j, HbEdgeKind::VolatileWriteRead});
      } else if (options.volatile_write_read) {
        const auto previous = reads.find(e.thread);
        for (const auto& [w, i] : last_vwr[e.target]) {
          // Own writes come by program order; writes before our previous read of v reach it
          // (by induction) and it comes by program order.
          if (w == e.thread || (previous != reads.end() && i < previous->second)) continue;
          edges.push_back({i, j, HbEdgeKind::VolatileWriteRead});
        }
      }
      reads[e.thread] = j;
      break;
    }
    case EventKind::VolatileWrite:
      last_vwr[e.target][e.thread] = j;
      last_vwr_any[e.target] = j;
      break;
    case EventKind::BarrierArrive: {
      Phase& phase = phases[e.target];
      if (phase.departed) { // this arrival opens a new phase
        phase.arrivals.clear();
        phase.departed = false;
      }
      phase.arrivals.push_back(j);
      break;
    }
    case EventKind::BarrierDepart: {
      Phase& phase = phases[e.target];
      for (std::size_t i : phase.arrivals)
        if (trace[i].thread != e.thread && options.arrive_depart)
          edges.push_back({i, j, HbEdgeKind::ArriveDepart});
      phase.departed = true;
      break;
    }
    case EventKind::Release:
      last_release[e.target] = j;
      first_release.try_emplace(e.target, j);
      break;
    case EventKind::Fork:
      fork_of[e.target] = j;
      break;
    case EventKind::Read:
    case EventKind::Write:
    case EventKind::Exit:
      break;
    }
    last_event[e.thread] = j;
  }
  return edges;
}

} // namespace racelang::detect
