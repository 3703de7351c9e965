// Shared by the view tests: a program run under the interpreter with a RunRecorder attached,
// its pictures, and readers that pull the structure (lanes, edges, events, the racing pair) back
// out of the generated HTML and DOT text, so the tests check what the files really contain.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "interp/observed_run.h"
#include "interp/scheduler.h"
#include "tests/interp/interp_harness.h"
#include "view/run_view.h"

namespace racelang::testing {

struct Pictured {
  std::unique_ptr<Compiled> compiled;
  std::unique_ptr<RunRecorder> recorder;
  TracedRun traced; // the run, with its labelled events from on_event
  RunViewInput input;
};

// Compiles `source`, runs it with the schedule (seed when `schedule` is empty) and a recorder.
std::unique_ptr<Pictured> picture(const std::string& source, const Schedule& schedule,
                                  uint64_t seed = 1, InterpreterOptions options = {});

struct DrawnEdge {
  std::string kind;
  std::size_t from, to;
  friend bool operator==(const DrawnEdge&, const DrawnEdge&) = default;
};
std::vector<DrawnEdge> drawn_edges(const std::string& html);
std::vector<DrawnEdge> dot_edges(const std::string& dot); // class="po" edges left out
std::vector<int64_t> drawn_lanes(const std::string& html);
// data-i of every drawn event, and of those drawn as racing.
std::vector<std::size_t> drawn_events(const std::string& html, bool racing_only = false);
// The count of matches of `regex` in `text`.
std::size_t count_matches(const std::string& text, const std::string& regex);

} // namespace racelang::testing
