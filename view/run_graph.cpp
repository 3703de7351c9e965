// The model both pictures draw: the recorded events as a detect::Trace, their direct
// happens-before edges, the racing pairs placed on events (with a reachability check that no
// path of edges joins them), and the rows after folding and the row limit.
#include <algorithm>

#include "view/run_view.h"

namespace racelang {
namespace {

detect::EventKind access_kind(AccessKind kind) {
  return kind == AccessKind::Write ? detect::EventKind::Write : detect::EventKind::Read;
}

// Whether `to` is reachable from `from` through program order and edges (both forward in the
// trace, so a sweep in trace order over [from, to] suffices: O(n + edges)).
bool reachable(const detect::Trace& trace, const std::vector<detect::HbEdge>& edges,
               std::size_t from, std::size_t to) {
  std::vector<char> reached(to + 1, 0);
  std::vector<std::vector<std::size_t>> into(to + 1);
  for (const auto& e : edges)
    if (e.from >= from && e.to <= to) into[e.to].push_back(e.from);
  reached[from] = 1;
  std::vector<char> thread_reached; // by thread: some reached event of it came earlier
  auto mark_thread = [&](detect::ThreadId t) {
    if (thread_reached.size() <= t) thread_reached.resize(t + 1, 0);
    thread_reached[t] = 1;
  };
  mark_thread(trace[from].thread);
  for (std::size_t j = from + 1; j <= to; ++j) {
    detect::ThreadId t = trace[j].thread;
    bool r = t < thread_reached.size() && thread_reached[t];
    for (std::size_t i : into[j]) r = r || reached[i];
    if (r) {
      reached[j] = 1;
      mark_thread(t);
    }
  }
  return reached[to] != 0;
}

// Events that must stay visible on their own row: synchronisation, edge ends, race ends.
std::vector<char> pinned_events(const RunGraph& g) {
  std::vector<char> pinned(g.trace.size(), 0);
  for (std::size_t i = 0; i < g.trace.size(); ++i)
    if (!detect::is_access(g.trace[i])) pinned[i] = 1;
  for (const auto& e : g.edges) pinned[e.from] = pinned[e.to] = 1;
  for (const auto& r : g.races) pinned[r.previous] = pinned[r.current] = 1;
  return pinned;
}

} // namespace

RunGraph build_run_graph(const RunViewInput& input, const ViewOptions& options) {
  RunGraph g;
  const auto& events = input.observed->events;
  g.trace.reserve(events.size());
  for (const auto& e : events) g.trace.push_back(event_of(e));
  g.edges = detect::direct_hb_edges(g.trace, options.edges);

  // Place each reported race: its current access is an event the detector was stuck on, its
  // previous access the last such access of the named thread before it.
  for (const RaceReport& report : input.result->races) {
    std::optional<std::size_t> current;
    for (std::size_t j = 0; j < events.size() && !current; ++j)
      if (events[j].race && g.trace[j].target == report.cell &&
          g.trace[j].thread == static_cast<detect::ThreadId>(report.current.thread) &&
          g.trace[j].kind == access_kind(report.current.kind) &&
          events[j].step.range == report.current.range)
        current = j;
    std::optional<std::size_t> previous;
    if (current)
      for (std::size_t i = *current; i-- > 0;)
        if (g.trace[i].target == report.cell &&
            g.trace[i].thread == static_cast<detect::ThreadId>(report.previous.thread) &&
            g.trace[i].kind == access_kind(report.previous.kind)) {
          previous = i;
          break;
        }
    if (!current || !previous) {
      g.unplaced_races.push_back(report);
      continue;
    }
    g.races.push_back(
        {*previous, *current, reachable(g.trace, g.edges, *previous, *current), report});
  }

  // Rows: fold long stretches of one thread's unpinned accesses.
  const auto pinned = pinned_events(g);
  std::vector<ViewRow> rows;
  for (std::size_t i = 0; i < g.trace.size();) {
    std::size_t j = i;
    while (j < g.trace.size() && !pinned[j] && g.trace[j].thread == g.trace[i].thread) ++j;
    if (j - i >= std::max<std::size_t>(options.fold_min, 3)) {
      rows.push_back({ViewRow::Kind::Event, i, i});
      rows.push_back({ViewRow::Kind::Fold, i + 1, j - 2});
      rows.push_back({ViewRow::Kind::Event, j - 1, j - 1});
      i = j;
    } else {
      for (std::size_t k = i; k < std::max(j, i + 1); ++k)
        rows.push_back({ViewRow::Kind::Event, k, k});
      i = std::max(j, i + 1);
    }
  }
  // The row limit: keep both ends (the race is at the end of a run that stops at it).
  if (options.max_rows >= 3 && rows.size() > options.max_rows) {
    std::size_t head = (options.max_rows - 1) / 2, tail = options.max_rows - 1 - head;
    ViewRow gap{ViewRow::Kind::Gap, rows[head].first, rows[rows.size() - tail - 1].last};
    std::vector<ViewRow> kept(rows.begin(), rows.begin() + static_cast<std::ptrdiff_t>(head));
    kept.push_back(gap);
    kept.insert(kept.end(), rows.end() - static_cast<std::ptrdiff_t>(tail), rows.end());
    rows = std::move(kept);
    for (const auto& e : g.edges)
      if ((e.from >= gap.first && e.from <= gap.last) || (e.to >= gap.first && e.to <= gap.last))
        ++g.hidden_edges;
  }
  g.rows = std::move(rows);
  return g;
}

} // namespace racelang
