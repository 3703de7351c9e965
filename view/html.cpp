// The HTML page: the SVG is drawn here (so tests can read the lanes, edges and racing pair from
// the file), the data for hovering and playback goes into one JSON block, and the script and
// style (page_assets.cpp) make it interactive. Rows are laid out in schedule order, top to
// bottom; lanes are columns, one per thread.
#include <algorithm>
#include <cstdio>
#include <sstream>

#include "detect/event.h"
#include "interp/report.h"
#include "interp/scheduler.h"
#include "view/page_assets.h"
#include "view/run_view.h"
#include "view/text.h"

namespace racelang {
namespace {

using namespace view_text;

constexpr int kRowHeight = 20;
constexpr int kTop = 50;        // below the lane titles
constexpr int kGutter = 64;     // step numbers
constexpr int kLaneWidth = 150; // one per thread
constexpr int kSourceWidth = 520;

int row_y(std::size_t row) {
  return kTop + static_cast<int>(row) * kRowHeight + kRowHeight / 2;
}

// The run's ending in words, with the failing statement's position or the blocked threads.
std::string outcome_text(const RunViewInput& in) {
  const RunResult& r = *in.result;
  auto failure = [&] {
    if (!r.failure) return std::string();
    const SourceLoc at = r.failure->range.begin;
    return r.failure->message + (at.line
                                     ? " at " + in.file->path() + ":" + std::to_string(at.line) +
                                           ":" + std::to_string(at.col)
                                     : std::string());
  };
  switch (r.outcome) {
  case Outcome::Finished:
    return r.races.empty() ? "finished" : "finished (races reported with --keep-going)";
  case Outcome::Race:
    return "stopped at a data race";
  case Outcome::RuntimeError:
    return "runtime error: " + failure();
  case Outcome::AssertionFailure:
    return "assertion failure: " + failure();
  case Outcome::Deadlock: {
    std::string text = "deadlock:";
    for (std::size_t k = 0; k < r.blocked.size(); ++k)
      text += (k ? "; " : " ") + describe_blocker(r.blocked[k], *in.code);
    return text;
  }
  case Outcome::Discarded:
    return "discarded: an assumption was false (not a behaviour of the program)";
  case Outcome::StepLimit:
    return "stopped at the step limit";
  case Outcome::TimeLimit:
    return "stopped at the time limit (--timeout)";
  case Outcome::ScheduleError:
    if (r.schedule_exhausted && !r.races.empty()) // an explore witness ends at its race
      return "the witness schedule ends after " + std::to_string(r.schedule.size()) +
             " choices, at the race it witnesses";
    return "the schedule did not fit: " + r.schedule_error;
  }
  return "?";
}

std::string race_sentence(const RunViewInput& in, const RaceReport& r) {
  auto access = [&](const RaceAccess& a) {
    return std::string(a.kind == AccessKind::Write ? "write" : "read") + " by thread " +
           std::to_string(a.thread) + " at " + in.file->path() + ":" +
           std::to_string(a.range.begin.line) + ":" + std::to_string(a.range.begin.col);
  };
  return "Data race on '" + in.code->info->cell_name(r.cell) + "': " + access(r.previous) +
         " and " + access(r.current);
}

class Page {
public:
  Page(const RunViewInput& in, const ViewOptions& options)
      : in_(in), options_(options), g_(build_run_graph(in, options)) {
    const Code& code = *in.code;
    row_of_.assign(g_.trace.size(), npos);
    for (std::size_t r = 0; r < g_.rows.size(); ++r)
      if (g_.rows[r].kind == ViewRow::Kind::Event) row_of_[g_.rows[r].first] = r;
    lanes_ = code.threads.size();
  }

  std::string render() {
    std::ostringstream o;
    const Code& code = *in_.code;
    o << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>"
      << html_escape(in_.title) << "</title>\n<script>" << kErrorCatcher << "</script>\n<style>"
      << kPageStyle << "</style></head>\n<body>\n<header>\n<h1>" << html_escape(in_.title)
      << "</h1>\n";
    o << "<p class=\"outcome\">Outcome: <b id=\"outcome\">" << html_escape(outcome_text(in_))
      << "</b>; " << g_.trace.size() << " events, " << in_.result->schedule.size()
      << " scheduling steps, detector "
      << html_escape(in_.observed->detector.empty() ? "none" : in_.observed->detector) << ".</p>\n";
    for (std::size_t k = 0; k < g_.races.size(); ++k) {
      const RacePair& p = g_.races[k];
      o << "<p class=\"race-note\" data-previous=\"" << p.previous << "\" data-current=\""
        << p.current << "\" data-connected=\"" << (p.connected ? "true" : "false") << "\">"
        << html_escape(race_sentence(in_, p.report)) << " (events #" << p.previous << " and #"
        << p.current << "). "
        << (p.connected
                ? "A path of happens-before edges does lead from the first to the second."
                : "No path of program order and happens-before edges leads from the first to "
                  "the second: they are concurrent.")
        << "</p>\n";
    }
    for (const RaceReport& r : g_.unplaced_races)
      o << "<p class=\"race-note unplaced\">" << html_escape(race_sentence(in_, r))
        << " (found by an instrumentation check; its accesses are not events of the run).</p>\n";
    o << "<p>Replay: <code id=\"replay\">" << html_escape(in_.replay) << "</code></p>\n";
    o << "<p>Schedule: <code id=\"schedule\">"
      << html_escape(format_schedule_string(in_.result->schedule)) << "</code></p>\n";
    notes(o);
    o << "<div id=\"controls\"><button id=\"first\" title=\"Home\">|&#x25C0;</button>"
         "<button id=\"prev\" title=\"left arrow\">&#x25C0;</button>"
         "<button id=\"play\" title=\"space\">play</button>"
         "<button id=\"next\" title=\"right arrow\">&#x25B6;</button>"
         "<button id=\"last\" title=\"End\">&#x25B6;|</button>"
         "<input type=\"range\" id=\"slider\" min=\"0\" max=\""
      << (g_.rows.empty() ? 0 : g_.rows.size() - 1) << "\" value=\""
      << (g_.rows.empty() ? 0 : g_.rows.size() - 1) << "\"><span id=\"step-info\"></span></div>\n";
    o << "<div class=\"legend\"><span class=\"k-po\">program order (down a lane)</span> "
         "<span class=\"k-ra\">release&#x2192;acquire</span> <span class=\"k-fork\">fork "
         "(spawn)</span> <span class=\"k-join\">join (wait)</span> ";
    // The volatile and barrier edges only appear in the legend of runs that have them.
    auto has = [&](detect::HbEdgeKind kind) {
      return std::any_of(g_.edges.begin(), g_.edges.end(),
                         [&](const detect::HbEdge& e) { return e.kind == kind; });
    };
    if (has(detect::HbEdgeKind::VolatileWriteRead))
      o << "<span class=\"k-vol\">volatile write&#x2192;read</span> ";
    if (has(detect::HbEdgeKind::ArriveDepart))
      o << "<span class=\"k-bar\">barrier arrive&#x2192;depart</span> ";
    o << "<span class=\"k-race\">racing pair</span> &#xB7; hover an event for its values and "
         "clocks</div>\n</header>\n";
    o << "<div id=\"tip\" hidden></div>\n";
    svg(o, code);
    o << "<pre id=\"script-errors\"></pre><pre id=\"selftest\"></pre>\n";
    o << "<script type=\"application/json\" id=\"run-data\">" << data_json(code)
      << "</script>\n<script>" << kPageScript << "</script>\n</body></html>\n";
    return o.str();
  }

private:
  static constexpr std::size_t npos = static_cast<std::size_t>(-1);

  int lane_x(detect::ThreadId thread) const {
    int k = in_.code->thread_index(thread);
    return kGutter + std::max(k, 0) * kLaneWidth + 16;
  }

  std::string short_label(const detect::Event& e, const Label& label) const {
    // A condition's wait and notify have no detector event (they add no edge): name them by
    // their label, not by the placeholder event the trace holds for them.
    if (label.kind == LabelKind::CondWait || label.kind == LabelKind::Notify)
      return std::string(label_name(label.kind)) + " " + in_.code->info->cell_name(label.target);
    std::string s(detect::to_string(e.kind));
    switch (e.kind) {
    case detect::EventKind::Read:
    case detect::EventKind::Write:
    case detect::EventKind::Acquire:
    case detect::EventKind::Release:
    case detect::EventKind::VolatileRead:
    case detect::EventKind::VolatileWrite:
    case detect::EventKind::BarrierArrive:
    case detect::EventKind::BarrierDepart:
      return s + " " + in_.code->info->cell_name(e.target);
    case detect::EventKind::Fork:
    case detect::EventKind::Join:
      return s + " thread " + std::to_string(e.target);
    case detect::EventKind::Exit:
      return s;
    }
    return s;
  }

  void notes(std::ostringstream& o) const {
    std::size_t folded = 0, folds = 0;
    for (const ViewRow& r : g_.rows)
      if (r.kind == ViewRow::Kind::Fold) ++folds, folded += r.last - r.first + 1;
    if (folds)
      o << "<p class=\"note\" id=\"fold-note\">" << folded << " events in " << folds
        << (folds == 1 ? " stretch" : " stretches")
        << " of one thread's accesses that nothing synchronises with are folded "
           "(rows marked &#x22EF;; hover for what they hold).</p>\n";
    for (const ViewRow& r : g_.rows)
      if (r.kind == ViewRow::Kind::Gap)
        o << "<p class=\"note\" id=\"limit-note\">Events #" << r.first << " to #" << r.last
          << " are not drawn: the page draws at most " << options_.max_rows
          << " rows (the start and the end of the run are kept); " << g_.hidden_edges
          << " happens-before edges touch them. The DOT file (--dot) holds every event.</p>\n";
    if (in_.observed->dropped)
      o << "<p class=\"note\" id=\"record-note\">The run went on for " << in_.observed->dropped
        << " events after the recording limit; they are not shown.</p>\n";
  }

  void svg(std::ostringstream& o, const Code& code) const {
    int width = kGutter + static_cast<int>(lanes_) * kLaneWidth + kSourceWidth;
    int height = kTop + static_cast<int>(g_.rows.size()) * kRowHeight + 20;
    o << "<svg id=\"graph\" xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width
      << "\" height=\"" << height << "\" viewBox=\"0 0 " << width << " " << height << "\">\n";
    o << "<defs>";
    for (const char* k :
         {"po", "release-acquire", "fork", "join", "volatile-write-read", "arrive-depart"})
      o << "<marker id=\"arrow-" << k
        << "\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"7\" "
           "markerHeight=\"7\" orient=\"auto-start-reverse\"><path class=\"head-"
        << k << "\" d=\"M0,0L10,5L0,10z\"/></marker>";
    o << "</defs>\n";
    // Lanes: a title and a line from the thread's first to its last drawn row.
    o << "<g id=\"lanes\">\n";
    for (std::size_t k = 0; k < lanes_; ++k) {
      int64_t id = code.threads[k].id;
      std::size_t first = npos, last = 0;
      for (std::size_t r = 0; r < g_.rows.size(); ++r) {
        const ViewRow& row = g_.rows[r];
        if (row.kind == ViewRow::Kind::Gap) continue;
        if (g_.trace[row.first].thread == static_cast<detect::ThreadId>(id)) {
          first = std::min(first, r);
          last = r;
        }
      }
      int x = lane_x(static_cast<detect::ThreadId>(id));
      o << "<g class=\"lane\" data-thread=\"" << id << "\"><text class=\"lane-title\" x=\"" << x - 8
        << "\" y=\"20\">thread " << id << (id == 0 ? " (main)" : "") << "</text>";
      if (first != npos)
        o << "<line class=\"lane-line\" x1=\"" << x << "\" x2=\"" << x << "\" y1=\"" << row_y(first)
          << "\" y2=\"" << row_y(last) << "\"/>";
      o << "</g>\n";
    }
    o << "</g>\n<g id=\"edges\">\n";
    for (const detect::HbEdge& e : g_.edges) {
      std::size_t rf = row_of_[e.from], rt = row_of_[e.to];
      if (rf == npos || rt == npos) continue; // in the gap
      int x1 = lane_x(g_.trace[e.from].thread), y1 = row_y(rf);
      int x2 = lane_x(g_.trace[e.to].thread), y2 = row_y(rt);
      std::string kind(detect::to_string(e.kind));
      char d[160];
      if (x1 == x2) {
        std::snprintf(d, sizeof d, "M%d %d C%d %d %d %d %d %d", x1, y1, x1 + 46, y1, x2 + 46, y2,
                      x2 + 5, y2 - 3);
      } else {
        int h = std::min(30, (y2 - y1) / 2 + 4);
        int dx = x2 > x1 ? -5 : 5;
        std::snprintf(d, sizeof d, "M%d %d C%d %d %d %d %d %d", x1, y1, x1, y1 + h, x2 + dx * 4,
                      y2 - h, x2 + dx, y2 - 2);
      }
      o << "<path class=\"edge " << kind << "\" data-kind=\"" << kind << "\" data-from=\"" << e.from
        << "\" data-to=\"" << e.to << "\" d=\"" << d << "\" marker-end=\"url(#arrow-" << kind
        << ")\"/>\n";
    }
    o << "</g>\n<g id=\"rows\">\n";
    std::vector<char> racy(g_.trace.size(), 0);
    for (const RacePair& p : g_.races) racy[p.previous] = racy[p.current] = 1;
    int src_x = kGutter + static_cast<int>(lanes_) * kLaneWidth + 8;
    for (std::size_t r = 0; r < g_.rows.size(); ++r) {
      const ViewRow& row = g_.rows[r];
      int y = row_y(r);
      if (row.kind == ViewRow::Kind::Gap) {
        o << "<g class=\"gap\" data-row=\"" << r << "\" data-first=\"" << row.first
          << "\" data-last=\"" << row.last << "\"><rect x=\"0\" y=\"" << y - 9 << "\" width=\""
          << src_x + kSourceWidth << "\" height=\"18\"/><text x=\"8\" y=\"" << y + 4
          << "\">&#x22EF; events #" << row.first << " to #" << row.last
          << " not drawn (row limit) &#x22EF;</text></g>\n";
        continue;
      }
      const detect::Event& e = g_.trace[row.first];
      int x = lane_x(e.thread);
      const ObservedEvent& ev = in_.observed->events[row.first];
      if (row.kind == ViewRow::Kind::Fold) {
        uint32_t lo = UINT32_MAX, hi = 0;
        for (std::size_t i = row.first; i <= row.last; ++i) {
          uint32_t line = in_.observed->events[i].step.range.begin.line;
          lo = std::min(lo, line), hi = std::max(hi, line);
        }
        o << "<g class=\"fold\" data-row=\"" << r << "\" data-first=\"" << row.first
          << "\" data-last=\"" << row.last << "\" data-thread=\"" << e.thread << "\"><rect x=\""
          << x - 6 << "\" y=\"" << y - 8 << "\" width=\"12\" height=\"16\" rx=\"3\"/><text x=\""
          << x + 10 << "\" y=\"" << y + 4 << "\">&#x22EF; " << row.last - row.first + 1
          << " accesses (#" << row.first << "&#x2013;#" << row.last << ", lines " << lo
          << "&#x2013;" << hi << ")</text></g>\n";
        continue;
      }
      std::size_t i = row.first;
      o << "<g class=\"ev" << (racy[i] ? " race" : "") << "\" id=\"ev-" << i << "\" data-i=\"" << i
        << "\" data-row=\"" << r << "\" data-thread=\"" << e.thread << "\" data-kind=\""
        << detect::to_string(e.kind) << "\"><text class=\"num\" x=\"4\" y=\"" << y + 4 << "\">#"
        << i << "</text><circle cx=\"" << x << "\" cy=\"" << y << "\" r=\"" << (racy[i] ? 7 : 4)
        << "\"/><text class=\"lbl\" x=\"" << x + 10 << "\" y=\"" << y + 4 << "\">"
        << html_escape(short_label(e, ev.step.label)) << "</text>";
      uint32_t line = ev.step.range.begin.line;
      if (line)
        o << "<text class=\"src\" x=\"" << src_x << "\" y=\"" << y + 4 << "\">" << line << ": "
          << html_escape(clip(trim(in_.file->line(line)), 70)) << "</text>";
      o << "</g>\n";
    }
    o << "</g>\n<g id=\"race-links\">\n";
    for (const RacePair& p : g_.races) {
      std::size_t ra = row_of_[p.previous], rb = row_of_[p.current];
      if (ra == npos || rb == npos) continue;
      int x1 = lane_x(g_.trace[p.previous].thread), x2 = lane_x(g_.trace[p.current].thread);
      int y1 = row_y(ra), y2 = row_y(rb);
      o << "<line class=\"race-link\" data-previous=\"" << p.previous << "\" data-current=\""
        << p.current << "\" x1=\"" << x1 << "\" y1=\"" << y1 << "\" x2=\"" << x2 << "\" y2=\"" << y2
        << "\"/><text class=\"race-text\" x=\"" << (x1 + x2) / 2 + 6 << "\" y=\"" << (y1 + y2) / 2
        << "\">race: " << (p.connected ? "ordered?!" : "no happens-before path") << "</text>\n";
    }
    o << "</g>\n<rect id=\"curtain\" x=\"0\" y=\"" << height << "\" width=\"" << width
      << "\" height=\"0\"/><rect id=\"cursor\" x=\"0\" width=\"" << width
      << "\" y=\"-40\" height=\"" << kRowHeight << "\"/>\n</svg>\n";
  }

  std::string data_json(const Code& code) const {
    std::ostringstream o;
    const ProgramInfo& info = *code.info;
    o << "{\"broken\":" << (options_.break_playback ? "true" : "false")
      << ",\"rowHeight\":" << kRowHeight << ",\"top\":" << kTop << ",\"threads\":[";
    for (std::size_t k = 0; k < code.threads.size(); ++k) {
      if (k) o << ",";
      o << "{\"id\":" << code.threads[k].id << ",\"locals\":[";
      for (uint32_t s = 0; s < code.threads[k].locals.size(); ++s)
        o << (s ? "," : "") << json_quote(code.local_name(static_cast<uint32_t>(k), s));
      o << "]}";
    }
    // Cells shown in the memory table: the first kShownCells (arrays can be large).
    constexpr uint32_t kShownCells = 64;
    uint32_t shown = std::min<uint32_t>(info.cell_count, kShownCells);
    o << "],\"cellCount\":" << info.cell_count << ",\"cells\":[";
    for (uint32_t c = 0; c < shown; ++c) o << (c ? "," : "") << json_quote(info.cell_name(c));
    o << "],\"initial\":[";
    for (uint32_t c = 0; c < shown && c < in_.observed->initial_memory.size(); ++c)
      o << (c ? "," : "") << in_.observed->initial_memory[c];
    // Events: [thread, kind, target, target name, line, col, value|null, locals, clock, loc].
    o << "],\"events\":[";
    for (std::size_t i = 0; i < in_.observed->events.size(); ++i) {
      const ObservedEvent& ev = in_.observed->events[i];
      const detect::Event& e = g_.trace[i];
      if (i) o << ",\n";
      o << "[" << e.thread << "," << json_quote(std::string(detect::to_string(e.kind))) << ","
        << e.target << "," << json_quote(short_label(e, ev.step.label)) << ","
        << ev.step.range.begin.line << "," << ev.step.range.begin.col << ",";
      if (ev.value)
        o << *ev.value;
      else
        o << "null";
      o << ",[";
      for (std::size_t s = 0; s < ev.locals.size(); ++s) o << (s ? "," : "") << ev.locals[s];
      o << "]," << json_quote(ev.clock) << "," << json_quote(ev.location_state) << ","
        << (ev.race ? 1 : 0) << "]";
    }
    o << "],\"rows\":[";
    for (std::size_t r = 0; r < g_.rows.size(); ++r)
      o << (r ? "," : "") << "[" << static_cast<int>(g_.rows[r].kind) << "," << g_.rows[r].first
        << "," << g_.rows[r].last << "]";
    o << "],\"source\":{";
    std::vector<uint32_t> lines;
    for (const ObservedEvent& ev : in_.observed->events) lines.push_back(ev.step.range.begin.line);
    std::sort(lines.begin(), lines.end());
    lines.erase(std::unique(lines.begin(), lines.end()), lines.end());
    bool first = true;
    for (uint32_t line : lines) {
      if (!line) continue;
      o << (first ? "" : ",") << "\"" << line
        << "\":" << json_quote(clip(in_.file->line(line), 200));
      first = false;
    }
    o << "}}";
    return o.str();
  }

  const RunViewInput& in_;
  const ViewOptions& options_;
  RunGraph g_;
  std::vector<std::size_t> row_of_; // event -> its row, npos when folded or in the gap
  std::size_t lanes_ = 0;
};

} // namespace

std::string render_html(const RunViewInput& input, const ViewOptions& options) {
  return Page(input, options).render();
}

} // namespace racelang
