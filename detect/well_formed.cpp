// The trace discipline checker: one pass with the per-thread, per-lock and per-barrier facts the
// rules need.
#include "detect/well_formed.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

namespace racelang::detect {

namespace {

std::string thread_name(ThreadId t) {
  return "t" + std::to_string(t);
}

} // namespace

std::optional<TraceError> check_well_formed(const Trace& trace, JoinDiscipline discipline) {
  std::unordered_set<ThreadId> seen;     // appeared in any role so far
  std::unordered_set<ThreadId> finished; // exited, or joined (Single)
  std::unordered_set<ThreadId> exited;
  std::unordered_set<ThreadId> joined;
  std::unordered_map<uint32_t, ThreadId> holder;  // held locks
  std::unordered_map<ThreadId, uint32_t> waiting; // thread -> the barrier it arrived at
  struct Barrier {
    std::unordered_set<ThreadId> waiting; // arrived in the current phase, not yet departed
    bool departed = false;                // a departure since the last arrival
  };
  std::unordered_map<uint32_t, Barrier> barriers;

  for (std::size_t i = 0; i < trace.size(); ++i) {
    const Event& e = trace[i];
    const std::string what = to_string(e) + ": ";
    auto error = [&](const std::string& message) {
      return std::optional<TraceError>(TraceError{i, what + message});
    };
    if (finished.contains(e.thread))
      return error(thread_name(e.thread) +
                   (exited.contains(e.thread) ? " has exited" : " has been joined"));
    if (auto it = waiting.find(e.thread);
        it != waiting.end() && !(e.kind == EventKind::BarrierDepart && e.target == it->second))
      return error(thread_name(e.thread) + " is waiting at b" + std::to_string(it->second));
    switch (e.kind) {
    case EventKind::Read:
    case EventKind::Write:
      break;
    case EventKind::Acquire:
      if (auto it = holder.find(e.target); it != holder.end())
        return error("m" + std::to_string(e.target) + " is held by " + thread_name(it->second));
      holder.emplace(e.target, e.thread);
      break;
    case EventKind::Release:
      if (auto it = holder.find(e.target); it == holder.end() || it->second != e.thread)
        return error("m" + std::to_string(e.target) + " is not held by " + thread_name(e.thread));
      holder.erase(e.target);
      break;
    case EventKind::Fork:
      if (e.target == e.thread) return error("a thread cannot fork itself");
      if (seen.contains(e.target))
        return error(thread_name(e.target) + " already appeared before its fork");
      break;
    case EventKind::Join:
      if (e.target == e.thread) return error("a thread cannot join itself");
      if (auto it = waiting.find(e.target); it != waiting.end())
        return error(thread_name(e.target) + " is waiting at b" + std::to_string(it->second));
      if (discipline == JoinDiscipline::Single) {
        if (joined.contains(e.target))
          return error(thread_name(e.target) + " has already been joined");
      } else if (!exited.contains(e.target)) {
        return error(thread_name(e.target) + " is joined before its exit");
      }
      break;
    case EventKind::Exit:
    case EventKind::VolatileRead:
    case EventKind::VolatileWrite:
      break;
    case EventKind::BarrierArrive: {
      Barrier& b = barriers[e.target];
      if (b.departed) { // opens a new phase
        if (!b.waiting.empty())
          return error("the previous phase of b" + std::to_string(e.target) + " still has " +
                       thread_name(*std::min_element(b.waiting.begin(), b.waiting.end())) +
                       " to depart");
        b.departed = false;
      }
      b.waiting.insert(e.thread);
      waiting.emplace(e.thread, e.target);
      break;
    }
    case EventKind::BarrierDepart: {
      Barrier& b = barriers[e.target];
      if (!b.waiting.erase(e.thread))
        return error(thread_name(e.thread) + " has not arrived at b" + std::to_string(e.target) +
                     " in its current phase");
      b.departed = true;
      waiting.erase(e.thread);
      break;
    }
    }
    seen.insert(e.thread);
    if (e.kind == EventKind::Fork || e.kind == EventKind::Join) seen.insert(e.target);
    if (e.kind == EventKind::Exit) {
      exited.insert(e.thread);
      finished.insert(e.thread);
    }
    if (e.kind == EventKind::Join) {
      joined.insert(e.target);
      if (discipline == JoinDiscipline::Single) finished.insert(e.target);
    }
  }
  return std::nullopt;
}

} // namespace racelang::detect
