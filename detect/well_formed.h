// Which traces the detectors are defined on. A race detector's verdict only means something for
// traces a program could produce: threads act between their fork and their end, locks are held by
// one thread at a time, a joined thread has finished, a thread waiting at a barrier waits. The
// checker states those rules once, so the test generators, the STD reader's callers and the
// interpreter's tests can all ask whether a trace is in the domain of the theorems.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "detect/event.h"

namespace racelang::detect {

enum class JoinDiscipline {
  // FastTrack's feasible traces (PLDI'09 §2.1) for VectorClock, FastTrack and DJIT+: a thread is
  // joined at most once and does nothing after being joined. Exit events are allowed (the
  // detectors ignore them): nothing but being joined may follow a thread's exit.
  Single,
  // CPP'17 §3.4: a thread may be joined only after its exit(t), any number of times, by any
  // threads (the same one included), and does nothing after its exit.
  Multiple,
};

struct TraceError {
  std::size_t index; // the offending event
  std::string message;
  friend bool operator==(const TraceError&, const TraceError&) = default;
};

// nullopt if the trace is well formed, else the first offending event. The rules:
//  - a thread that is forked in the trace does nothing (acts, is forked or joined) before its
//    fork, and is forked once, by another thread; threads never forked are alive from the start;
//  - a thread does nothing after its exit or (Single) after being joined;
//  - acq(t,m) needs m free; rel(t,m) needs m held by t (locks are not re-entrant);
//  - join(t,u) needs u != t, and u not joined before (Single) or u exited (Multiple), and u not
//    waiting at a barrier;
//  - volatile reads and writes are always well formed;
//  - dep(t,b) needs t waiting at b: an arr(t,b) in b's current phase and no dep(t,b) since, so a
//    thread departs at most once per phase; a waiting thread does nothing else until it departs;
//  - an arrival that opens a new phase of b (one that follows a departure of b) needs every
//    thread of the previous phase departed (a barrier releases all its threads at once).
std::optional<TraceError> check_well_formed(const Trace& trace, JoinDiscipline discipline);

} // namespace racelang::detect
