// Witness confirmation (replay.h): the recorder checks the events, run_program the report the
// printed command would show.
#include "predict/replay.h"

#include "interp/run.h"
#include "predict/predict.h"
#include "predict/record.h"

namespace racelang::predict {

std::optional<std::string> confirm_witness(const Code& code, const Trace& trace,
                                           const std::vector<uint32_t>& witness) {
  Schedule schedule = witness_schedule(trace, witness);
  auto scheduler = make_replay_scheduler(schedule, "");
  Recording replay = record_run(code, *scheduler, kDefaultMaxSteps);
  if (replay.end == RecordEnd::Failed || replay.end == RecordEnd::StepLimit)
    return "the replay stopped early: " + replay.message;
  std::vector<const Event*> got;
  for (const Event& e : replay.trace.events)
    if (is_step(e.op)) got.push_back(&e);
  std::vector<const Event*> want;
  for (uint32_t i : witness)
    if (is_step(trace.events[i].op)) want.push_back(&trace.events[i]);
  if (got.size() < want.size())
    return "the replay ran " + std::to_string(got.size()) + " of the witness's " +
           std::to_string(want.size()) + " steps";
  auto name = [](const Trace& t, const Event& e) -> std::string {
    if (e.op == Op::Read || e.op == Op::Write) return t.locations.at(e.target);
    if (e.op == Op::Acquire || e.op == Op::Release) return t.locks.at(e.target);
    return std::to_string(e.target);
  };
  for (size_t k = 0; k < want.size(); ++k) {
    const Event &a = *want[k], &b = *got[k];
    if (a.thread != b.thread || a.op != b.op || a.line != b.line || a.col != b.col ||
        name(trace, a) != name(replay.trace, b))
      return "step " + std::to_string(k + 1) + " of the replay is not the witness's";
  }
  // What the printed command shows: the default detector, every distinct race.
  InterpreterOptions options;
  options.keep_going = true;
  auto again = make_replay_scheduler(schedule, "");
  RunResult run = run_program(code, *again, options);
  const Event& first = trace.events[witness[witness.size() - 2]];
  const Event& second = trace.events[witness.back()];
  for (const RaceReport& r : run.races) {
    auto at = [](const RaceAccess& a, const Event& e) {
      return a.range.begin.line == e.line && a.range.begin.col == e.col &&
             a.thread == static_cast<int64_t>(e.thread);
    };
    // The detector names one earlier access per race, which may be another access of the
    // first event's thread (its last of that kind) or of a third thread that races with the
    // second event too; the events are already known to be adjacent, so a race reported at the
    // second event is this race's report.
    if (at(r.current, second) || (at(r.current, first) && at(r.previous, second)))
      return std::nullopt;
  }
  return "the replay does not report the race";
}

} // namespace racelang::predict
