// The vocabulary of a run, the same for every backend: how a run ended (Outcome), what failed
// (Failure, with the RaceCheckReport of a failed instrumentation check), who was blocked in a
// deadlock (BlockedThread), the races found (RaceReport, RaceKey), and the options and result
// of a run. The interpreter and the JIT both speak it, so the driver's reports, exit codes and
// replay hints, and the tests that compare the two backends, need no conversions. Each backend
// adds only what it alone has (interp/run.h: the detector, the semantics, the labelled events).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "frontend/ast.h"
#include "frontend/check.h"

namespace racelang {

class AccessRanges; // frontend/ast_walk.h

inline constexpr uint64_t kDefaultMaxSteps = 10'000'000;

// How a run ended.
enum class Outcome : uint8_t {
  Finished,         // every thread finished (races may have been reported with keep_going)
  Race,             // stopped at a race (or a failed instrumentation check)
  RuntimeError,     // division by zero, bad index, unlock not held, re-spawn
  AssertionFailure, // a user assert
  Deadlock,         // every live thread blocked (lock, wait, condition, barrier)
  // An `assume` was false: the execution is not a behaviour of the program (docs/language.md).
  // Not an error: exit code 0, like Finished.
  Discarded,
  StepLimit,     // the interpreter's instruction budget ran out
  TimeLimit,     // RunOptions::timeout_ms passed before the run ended
  ScheduleError, // a replayed schedule does not fit the program (the interpreter's)
};

enum class FailureKind : uint8_t {
  RuntimeError,     // division by zero, bad index, unlock not held, re-spawn
  AssertionFailure, // a user assert
  RaceCheck,        // an instrumentation check `assert(...) __race(...)` (a data race)
};

// What an instrumentation check reported, evaluated when it failed.
struct RaceCheckReport {
  AccessKind kind = AccessKind::Read;
  uint32_t cell = 0; // the checked location (a cell of the instrumented program)
  int64_t site = 0;  // line * kSiteLineFactor + col of the access
  AccessKind prev_kind = AccessKind::Write;
  int64_t prev_thread = 0;
  int64_t prev_site = 0;
};

struct Failure {
  FailureKind kind = FailureKind::RuntimeError;
  int64_t thread = 0; // racelang id
  SourceRange range;
  std::string message; // "thread 2: division by zero (a / b with a = 1, b = 0)"
  std::optional<RaceCheckReport> race;
};

// Why a thread cannot step: for deadlock reports.
struct Blocker {
  // Condition: waiting on a condition variable until notified; Barrier: arrived at a barrier
  // that has not filled; Assume: an `assume` was false (the thread never continues).
  enum Kind : uint8_t { None, Lock, Wait, Condition, Barrier, Assume } kind = None;
  uint32_t cell = 0;   // Lock, Condition, Barrier: the lock's, condition's or barrier's cell
  int64_t holder = -1; // Lock: the thread holding it
  int64_t waited = -1; // Wait: the thread waited for
  bool waited_spawned = false;
  int64_t arrived = 0; // Barrier: threads arrived in this phase, itself included
  int64_t needed = 0;  // Barrier: threads the phase waits for
  SourceRange range;   // the blocked statement
};

struct BlockedThread {
  int64_t thread = 0; // racelang id
  Blocker blocker;
};

// One access of a race: its thread, kind and source range.
struct RaceAccess {
  int64_t thread = 0;
  AccessKind kind = AccessKind::Read;
  SourceRange range; // begin.line == 0: not known
  friend bool operator==(const RaceAccess&, const RaceAccess&) = default;
};

// What a race report says, independent of how it is printed: the location (a cell) and the
// two accesses.
struct RaceReport {
  uint32_t cell = 0;
  RaceAccess current;  // the access during which the race was detected
  RaceAccess previous; // the earlier access it races with
  // Reported by an instrumentation check (`__race`) rather than by a detector observing labels.
  bool from_instrumentation = false;
  friend bool operator==(const RaceReport&, const RaceReport&) = default;
};

// The identity of a race for "report each distinct race once": the location and the unordered
// pair of the two accesses' source positions and kinds. (In a source program a position fixes
// the thread and the kind; in an instrumented one every statement of a group has the position
// of the instruction it instruments, and a group can read and write the same metadata cell.)
struct RaceKey {
  uint32_t cell = 0;
  SourceLoc first, second; // ordered: first <= second by (line, col, kind)
  AccessKind first_kind = AccessKind::Read, second_kind = AccessKind::Read;
  auto tie() const {
    return std::tie(cell, first.line, first.col, first_kind, second.line, second.col, second_kind);
  }
  friend bool operator<(const RaceKey& a, const RaceKey& b) { return a.tie() < b.tie(); }
  friend bool operator==(const RaceKey& a, const RaceKey& b) { return a.tie() == b.tie(); }
};
RaceKey race_key(const RaceReport& report);

// A source site as race checks encode it (line * kSiteLineFactor + col); {} for none.
SourceLoc decode_site(int64_t site);

// The race a failed instrumentation check reports, as a RaceReport: positions decoded from the
// sites and widened to the load or store statement that starts there in `program_body` (the
// main thread's body, spawns included).
RaceReport race_from_check(const Block& program_body, const Failure& failure);
// The same with the program's accesses indexed once (frontend/ast_walk.h).
RaceReport race_from_check(const AccessRanges& accesses, const Failure& failure);
// race_key(race_from_check(body, failure)), without walking the program: the ranges
// race_from_check finds begin where the sites say. For deduplicating failed checks cheaply.
RaceKey race_check_key(const Failure& failure);

// What a run may be asked for, on any backend.
struct RunOptions {
  // Report every distinct race (RaceKey) once and continue past it.
  bool keep_going = false;
  // The interpreter's budget of instructions, local ones included (the JIT runs to the end).
  uint64_t max_steps = kDefaultMaxSteps;
  // Wall-clock limit in milliseconds, 0 for none (`--timeout`). The interpreter looks at the
  // clock between scheduling steps (one step is bounded by max_steps); the JIT's watchdog stops
  // every thread at its next loop head or blocking operation.
  uint64_t timeout_ms = 0;
  // Each line the program prints (no newline). Unset: lines are dropped.
  std::function<void(std::string_view)> print;
  // Each distinct race when it is found.
  std::function<void(const RaceReport&)> on_race;
};

// Counters of a run on the JIT compiled with them (CodegenOptions::stats), and its time.
struct RunStats {
  uint64_t threads = 0; // threads that ran (main included)
  uint64_t shared_accesses = 0;
  uint64_t reserved_accesses = 0;
  uint64_t checks = 0;
  uint64_t locks = 0;
  bool counted = false; // the program was compiled with counters
  double run_ms = 0;
};

struct RunResult {
  Outcome outcome = Outcome::Finished;
  std::vector<RaceReport> races;      // distinct, in the order found
  std::optional<Failure> failure;     // RuntimeError, AssertionFailure, or the failed race check
  std::vector<BlockedThread> blocked; // Deadlock, Discarded: every unfinished thread
  // StepLimit, and TimeLimit on the interpreter: each running thread and the instruction it is
  // at.
  std::vector<std::pair<int64_t, SourceRange>> running;
  std::vector<int64_t> memory; // shared memory at the end (lock cells: 0 or holder + 1)
  uint64_t steps = 0;          // instructions run (the interpreter counts them)
  RunStats stats;              // the JIT's counters and time
  // The interpreter's choice at every scheduling point, as replay files record it; and why a
  // replayed schedule did not fit (ScheduleError), and whether it ran out (an explore witness
  // ends at its race; with keep_going that is where the run stops).
  // Kept only when asked for (InterpreterOptions::keep_schedule): it grows with every step.
  std::vector<int64_t> schedule;
  uint64_t choices = 0; // scheduling points chosen (schedule.size() when it is kept)
  std::string schedule_error;
  bool schedule_exhausted = false;
};

// How a run ended, as text that compares across backends ("" for a clean finish):
//   race <cell> <pos> <pos>                        the first race, positions sorted (RaceKey)
//   failure <kind> thread <t>[ <pos> <message>]    with `exact`: position and message too
//   deadlock <thread>:<kind>[:<cell or waited thread>] ...
// The driver's replay hint looks for an interpreter run that ends as a JIT run did, and the
// differential tests compare the backends, by this text.
std::string describe_ending(const RunResult& result, const ProgramInfo& info, bool exact = true);

// 66 if any race was reported, else 0 for Finished and Discarded, 2 for ScheduleError, 1
// otherwise (the
// exit codes every racelang command uses).
int run_exit_code(const RunResult& result);

} // namespace racelang
