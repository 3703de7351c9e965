// Pictures of one interpreter run: a self-contained HTML page (inline SVG, CSS and script; no
// network, no external assets) with one lane per thread, every event in schedule order with its
// source line, the direct happens-before edges, the racing pair, values and clocks on hover, the
// replay command and step-by-step playback; and the same happens-before graph as Graphviz DOT.
// Everything drawn comes from a RunRecorder (interp/observed_run.h) attached to the real run.
// docs/run-view.md describes the page.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "detect/event.h"
#include "detect/hb_edges.h"
#include "frontend/source.h"
#include "interp/code.h"
#include "interp/observed_run.h"
#include "outcome/outcome.h"

namespace racelang {

struct RunViewInput {
  const Code* code = nullptr;
  const SourceFile* file = nullptr;
  const ObservedRun* observed = nullptr;
  const RunResult* result = nullptr;
  std::string title;  // e.g. "racelang run counter.rl --seed=3"
  std::string replay; // the command that replays the run
};

struct ViewOptions {
  // Stretches of at least this many consecutive accesses by one thread that no edge or race
  // touches are folded into one row (their first and last access stay visible).
  std::size_t fold_min = 6;
  // At most this many rows are drawn: beyond it the first and last halves are kept and the
  // middle becomes one row saying how many events it stands for.
  std::size_t max_rows = 4000;
  // Negative controls for tests only: playback controls do nothing (the browser test); the
  // direct edges computed with broken rules (the properties against the oracle).
  bool break_playback = false;
  detect::HbEdgeOptions edges;
};

// A racing pair placed on the recorded events.
struct RacePair {
  std::size_t previous = 0; // event index of the earlier access
  std::size_t current = 0;  // event index where the detector was stuck
  // Whether a path of program order and direct edges leads from previous to current (checked,
  // not assumed; false for every real race).
  bool connected = false;
  RaceReport report;
};

// One drawn row: a single event, a fold of events [first, last] of one thread, or the gap of
// events not drawn because of max_rows.
struct ViewRow {
  enum class Kind { Event, Fold, Gap };
  Kind kind = Kind::Event;
  std::size_t first = 0;
  std::size_t last = 0;
};

// What the page and the DOT file draw, computed once.
struct RunGraph {
  detect::Trace trace;               // one event per recorded event
  std::vector<detect::HbEdge> edges; // direct_hb_edges(trace)
  std::vector<RacePair> races;
  std::vector<RaceReport> unplaced_races; // races with no recorded access (instrumentation checks)
  std::vector<ViewRow> rows;
  std::size_t hidden_edges = 0; // edges with an end in the gap row, not drawn
};

RunGraph build_run_graph(const RunViewInput& input, const ViewOptions& options = {});

// The HTML page. With the URL fragment #selftest the page exercises its own playback and writes
// the result into <pre id="selftest"> and script errors into <pre id="script-errors">.
std::string render_html(const RunViewInput& input, const ViewOptions& options = {});

// The happens-before graph as DOT: one node per event (clustered by thread), program order,
// the direct edges (attribute class="release-acquire|fork|join|volatile-write-read|
// arrive-depart"), and the racing pairs (class="race", undirected, dashed). Nothing is folded.
std::string render_dot(const RunViewInput& input);

} // namespace racelang
