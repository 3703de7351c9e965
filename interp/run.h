// One run of a program: the machine driven by a scheduler, with a race detector observing every
// label. This is the engine of `racelang run` and of the tests that replay explore's witnesses,
// so both go through exactly the same steps. The result says how the run ended and carries
// everything a report needs; printing is report.h's business.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "detect/detector.h"
#include "interp/code.h"
#include "interp/machine.h"
#include "interp/race.h"
#include "interp/scheduler.h"

namespace racelang {

inline constexpr uint64_t kDefaultMaxSteps = 10'000'000;

struct RunOptions {
  // nullopt: no detector (`--detector=none`).
  std::optional<detect::DetectorKind> detector = detect::DetectorKind::VectorClock;
  // Report every distinct race (RaceKey) once and continue past it with Detector::force.
  // Overrides `detector` when set: tests run deliberately broken detectors through it.
  std::function<std::unique_ptr<detect::Detector>()> detector_factory;
  bool keep_going = false;
  MachineOptions machine; // bigger_step: the semantics of Figure 11 (`run --bigger-step`)
  uint64_t max_steps = kDefaultMaxSteps;          // instructions, local ones included
  std::function<void(std::string_view)> print;    // each line the program prints
  std::function<void(const RaceReport&)> on_race; // each distinct race, when it is found
  // Every labelled step in order, with Exit labels for threads that finish (for traces).
  std::function<void(const LabelledStep&)> on_event;
};

enum class RunOutcome : uint8_t {
  Finished, // every thread finished (races may have been reported with keep_going)
  Race,     // stopped at a race (or an instrumentation check failed)
  RuntimeError,
  AssertionFailure,
  Deadlock,
  StepLimit,
  ScheduleError, // a replayed schedule does not fit the program (Scheduler::error())
};

struct BlockedThread {
  int64_t thread = 0;
  Blocker blocker;
};

struct RunResult {
  RunOutcome outcome = RunOutcome::Finished;
  std::vector<RaceReport> races;      // distinct, in the order found
  std::optional<Failure> failure;     // RuntimeError, AssertionFailure, or the failed race check
  std::vector<BlockedThread> blocked; // Deadlock: every unfinished thread
  // StepLimit: each running thread and the instruction it is at.
  std::vector<std::pair<int64_t, SourceRange>> running;
  std::string schedule_error;
  bool schedule_exhausted = false; // ScheduleError: a replay ran out (an explore witness ends
                                   // at its race; with keep_going that is where the run stops)
  Schedule schedule; // the choice at every scheduling point, as replay files record it
  uint64_t steps = 0;
  MachineState final_state;
};

// 66 if any race was reported, else 0 for Finished, 2 for ScheduleError, 1 otherwise.
int run_exit_code(const RunResult& result);

// Runs `code` to its end under `scheduler`.
RunResult run_program(const Code& code, Scheduler& scheduler, const RunOptions& options);

// The deadlock description of a machine where nothing can step: every running thread.
std::vector<BlockedThread> blocked_threads(const Machine& machine);

// The race an instrumentation check reported, as a RaceReport (positions decoded from the
// site encoding line * kSiteLineFactor + col and matched to the access's statement).
RaceReport race_from_check(const Code& code, const Failure& failure);

} // namespace racelang
