// The happens-before graph as Graphviz DOT, for scripts: every event (no folding), program order
// as gray edges inside each thread's cluster, the direct edges coloured by kind, and each racing
// pair as a dashed undirected red edge that does not constrain the layout.
#include <cstdint>
#include <optional>
#include <sstream>

#include "view/run_view.h"
#include "view/text.h"

namespace racelang {

using namespace view_text;

std::string render_dot(const RunViewInput& input) {
  ViewOptions everything; // no folding, no row limit
  everything.fold_min = SIZE_MAX;
  everything.max_rows = 0;
  const RunGraph g = build_run_graph(input, everything);
  const Code& code = *input.code;
  const auto& events = input.observed->events;
  std::ostringstream o;
  o << "// " << input.title << "\n// replay: " << input.replay << "\n";
  o << "digraph run {\n  rankdir=TB;\n  node [shape=box, fontname=\"monospace\", fontsize=10];\n";
  auto label = [&](std::size_t i) {
    const detect::Event& e = g.trace[i];
    const Label& l = events[i].step.label;
    std::string s = "#" + std::to_string(i) + " " + std::string(detect::to_string(e.kind));
    if (l.kind == LabelKind::CondWait || l.kind == LabelKind::Notify) // no detector event
      s = "#" + std::to_string(i) + " " + label_name(l.kind) + " " + code.info->cell_name(l.target);
    else if (e.kind == detect::EventKind::Fork || e.kind == detect::EventKind::Join)
      s += " thread " + std::to_string(e.target);
    else if (e.kind != detect::EventKind::Exit)
      s += " " + code.info->cell_name(e.target);
    uint32_t line = events[i].step.range.begin.line;
    if (line) s += "\nline " + std::to_string(line) + ": " + clip(trim(input.file->line(line)), 50);
    return s;
  };
  std::vector<char> racy(g.trace.size(), 0);
  for (const RacePair& p : g.races) racy[p.previous] = racy[p.current] = 1;
  for (const ThreadCode& t : code.threads) {
    o << "  subgraph cluster_t" << t.id << " {\n    label=\"thread " << t.id << "\";\n";
    std::optional<std::size_t> previous;
    for (std::size_t i = 0; i < g.trace.size(); ++i) {
      if (g.trace[i].thread != static_cast<detect::ThreadId>(t.id)) continue;
      o << "    e" << i << " [label=" << dot_quote(label(i));
      if (racy[i]) o << ", color=red, penwidth=2, class=\"race\"";
      o << "];\n";
      if (previous) o << "    e" << *previous << " -> e" << i << " [class=\"po\", color=gray];\n";
      previous = i;
    }
    o << "  }\n";
  }
  for (const detect::HbEdge& e : g.edges) {
    std::string_view kind = detect::to_string(e.kind);
    const char* color = "#8855cc"; // join
    switch (e.kind) {
    case detect::HbEdgeKind::ReleaseAcquire:
    case detect::HbEdgeKind::VolatileWriteRead: // drawn like a lock hand-off, with its own label
      color = "#22aa77";
      break;
    case detect::HbEdgeKind::Fork:
      color = "#2266cc";
      break;
    case detect::HbEdgeKind::ArriveDepart:
      color = "#cc7722";
      break;
    case detect::HbEdgeKind::Join:
      break;
    }
    o << "  e" << e.from << " -> e" << e.to << " [class=\"" << kind << "\", label=\"" << kind
      << "\", color=\"" << color << "\", fontcolor=\"" << color << "\"];\n";
  }
  for (const RacePair& p : g.races)
    o << "  e" << p.previous << " -> e" << p.current
      << " [class=\"race\", dir=none, style=dashed, color=red, constraint=false, label="
      << dot_quote(p.connected ? "race (ordered?)" : "race: no happens-before path") << "];\n";
  o << "}\n";
  return o.str();
}

} // namespace racelang
