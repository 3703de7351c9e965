// Trace helpers shared by every analysis: event names and the well-formedness check.
#include "predict/trace.h"

#include <unordered_map>

namespace racelang::predict {

const char* op_name(Op op) {
  switch (op) {
  case Op::Read:
    return "rd";
  case Op::Write:
    return "wr";
  case Op::Acquire:
    return "acq";
  case Op::Release:
    return "rel";
  case Op::Fork:
    return "fork";
  case Op::Join:
    return "join";
  case Op::Print:
    return "print";
  case Op::Branch:
    return "branch";
  }
  return "?";
}

std::optional<std::string> check_well_formed(const Trace& trace) {
  std::unordered_map<uint32_t, uint32_t> holder; // lock -> thread
  std::unordered_map<uint32_t, bool> forked, joined, acted;
  // A thread is forked later in the trace if a fork names it: it may not act before.
  std::unordered_map<uint32_t, size_t> fork_at;
  for (size_t i = 0; i < trace.events.size(); ++i)
    if (trace.events[i].op == Op::Fork) fork_at.emplace(trace.events[i].target, i);
  auto at = [](size_t i, const std::string& what) {
    return "event " + std::to_string(i + 1) + ": " + what;
  };
  for (size_t i = 0; i < trace.events.size(); ++i) {
    const Event& e = trace.events[i];
    std::string t = "T" + std::to_string(e.thread);
    if (joined[e.thread]) return at(i, t + " acts after it was joined");
    if (auto f = fork_at.find(e.thread); f != fork_at.end() && f->second > i)
      return at(i, t + " acts before it is forked");
    acted[e.thread] = true;
    switch (e.op) {
    case Op::Acquire:
      if (holder.count(e.target))
        return at(i, t + " acquires a lock T" + std::to_string(holder[e.target]) + " holds");
      holder[e.target] = e.thread;
      break;
    case Op::Release:
      if (!holder.count(e.target) || holder[e.target] != e.thread)
        return at(i, t + " releases a lock it does not hold");
      holder.erase(e.target);
      break;
    case Op::Fork:
      if (e.target == e.thread) return at(i, t + " forks itself");
      if (forked[e.target] || acted[e.target])
        return at(i, "T" + std::to_string(e.target) + " is forked twice or after it acted");
      forked[e.target] = true;
      break;
    case Op::Join:
      if (e.target == e.thread) return at(i, t + " joins itself");
      joined[e.target] = true;
      break;
    default:
      break;
    }
  }
  return std::nullopt;
}

} // namespace racelang::predict
