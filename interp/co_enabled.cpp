// The co-enabled racing pairs (co_enabled.h): a depth-first search over scheduling states with
// the machine's public API only (set_state, step, advance), so it shares no code path with the
// explorer it is a check on.
#include "interp/co_enabled.h"

#include <unordered_set>
#include <vector>

#include "interp/machine.h"

namespace racelang {

CoEnabledPair make_co_enabled_pair(uint32_t cell, CoEnabledAccess a, CoEnabledAccess b) {
  if (b < a) std::swap(a, b);
  return {cell, a, b};
}

CoEnabledResult co_enabled_pairs(const Code& code, const CoEnabledOptions& options) {
  CoEnabledResult out;
  Machine m(code);
  if (m.start(options.max_steps).status != StepStatus::Done) return out;
  std::unordered_set<std::string> seen;
  std::vector<MachineState> stack;
  std::string key;
  auto visit = [&](const MachineState& s) {
    key.clear();
    s.serialize(key);
    if (!seen.insert(key).second) return;
    stack.push_back(s);
  };
  visit(m.state());
  struct Next {
    uint32_t cell;
    CoEnabledAccess access;
  };
  std::vector<Next> next;
  while (!stack.empty()) {
    if (seen.size() > options.max_states) {
      out.limit = "max-states";
      break;
    }
    MachineState s = std::move(stack.back());
    stack.pop_back();
    ++out.states;
    // Each thread's next access, by stepping it on a copy of the state.
    next.clear();
    for (uint32_t k = 0; k < m.thread_count(); ++k) {
      if (s.status[k] != ThreadStatus::Running) continue;
      m.set_state(s);
      const Instr& in = m.next_instr(k);
      // Volatile accesses synchronise: they are never data races, so never racing pairs.
      if ((in.op != Op::Load && in.op != Op::Store) || in.volatile_access) continue;
      StepResult r = m.step(k);
      if (r.status != StepStatus::Done) continue; // a bad index: no access happens
      const Label& l = r.step.label;
      next.push_back({l.target,
                      {l.thread, l.kind == LabelKind::Write ? AccessKind::Write : AccessKind::Read,
                       r.step.range.begin}});
    }
    for (size_t i = 0; i < next.size(); ++i)
      for (size_t j = i + 1; j < next.size(); ++j)
        if (next[i].cell == next[j].cell &&
            (next[i].access.kind == AccessKind::Write || next[j].access.kind == AccessKind::Write))
          out.pairs.insert(make_co_enabled_pair(next[i].cell, next[i].access, next[j].access));
    m.set_state(s);
    std::vector<uint32_t> runnable = m.runnable();
    for (uint32_t k : runnable) {
      m.set_state(s);
      StepResult r = m.advance(k, options.max_steps);
      if (r.status == StepStatus::Done) visit(m.state());
    }
  }
  return out;
}

} // namespace racelang
