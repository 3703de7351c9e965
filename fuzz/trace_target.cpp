// The fuzz target of predict's trace reader (racelang's trace format or STD, by the header):
// any text is either a well-formed trace or one error with a line and a message, never an
// exception or a crash; a trace read back from what the writer prints is the same events; and
// on small traces the polynomial analyses (SHB, SyncP, WCP, M2) report only conflicting pairs
// in order, and every witness they give is a correct reordering (check_witness). A broken
// expectation aborts, which libFuzzer reports as a crash with the input that caused it.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "fuzz/fuzz_target.h"
#include "predict/predict.h"
#include "predict/trace_text.h"

namespace racelang::fuzz {
namespace {

// The pairwise analyses are quadratic in the worst case; the fuzzer needs many runs a second.
constexpr size_t kMaxAnalysedEvents = 300;

} // namespace

int fuzz_trace(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  predict::TraceReadResult read = predict::read_any_trace(text);
  if (read.error) {
    if (read.error->message.empty()) broken("trace", "an error without a message", text);
    return 0;
  }
  const predict::Trace& trace = read.trace;
  std::string written = predict::write_trace(trace);
  predict::TraceReadResult again = predict::read_any_trace(written);
  if (again.error)
    broken("trace", "the writer's output does not read back",
           written + "\nline " + std::to_string(again.error->line) + ": " + again.error->message);
  if (again.trace.events != trace.events)
    broken("trace", "the writer's output reads back as another trace", written);

  if (trace.events.size() > kMaxAnalysedEvents) return 0;
  predict::PredictOptions options;
  options.max_pairs = 20'000;
  for (predict::Analysis analysis : {predict::Analysis::Shb, predict::Analysis::SyncP,
                                     predict::Analysis::Wcp, predict::Analysis::M2}) {
    predict::PredictResult result = predict::predict_races(trace, analysis, options);
    for (const predict::PredictedRace& race : result.races) {
      std::string what = std::string(predict::analysis_name(analysis)) + " pair " +
                         std::to_string(race.first) + "," + std::to_string(race.second);
      if (race.first >= race.second || race.second >= trace.events.size() ||
          !predict::conflicting(trace.events[race.first], trace.events[race.second]))
        broken("trace", "an analysis reports a pair that is not two conflicting events in order",
               what + "\n" + text);
      std::vector<uint32_t> witness = race.witness;
      if (breakage().witness) std::reverse(witness.begin(), witness.end());
      if (!witness.empty())
        if (auto problem = predict::check_witness(trace, witness))
          broken("trace", "a witness is not a correct reordering", what + ": " + *problem);
    }
  }
  return 0;
}

} // namespace racelang::fuzz
