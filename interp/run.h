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

class RaceObserver;

// What only the interpreter can be asked for, on top of the options every backend takes.
struct InterpreterOptions : RunOptions {
  // nullopt: no detector (`--detector=none`).
  std::optional<detect::DetectorKind> detector = detect::DetectorKind::VectorClock;
  // With keep_going, the run continues past a race with Detector::force. Overrides `detector`
  // when set: tests run deliberately broken detectors through it.
  std::function<std::unique_ptr<detect::Detector>()> detector_factory;
  MachineOptions machine; // bigger_step: the semantics of Figure 11 (`run --bigger-step`)
  // Every labelled step in order, with Exit labels for threads that finish (for traces).
  std::function<void(const LabelledStep&)> on_event;
  // Every labelled step again, after the detector has taken it (or been stuck on it: `race` is
  // then the report, nullptr otherwise), with the machine after the scheduling step that holds
  // it and the observer holding the detector's state; observed_run.h records from it.
  std::function<void(const LabelledStep&, const Machine&, const RaceObserver&, const RaceReport*)>
      on_observed;
  // Receives the machine's whole state at the end (locals and positions too), if set.
  MachineState* final_state = nullptr;
  // Whether RunResult::schedule records every choice: eight bytes a scheduling point, so a
  // run of 10^8 steps kept nearly a gigabyte for a schedule nobody read. `racelang run` keeps
  // it only for --record, --html and --dot; a seed replays the run anyway.
  bool keep_schedule = true;
};

// Runs `code` to its end under `scheduler`.
RunResult run_program(const Code& code, Scheduler& scheduler,
                      const InterpreterOptions& options = {});

// The deadlock description of a machine where nothing can step: every running thread.
std::vector<BlockedThread> blocked_threads(const Machine& machine);

// race_from_check (outcome/outcome.h) for a failed check of `code`'s program.
RaceReport race_from_check(const Code& code, const Failure& failure);

} // namespace racelang
