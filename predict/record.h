// Recording a run of a program as a prediction trace (trace.h): the interpreter's machine driven
// one instruction at a time through its public API, so that every scheduling step becomes one
// event with the value it read or wrote, and every condition, array index and division becomes
// a branch event naming the reads its operands were computed from (a per-thread taint of each
// local: the reads whose values flowed into it). The scheduling steps are exactly those of
// `racelang run` (a visible instruction and the local instructions after it; a spawn also
// settles the child), so the recorded trace's threads, in order, are the run's schedule, and a
// schedule made from a reordering replays under `racelang run --schedule-string`.
#pragma once

#include <cstdint>
#include <string>

#include "interp/code.h"
#include "interp/scheduler.h"
#include "predict/trace.h"

namespace racelang::predict {

enum class RecordEnd : uint8_t { Finished, Deadlock, Failed, StepLimit, ScheduleEnded };

struct Recording {
  Trace trace;
  Schedule schedule; // the thread chosen at each scheduling point (one per non-branch event)
  RecordEnd end = RecordEnd::Finished;
  std::string message; // why the run stopped, unless it finished
};

// Runs `code` under `scheduler` for at most `max_steps` instructions. Races do not stop it.
Recording record_run(const Code& code, Scheduler& scheduler, uint64_t max_steps);

} // namespace racelang::predict
