// The trace reader's fuzz target: any text is either an STD trace or the first bad line with a
// message (never an exception, never a crash); a trace read back from what the writer prints
// is the same trace; and on well-formed traces small enough for the brute-force oracle, every
// happens-before detector finds the oracle's first race at the same event. A broken expectation
// aborts, which libFuzzer reports as a crash with the input that caused it.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "detect/detector.h"
#include "detect/hb_oracle.h"
#include "detect/std_trace.h"
#include "detect/well_formed.h"
#include "fuzz/fuzz_target.h"

namespace racelang::fuzz {
namespace {

// The oracle is quadratic; the detectors' clocks grow with the largest thread id.
constexpr size_t kMaxOracleEvents = 2000;
constexpr detect::ThreadId kMaxDetectorThread = 1024;

// The index of the first event a detector is stuck on, or the trace's length.
size_t first_stuck(detect::DetectorKind kind, const detect::Trace& trace) {
  auto detector = detect::make_detector(kind);
  size_t late = breakage().detector ? 1 : 0;
  for (size_t i = 0; i < trace.size(); ++i)
    if (detector->step(trace[i])) return i + late;
  return trace.size();
}

} // namespace

int fuzz_std_trace(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  detect::StdReadResult read = detect::read_std_trace(text);
  if (!read.ok()) {
    if (read.error->line == 0 || read.error->message.empty())
      broken("std_trace", "an error without a line or a message", text);
    return 0;
  }
  const detect::StdTrace& trace = read.trace;
  // Write it back and read it again: the same events (names may be renumbered, but the reader
  // numbers them in order of first use, so ids survive).
  std::string written = detect::write_std_trace(trace.events, trace.source_ids);
  detect::StdReadResult again = detect::read_std_trace(written);
  if (!again.ok()) broken("std_trace", "the writer's output does not read back", written);
  if (again.trace.events != trace.events || again.trace.source_ids != trace.source_ids)
    broken("std_trace", "the writer's output reads back as another trace", written);

  if (trace.events.size() > kMaxOracleEvents) return 0;
  for (const detect::Event& e : trace.events)
    if (e.thread > kMaxDetectorThread ||
        ((e.kind == detect::EventKind::Fork || e.kind == detect::EventKind::Join) &&
         e.target > kMaxDetectorThread))
      return 0;
  if (detect::check_well_formed(trace.events, detect::JoinDiscipline::Single)) return 0;
  auto oracle = detect::first_race(trace.events);
  size_t expected = oracle ? oracle->index : trace.events.size();
  for (detect::DetectorKind kind : {detect::DetectorKind::VectorClock,
                                    detect::DetectorKind::FastTrack, detect::DetectorKind::Djit}) {
    size_t found = first_stuck(kind, trace.events);
    if (found != expected)
      broken("std_trace", "a detector disagrees with the happens-before oracle on the first race",
             std::string(detect::detector_kind_option(kind)) + " stuck at event " +
                 std::to_string(found) + ", oracle says " + std::to_string(expected) + "\n" + text);
  }
  return 0;
}

} // namespace racelang::fuzz
