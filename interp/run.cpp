// The run loop (see run.h): scheduling points, labels to the detector, races, exits, failures,
// deadlock and the step limit, in that order for each scheduling step.
#include "interp/run.h"

#include <chrono>
#include <set>

#include "interp/race_observer.h"

namespace racelang {
std::vector<BlockedThread> blocked_threads(const Machine& machine) {
  std::vector<BlockedThread> out;
  for (uint32_t k = 0; k < machine.thread_count(); ++k)
    if (machine.status(k) == ThreadStatus::Running)
      out.push_back({machine.thread_id(k), machine.blocker(k)});
  return out;
}

RaceReport race_from_check(const Code& code, const Failure& failure) {
  return race_from_check(code.access_ranges, failure);
}

RunResult run_program(const Code& code, Scheduler& scheduler, const InterpreterOptions& options) {
  RunResult result;
  Machine machine(code, options.machine);
  if (options.print) machine.set_print_sink(options.print);
  RaceObserver observer = options.detector_factory ? RaceObserver(options.detector_factory())
                                                   : RaceObserver(options.detector);
  std::set<RaceKey> seen;

  auto budget = [&] {
    return options.max_steps > result.steps ? options.max_steps - result.steps : 0;
  };
  // Handles one scheduling step's effects; returns false when the run must stop.
  auto absorb = [&](const StepResult& s) {
    result.steps += s.small_steps;
    // One scheduling step may hold several labelled steps (MachineOptions); a race in the
    // middle of them stops the run after the whole scheduling step.
    for (const LabelledStep& event : machine.events()) {
      if (options.on_event) options.on_event(event);
      if (event.label.kind == LabelKind::Exit) {
        observer.exit(event.label.thread);
        if (options.on_observed) options.on_observed(event, machine, observer, nullptr);
        continue;
      }
      if (auto race = observer.observe(event)) {
        if (seen.insert(race_key(*race)).second) {
          result.races.push_back(*race);
          if (options.on_race) options.on_race(*race);
        }
        if (!options.keep_going) {
          if (options.on_observed) options.on_observed(event, machine, observer, &*race);
          result.outcome = Outcome::Race;
          return false;
        }
        observer.force(event);
        if (options.on_observed) options.on_observed(event, machine, observer, &*race);
        continue;
      }
      if (options.on_observed) options.on_observed(event, machine, observer, nullptr);
    }
    if (s.status == StepStatus::Failed) {
      result.failure = machine.failure();
      switch (result.failure->kind) {
      case FailureKind::RuntimeError:
        result.outcome = Outcome::RuntimeError;
        break;
      case FailureKind::AssertionFailure:
        result.outcome = Outcome::AssertionFailure;
        break;
      case FailureKind::RaceCheck: {
        result.outcome = Outcome::Race;
        RaceReport race = race_from_check(code, *result.failure);
        if (seen.insert(race_key(race)).second) {
          result.races.push_back(race);
          if (options.on_race) options.on_race(race);
        }
        break;
      }
      }
      return false;
    }
    if (s.status == StepStatus::StepLimit) {
      result.outcome = Outcome::StepLimit;
      return false;
    }
    return true;
  };

  auto finish = [&] {
    result.memory = machine.state().memory.to_vector();
    if (options.final_state) *options.final_state = machine.state();
    if (result.outcome == Outcome::StepLimit || result.outcome == Outcome::TimeLimit)
      for (uint32_t k = 0; k < machine.thread_count(); ++k)
        if (machine.status(k) == ThreadStatus::Running)
          result.running.push_back({machine.thread_id(k), machine.next_instr(k).range});
    return result;
  };

  // The clock is read every kClockEvery scheduling points: often enough to stop within
  // milliseconds, rarely enough to cost nothing next to the steps themselves.
  constexpr uint64_t kClockEvery = 256;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(options.timeout_ms);
  auto out_of_time = [&](uint64_t point) {
    return options.timeout_ms != 0 && point % kClockEvery == 0 &&
           std::chrono::steady_clock::now() >= deadline;
  };

  if (!absorb(machine.start(budget()))) return finish();
  std::vector<int64_t> ids;
  for (uint64_t point = 0;; ++point) {
    if (machine.all_finished()) {
      result.outcome = Outcome::Finished;
      return finish();
    }
    std::vector<uint32_t> runnable = machine.runnable();
    if (runnable.empty()) {
      // A false assumption discards the execution, whatever else is blocked.
      result.outcome = machine.assumption_failed() ? Outcome::Discarded : Outcome::Deadlock;
      result.blocked = blocked_threads(machine);
      return finish();
    }
    if (budget() == 0) {
      result.outcome = Outcome::StepLimit;
      return finish();
    }
    if (out_of_time(point)) {
      result.outcome = Outcome::TimeLimit;
      return finish();
    }
    ids.clear();
    for (uint32_t k : runnable) ids.push_back(machine.thread_id(k));
    std::optional<int64_t> choice = scheduler.choose(ids, point);
    if (!choice) {
      result.outcome = Outcome::ScheduleError;
      result.schedule_error = scheduler.error();
      result.schedule_exhausted = scheduler.exhausted();
      return finish();
    }
    ++result.choices;
    if (options.keep_schedule) result.schedule.push_back(*choice);
    uint32_t k = static_cast<uint32_t>(code.thread_index(*choice));
    if (!absorb(machine.advance(k, budget()))) return finish();
  }
}

} // namespace racelang
