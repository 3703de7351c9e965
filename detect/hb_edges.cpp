// One forward pass with O(1) state per thread and per lock: the last release of each lock, the
// last event of each thread, and each forked thread's fork until its first event.
#include "detect/hb_edges.h"

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
  }
  return "?";
}

std::vector<HbEdge> direct_hb_edges(const Trace& trace, const HbEdgeOptions& options) {
  std::vector<HbEdge> edges;
  std::unordered_map<uint32_t, std::size_t> last_release;  // lock -> index
  std::unordered_map<uint32_t, std::size_t> first_release; // lock -> index (broken variant)
  std::unordered_map<ThreadId, std::size_t> last_event;    // thread -> index
  std::unordered_map<ThreadId, std::size_t> fork_of;       // thread -> its fork, while unused

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
