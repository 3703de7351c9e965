// Printing of events in the paper's notation (used in test failures, docs and debugging output;
// user-facing race reports name locations and threads themselves).
#include "detect/event.h"

namespace racelang::detect {

std::string_view to_string(EventKind kind) {
  switch (kind) {
  case EventKind::Read:
    return "rd";
  case EventKind::Write:
    return "wr";
  case EventKind::Acquire:
    return "acq";
  case EventKind::Release:
    return "rel";
  case EventKind::Fork:
    return "fork";
  case EventKind::Join:
    return "join";
  case EventKind::Exit:
    return "exit";
  case EventKind::VolatileRead:
    return "vrd";
  case EventKind::VolatileWrite:
    return "vwr";
  case EventKind::BarrierArrive:
    return "arr";
  case EventKind::BarrierDepart:
    return "dep";
  }
  return "?";
}

std::string to_string(const Event& e) {
  std::string out(to_string(e.kind));
  out += "(t";
  out += std::to_string(e.thread);
  switch (e.kind) {
  case EventKind::Read:
  case EventKind::Write:
    out += ",x";
    out += std::to_string(e.target);
    break;
  case EventKind::Acquire:
  case EventKind::Release:
    out += ",m";
    out += std::to_string(e.target);
    break;
  case EventKind::Fork:
  case EventKind::Join:
    out += ",t";
    out += std::to_string(e.target);
    break;
  case EventKind::VolatileRead:
  case EventKind::VolatileWrite:
    out += ",v";
    out += std::to_string(e.target);
    break;
  case EventKind::BarrierArrive:
  case EventKind::BarrierDepart:
    out += ",b";
    out += std::to_string(e.target);
    break;
  case EventKind::Exit:
    break;
  }
  out += ')';
  return out;
}

std::string to_string(const Trace& trace) {
  std::string out;
  for (const Event& e : trace) {
    if (!out.empty()) out += ' ';
    out += to_string(e);
  }
  return out;
}

} // namespace racelang::detect
