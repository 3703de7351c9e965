// The traces that predictive analyses read: every scheduling step of one run (reads and writes
// with the value they read or wrote, lock acquires and releases, forks, joins and prints) plus
// branch events, which name the reads that a condition, an array index or a divisor depended
// on. Values and branch events are what the maximal causal model needs (a read whose value no
// branch depends on may see another writer); the happens-before family needs neither. Threads
// are racelang ids; locations and locks are dense ids with names kept beside the events.
// Every event but a branch is one scheduling step, so a reordering of a program's trace is
// also a schedule of that program (predict/witness.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace racelang::predict {

enum class Op : uint8_t { Read, Write, Acquire, Release, Fork, Join, Print, Branch };

struct Event {
  Op op = Op::Read;
  uint32_t thread = 0; // the racelang id of the thread that performs the event
  // Read/Write: a location id; Acquire/Release: a lock id; Fork/Join: the other thread's id.
  uint32_t target = 0;
  int64_t value = 0;          // Read: the value read; Write: the value written
  uint32_t line = 0, col = 0; // source position of the statement (0: unknown)
  std::vector<uint32_t> deps; // Branch: 0-based indices of the reads it depends on, ascending
  friend bool operator==(const Event&, const Event&) = default;
};

struct Trace {
  std::vector<Event> events;
  std::vector<std::string> locations; // location id -> name
  std::vector<std::string> locks;     // lock id -> name
  bool has_values = false;            // values and branch events were recorded
};

inline bool is_access(Op op) {
  return op == Op::Read || op == Op::Write;
}
// Every event but a branch is one scheduling step of the interpreter.
inline bool is_step(Op op) {
  return op != Op::Branch;
}
// Accesses of the same location by different threads, at least one a write.
inline bool conflicting(const Event& a, const Event& b) {
  return is_access(a.op) && is_access(b.op) && a.target == b.target && a.thread != b.thread &&
         (a.op == Op::Write || b.op == Op::Write);
}

// "rd", "wr", "acq", "rel", "fork", "join", "print", "branch".
const char* op_name(Op op);

// Checks the structure every analysis relies on: each lock released only by the thread holding
// it and acquired only when free, a thread's events only after it was forked (main, the first
// thread to act, excepted) and never after it was joined, a join only after the joined thread's
// last event, no thread forked twice. Returns the first violation as "event N: ..." (1-based).
std::optional<std::string> check_well_formed(const Trace& trace);

} // namespace racelang::predict
