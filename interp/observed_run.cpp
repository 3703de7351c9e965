// Recording for the viewer: values from the machine, clocks from whichever detector the
// observer holds (each concrete detector exposes its state components for tests and docs).
#include "interp/observed_run.h"

#include "detect/djit.h"
#include "detect/fasttrack.h"
#include "detect/multijoin_vector_clock.h"
#include "detect/vector_clock.h"
#include "interp/machine.h"
#include "interp/race_observer.h"

namespace racelang {
namespace {

// C_t and, for accesses, "W=... R=..." of any detector with vector-clock state.
template <typename D>
void describe(const D& d, const detect::Event& e, ObservedEvent& out, std::size_t width) {
  out.clock = d.thread_clock(e.thread).to_string(width);
  if (detect::is_access(e))
    out.location_state = "W=" + d.write_clock(e.target).to_string(width) +
                         " R=" + d.read_clock(e.target).to_string(width);
}

void describe(const detect::FastTrackDetector& d, const detect::Event& e, ObservedEvent& out,
              std::size_t width) {
  out.clock = d.thread_clock(e.thread).to_string(width);
  if (!detect::is_access(e)) return;
  out.location_state = "W=" + d.write_epoch(e.target).to_string() + " R=" +
                       (d.read_is_shared(e.target) ? d.read_clock(e.target).to_string(width)
                                                   : d.read_epoch(e.target).to_string());
}

void describe_any(const detect::Detector* d, const detect::Event& e, ObservedEvent& out,
                  std::size_t width) {
  if (auto* vc = dynamic_cast<const detect::VectorClockDetector*>(d))
    describe(*vc, e, out, width);
  else if (auto* ft = dynamic_cast<const detect::FastTrackDetector*>(d))
    describe(*ft, e, out, width);
  else if (auto* dj = dynamic_cast<const detect::DjitDetector*>(d))
    describe(*dj, e, out, width);
  else if (auto* mj = dynamic_cast<const detect::MultiJoinVectorClockDetector*>(d))
    describe(*mj, e, out, width);
}

} // namespace

detect::Event event_of(const ObservedEvent& event) {
  if (auto e = to_event(event.step.label)) return *e;
  return detect::Event::exit(static_cast<detect::ThreadId>(event.step.label.thread));
}

RunRecorder::RunRecorder(const Code& code, std::size_t limit) : code_(code), limit_(limit) {
  run_.initial_memory = Machine(code).state().memory.to_vector();
}

void RunRecorder::attach(InterpreterOptions& options) {
  auto previous = std::move(options.on_observed);
  options.on_observed = [this, previous](const LabelledStep& step, const Machine& machine,
                                         const RaceObserver& observer, const RaceReport* race) {
    if (previous) previous(step, machine, observer, race);
    record(step, machine, observer, race);
  };
}

void RunRecorder::record(const LabelledStep& step, const Machine& machine,
                         const RaceObserver& observer, const RaceReport* race) {
  if (run_.detector.empty() && observer.detector())
    run_.detector = std::string(observer.detector()->name());
  if (run_.events.size() >= limit_) {
    ++run_.dropped;
    return;
  }
  ObservedEvent out;
  out.step = step;
  out.race = race != nullptr;
  const Label& l = step.label;
  if (l.kind != LabelKind::Exit) {
    int32_t k = code_.thread_index(l.thread);
    if (k >= 0) {
      auto index = static_cast<uint32_t>(k);
      std::size_t count = code_.threads[index].locals.size();
      out.locals.reserve(count);
      for (uint32_t slot = 0; slot < count; ++slot)
        out.locals.push_back(machine.local(index, slot));
    }
  }
  switch (l.kind) {
  case LabelKind::Read:
  case LabelKind::Write:
  case LabelKind::Acquire:
  case LabelKind::Release:
  case LabelKind::VolatileRead:
  case LabelKind::VolatileWrite:
    if (l.target < machine.state().memory.size()) out.value = machine.state().memory[l.target];
    break;
  default:
    break;
  }
  if (l.kind != LabelKind::Exit)
    describe_any(observer.detector(), event_of(out), out,
                 static_cast<std::size_t>(code_.info->max_thread_id) + 1);
  run_.events.push_back(std::move(out));
}

} // namespace racelang
