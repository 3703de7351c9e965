// A run as the viewer (view/) shows it: every labelled event of a real interpreter run with the
// values the machine held and the detector's clocks right after it. It records through
// InterpreterOptions::on_observed, so what it holds is what run_program did, step for step; it is
// separate from the STD trace (`--trace`), which keeps the events only.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "detect/event.h"
#include "interp/code.h"
#include "interp/label.h"
#include "interp/run.h"

namespace racelang {

struct ObservedEvent {
  LabelledStep step;
  // The detector was stuck here: a race report's current access (with keep-going, the clocks
  // below are those after force()).
  bool race = false;
  // The acting thread's locals (by slot, Code::local_name) after the scheduling step holding the
  // event; empty for Exit.
  std::vector<int64_t> locals;
  // rd/wr: the cell's value after the scheduling step; acq/rel: the lock cell (0 free, t + 1
  // held). Unset for fork, join and exit.
  std::optional<int64_t> value;
  // The detector's state after the event (before it, if the detector was stuck): the acting
  // thread's vector clock C_t, e.g. "[1,0,2]", and for accesses the location's metadata
  // ("W=2@0 R=[1,1]"); empty without a detector or for one whose state cannot be read.
  std::string clock;
  std::string location_state;
};

struct ObservedRun {
  std::string detector;                // the detector's name, "" for none
  std::vector<int64_t> initial_memory; // every cell before the first step
  std::vector<ObservedEvent> events;   // in schedule order, at most the recorder's limit
  uint64_t dropped = 0;                // events after the limit, not recorded
};

// The detect::Event of a recorded event (Exit for exit labels).
detect::Event event_of(const ObservedEvent& event);

class RunRecorder {
public:
  static constexpr std::size_t kDefaultLimit = 200000;
  explicit RunRecorder(const Code& code, std::size_t limit = kDefaultLimit);

  // Sets options.on_observed (keeping any callback already there); the recorder must outlive
  // the run.
  void attach(InterpreterOptions& options);
  const ObservedRun& run() const { return run_; }

private:
  void record(const LabelledStep& step, const Machine& machine, const RaceObserver& observer,
              const RaceReport* race);

  const Code& code_;
  std::size_t limit_;
  ObservedRun run_;
};

} // namespace racelang
