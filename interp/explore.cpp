// The exploration search (see explore.h). Iterative DFS with an explicit stack of frames, each
// holding a machine state and its remaining choices. Detectors cannot be copied, so the search
// keeps one live RaceObserver for the current path and rebuilds it (replaying the path's events
// with force(), which for non-racing events is step()) when it backtracks: O(depth) per
// backtrack, cheap next to the states. Counts are memoised per state: a state's counts are the
// sum over its successors, where an edge that reports a race makes every execution through it
// racy.
#include "interp/explore.h"

#include <chrono>

#include <algorithm>
#include <map>
#include <memory>
#include <set>
#include <string_view>
#include <tuple>
#include <unordered_map>

#include "interp/explore_dpor.h"
#include "interp/explore_outcomes.h"
#include "interp/explore_parallel.h"
#include "interp/observer_checkpoints.h"
#include "interp/race_observer.h"

namespace racelang {
namespace {

constexpr uint64_t kMax = ~uint64_t{0};

uint64_t sat_add(uint64_t a, uint64_t b, bool& saturated) {
  if (a > kMax - b) {
    saturated = true;
    return kMax;
  }
  return a + b;
}

// Adds the counts of a successor reached by an edge (racy or not) to its parent's.
void add_counts(ExploreCounts& into, const ExploreCounts& child, bool edge_raced) {
  bool& s = into.saturated;
  into.total = sat_add(into.total, child.total, s);
  into.racy = sat_add(into.racy, edge_raced ? child.total : child.racy, s);
  into.finished = sat_add(into.finished, child.finished, s);
  into.failed = sat_add(into.failed, child.failed, s);
  into.deadlocked = sat_add(into.deadlocked, child.deadlocked, s);
  into.discarded = sat_add(into.discarded, child.discarded, s);
  into.step_limit = sat_add(into.step_limit, child.step_limit, s);
  s = s || child.saturated;
}

struct Node {
  ExploreCounts counts;
  bool done = false;
  uint32_t index = 0; // in Explorer::graph_
};

constexpr uint32_t kNoNode = ~uint32_t{0};

// The state graph as the cached search found it, for finding cycles no schedule leaves:
// each state's successors (state, thread id chosen), how it was first reached, and whether
// an execution ends right at or after it (finished, deadlocked, failed, step limit).
struct GraphNode {
  uint32_t parent = kNoNode;
  int64_t chosen = -1; // the thread id on the edge from parent
  std::vector<std::pair<uint32_t, int64_t>> successors;
  bool ends = false;
};

// The events of one scheduling step (labelled steps and exits, Machine::events), to rebuild
// the detector along a path.
struct Edge {
  std::vector<LabelledStep> events;
};

struct Frame {
  MachineState state;
  std::vector<uint32_t> choices; // runnable thread indices, ascending
  size_t next = 0;
  ExploreCounts counts;
  Node* node = nullptr; // nullptr without cache
  Edge edge;            // the step into this state
  int64_t chosen = -1;  // the thread id chosen for that step (-1: the root)
  bool edge_raced = false;
  uint32_t races_on_path = 0; // races reported from the root to here
  uint64_t path_steps = 0;    // instructions from the root to here
  uint64_t serial = 0;        // names this frame among all pushed (ObserverCheckpoints)
};

class Explorer {
public:
  Explorer(const Code& code, const ExploreOptions& options)
      : code_(code), options_(options), machine_(code, options.machine), outcomes_(code) {
    for (const ThreadCode& t : code.threads) thread_ids_.push_back(t.id);
    for (const Symbol& sym : code.info->symbols) {
      std::vector<uint32_t>* into = nullptr;
      switch (sym.kind) {
      case SymbolKind::Shared:
        into = &cells_.locations;
        break;
      case SymbolKind::Lock:
        into = &cells_.locks;
        break;
      case SymbolKind::Volatile:
        into = &cells_.volatiles;
        break;
      case SymbolKind::Barrier:
        into = &cells_.barriers;
        break;
      case SymbolKind::Condition: // no detector state of its own
        break;
      }
      for (uint32_t c = 0; into && c < sym.cell_count; ++c) into->push_back(sym.first_cell + c);
    }
  }

  ExploreResult run() {
    std::string probe;
    cache_ =
        options_.cache && RaceObserver(options_.detector).fingerprint(thread_ids_, cells_, probe);
    result_.cached = cache_;
    MachineState initial = machine_.state();
    StepResult s = machine_.start(options_.max_steps);
    if (s.status == StepStatus::Failed) record_failure_state(initial);
    Frame root;
    root.edge = edge_of(machine_);
    root.path_steps = s.small_steps;
    live_ = std::make_unique<RaceObserver>(options_.detector);
    live_depth_ = 0;
    apply_edge(*live_, root.edge);
    ExploreCounts root_counts;
    if (!leaf_or_push(std::move(root), s, root_counts)) result_.counts = root_counts;
    search();
    if (cache_ && result_.cyclic && result_.limit.empty()) find_non_terminations();
    finish();
    return std::move(result_);
  }

private:
  static Edge edge_of(const Machine& machine) { return Edge{machine.events()}; }

  static void apply_edge(RaceObserver& observer, const Edge& e) {
    replay_events(observer, e.events);
  }

  void record_failure_state(const MachineState& before) {
    if (!options_.split_race_free) return;
    const Failure& f = *machine_.failure();
    std::string key;
    before.serialize(key);
    key += std::to_string(f.thread) + ":" + f.message + ":" + std::to_string(f.range.begin.line) +
           ":" + std::to_string(f.range.begin.col);
    if (seen_failure_states_.insert(key).second) result_.failure_states.push_back({before, f});
  }

  void record_first_race(const MachineState& before, int64_t thread, const RaceReport& race) {
    std::string key;
    before.serialize(key);
    RaceKey rk = race_key(race);
    key += std::to_string(thread) + ":" + std::to_string(race.cell) + ":" +
           std::to_string(static_cast<int>(race.current.kind)) + ":" +
           std::to_string(race.previous.thread) + ":" +
           std::to_string(static_cast<int>(race.previous.kind)) + ":" +
           std::to_string(rk.first.line) + ":" + std::to_string(rk.first.col) + ":" +
           std::to_string(rk.second.line) + ":" + std::to_string(rk.second.col);
    if (seen_first_races_.insert(key).second) result_.first_races.push_back({before, thread, race});
  }

  Schedule path_schedule(int64_t last) const { return racelang::path_schedule(stack_, last); }

  bool limit_reached() { return explore_limit_reached(result_, options_); }

  // The observer for the state at the top of the stack: the live one if it is there, else
  // rebuilt from the checkpoints along the path.
  RaceObserver& observer_at_top() {
    size_t depth = stack_.size() - 1;
    auto serial_at = [&](size_t d) { return stack_[d].serial; };
    if (live_depth_ != depth) {
      checkpoints_.rebuild(
          *live_, depth, options_.detector, serial_at,
          [&](RaceObserver& observer, size_t d) { apply_edge(observer, stack_[d].edge); });
      live_depth_ = depth;
    }
    checkpoints_.offer(depth, serial_at, *live_);
    return *live_;
  }

  // Shared memory enters a cache key as the ids of content-addressed chunks when it is large:
  // states that differ in a few cells of a big array then share the storage of every other
  // chunk, instead of each key holding a copy of all of memory (a 10^7-cell array is 80 MB a
  // state). Equal ids mean equal contents (the table compares whole chunks), so keys stay exact.
  // A chunk whose storage was seen before (Cells shares unchanged chunks between states) gets
  // its id without reading its contents; the table keeps that storage alive, so its address
  // cannot be reused by another chunk.
  void put_memory(const Cells& memory, std::string& key) const {
    uint32_t cells = static_cast<uint32_t>(memory.size());
    key.append(reinterpret_cast<const char*>(&cells), sizeof cells);
    if (memory.chunk_count() == 1) {
      std::span<const int64_t> only = memory.chunk(0);
      key.append(reinterpret_cast<const char*>(only.data()), only.size() * sizeof(int64_t));
      return;
    }
    for (size_t k = 0; k < memory.chunk_count(); ++k) {
      uint32_t id = memory_chunks_.id(memory, k);
      key.append(reinterpret_cast<const char*>(&id), sizeof id);
    }
  }

  std::string state_key(bool racy) const {
    std::string key;
    put_memory(machine_.state().memory, key);
    machine_.state().serialize_threads(key);
    if (options_.split_race_free) key.push_back(racy ? 'r' : 'f');
    if (options_.incomplete_cache_key) return key;
    live_->fingerprint(thread_ids_, cells_, key);
    // Without a detector nothing reads the history (race checks carry their own sites).
    if (live_->has_detector()) live_->history().serialize(key);
    return key;
  }

  void record_race(const RaceReport& report, int64_t last, uint32_t races_before) {
    outcomes_.race(report, races_before == 0, [&] { return path_schedule(last); });
  }

  // Handles a new state reached with step result `s` (already observed): a leaf outcome is
  // recorded and counted into `leaf`; otherwise the state becomes a frame. Returns true if a
  // frame was pushed.
  bool leaf_or_push(Frame frame, const StepResult& s, ExploreCounts& leaf) {
    int64_t last = frame.chosen;
    reached_ = kNoNode;
    auto leaf_outcome = [&](uint64_t ExploreCounts::*field) {
      leaf.total = 1;
      leaf.*field = 1;
      ++result_.executions_run;
      return false;
    };
    if (s.status == StepStatus::Failed) {
      // A failed check is racy through the edge (see search()).
      outcomes_.failure(*machine_.failure(), frame.races_on_path - (frame.edge_raced ? 1 : 0),
                        [&] { return path_schedule(last); });
      return leaf_outcome(&ExploreCounts::failed);
    }
    if (s.status == StepStatus::StepLimit) {
      outcomes_.step_limit(machine_, frame.path_steps - s.small_steps,
                           [&] { return path_schedule(last); });
      return leaf_outcome(&ExploreCounts::step_limit);
    }

    Node* node = nullptr;
    if (cache_) {
      auto [it, inserted] = nodes_.try_emplace(state_key(frame.races_on_path > 0));
      node = &it->second;
      if (inserted) {
        node->index = static_cast<uint32_t>(graph_.size());
        GraphNode g;
        if (!stack_.empty()) g.parent = stack_.back().node->index;
        g.chosen = last;
        graph_.push_back(std::move(g));
      }
      reached_ = node->index;
      if (!inserted) {
        if (node->done)
          leaf = node->counts;
        else
          result_.cyclic = true; // on the current path: a cycle
        return false;
      }
    }
    ++result_.states;
    if (machine_.all_finished()) {
      const MachineState& st = machine_.state();
      outcomes_.final_state(st, options_.final_locals);
      if (options_.split_race_free && frame.races_on_path == 0)
        race_free_finals_.insert(FinalState{st.memory, st.locals});
      leaf_outcome(&ExploreCounts::finished);
      if (node) node->counts = leaf, node->done = true, graph_[node->index].ends = true;
      return false;
    }
    std::vector<uint32_t> runnable = machine_.runnable();
    if (runnable.empty() && machine_.assumption_failed()) {
      leaf_outcome(&ExploreCounts::discarded);
      if (node) node->counts = leaf, node->done = true, graph_[node->index].ends = true;
      return false;
    }
    if (runnable.empty()) {
      outcomes_.deadlock(blocked_threads(machine_), [&] { return path_schedule(last); });
      leaf_outcome(&ExploreCounts::deadlocked);
      if (node) node->counts = leaf, node->done = true, graph_[node->index].ends = true;
      return false;
    }
    frame.state = machine_.state();
    frame.choices = std::move(runnable);
    frame.node = node;
    frame.serial = ++next_serial_;
    stack_.push_back(std::move(frame));
    return true;
  }

  void search() {
    ProgressTicker progress;
    while (!stack_.empty()) {
      progress.tick(options_, result_);
      Frame& top = stack_.back();
      if (top.next == top.choices.size() || limit_reached()) {
        pop();
        continue;
      }
      uint32_t k = top.choices[top.next++];
      RaceObserver& observer = observer_at_top();
      machine_.set_state(top.state);
      StepResult s = machine_.advance(k, options_.max_steps);
      Frame child;
      child.edge = edge_of(machine_);
      child.chosen = machine_.thread_id(k);
      child.path_steps = top.path_steps + s.small_steps;
      child.races_on_path = top.races_on_path;
      for (const LabelledStep& event : child.edge.events) {
        if (event.label.kind == LabelKind::Exit) {
          observer.exit(event.label.thread);
          continue;
        }
        if (auto race = observer.observe(event)) {
          uint32_t before = top.races_on_path + (child.edge_raced ? 1 : 0);
          record_race(*race, child.chosen, before);
          if (options_.split_race_free && before == 0)
            record_first_race(top.state, child.chosen, *race);
          child.edge_raced = true;
          observer.force(event);
        }
      }
      if (s.status == StepStatus::Failed) record_failure_state(top.state);
      if (s.status == StepStatus::Failed && machine_.failure()->kind == FailureKind::RaceCheck)
        child.edge_raced = true;
      if (child.edge_raced) ++child.races_on_path;
      live_depth_ = stack_.size(); // the observer is now at the child
      bool raced = child.edge_raced;
      uint32_t from = top.node ? top.node->index : kNoNode; // `top` dangles after a push
      int64_t chosen = child.chosen;
      ExploreCounts leaf;
      if (!leaf_or_push(std::move(child), s, leaf)) add_counts(stack_.back().counts, leaf, raced);
      if (from != kNoNode) {
        if (reached_ == kNoNode)
          graph_[from].ends = true; // failed or step limit: an outcome, not a state
        else
          graph_[from].successors.emplace_back(reached_, chosen);
      }
    }
  }

  void pop() {
    Frame frame = std::move(stack_.back());
    stack_.pop_back();
    if (frame.node && frame.next == frame.choices.size() && result_.limit.empty()) {
      frame.node->counts = frame.counts;
      frame.node->done = true;
    }
    if (live_depth_ > stack_.size()) live_depth_ = kMax; // needs a rebuild
    if (stack_.empty())
      result_.counts = frame.counts;
    else
      add_counts(stack_.back().counts, frame.counts, frame.edge_raced);
  }

  // States from which no execution ends are those no backward search from an ending state
  // reaches. Each such state first reached from a state that can still end (or the initial
  // state) is where a schedule commits to running forever; from there the witness follows
  // successors (all of them in the same trap) until a state repeats, closing the cycle. Each
  // entry costs a replay of its witness, so at most kMaxEntries are looked at: a program
  // trapped in many ways is shown some of them, which is enough to tell it never ends.
  void find_non_terminations() {
    constexpr size_t kMaxEntries = 1000;
    size_t entries = 0;
    size_t n = graph_.size();
    std::vector<std::vector<uint32_t>> predecessors(n);
    std::vector<uint32_t> queue;
    std::vector<bool> can_end(n, false);
    for (uint32_t i = 0; i < n; ++i) {
      for (const auto& [to, id] : graph_[i].successors) predecessors[to].push_back(i);
      if (graph_[i].ends) {
        can_end[i] = true;
        queue.push_back(i);
      }
    }
    while (!queue.empty()) {
      uint32_t i = queue.back();
      queue.pop_back();
      for (uint32_t p : predecessors[i])
        if (!can_end[p]) can_end[p] = true, queue.push_back(p);
    }
    std::map<std::vector<std::tuple<int64_t, uint32_t, uint32_t>>, ExploreNonTermination> found;
    for (uint32_t i = 0; i < n; ++i) {
      const GraphNode& g = graph_[i];
      if (can_end[i] || (g.parent != kNoNode && !can_end[g.parent])) continue;
      if (g.successors.empty()) continue; // cannot happen after a complete search
      if (++entries > kMaxEntries) break;
      Schedule witness;
      for (uint32_t j = i; graph_[j].parent != kNoNode; j = graph_[j].parent)
        witness.push_back(graph_[j].chosen);
      std::reverse(witness.begin(), witness.end());
      std::set<uint32_t> on_walk{i};
      for (uint32_t j = i;;) {
        auto [to, id] = graph_[j].successors.front();
        witness.push_back(id);
        if (!on_walk.insert(to).second) break;
        j = to;
      }
      ExploreNonTermination nt = replay_non_termination(std::move(witness));
      std::vector<std::tuple<int64_t, uint32_t, uint32_t>> key;
      for (const auto& t : nt.threads)
        key.emplace_back(t.id, t.range.begin.line, t.range.begin.col);
      found.try_emplace(std::move(key), std::move(nt));
    }
    for (auto& [key, nt] : found) result_.non_terminations.push_back(std::move(nt));
  }

  // Runs `witness` on a fresh machine for the threads' positions where it ends and the
  // instructions it takes.
  ExploreNonTermination replay_non_termination(Schedule witness) const {
    Machine machine(code_, options_.machine);
    ExploreNonTermination nt;
    nt.steps = machine.start(options_.max_steps).small_steps;
    for (int64_t id : witness)
      nt.steps += machine.advance(static_cast<uint32_t>(code_.thread_index(id)), options_.max_steps)
                      .small_steps;
    for (uint32_t k = 0; k < machine.thread_count(); ++k)
      if (machine.status(k) == ThreadStatus::Running)
        nt.threads.push_back(
            {machine.thread_id(k), machine.next_instr(k).range, machine.can_step(k)});
    nt.witness = std::move(witness);
    return nt;
  }

  void finish() {
    outcomes_.finish(result_);
    result_.race_free_final_states.assign(race_free_finals_.begin(), race_free_finals_.end());
  }

  const Code& code_;
  const ExploreOptions& options_;
  Machine machine_;
  std::vector<int64_t> thread_ids_;
  RaceObserver::Cells cells_;
  std::vector<Frame> stack_;
  std::unique_ptr<RaceObserver> live_;
  size_t live_depth_ = 0;
  ObserverCheckpoints checkpoints_;
  uint64_t next_serial_ = 0; // Frame::serial of the next frame pushed
  std::unordered_map<std::string, Node> nodes_;
  mutable ChunkIds memory_chunks_;
  std::vector<GraphNode> graph_; // with cache_: the states by Node::index
  uint32_t reached_ = kNoNode;   // the state leaf_or_push reached (kNoNode: an outcome)
  ExploreResult result_;
  OutcomeCollector outcomes_;
  std::set<FinalState> race_free_finals_;
  std::set<std::string> seen_first_races_, seen_failure_states_;
  bool cache_ = true;
};

} // namespace

ExploreResult explore_program(const Code& code, const ExploreOptions& given) {
  ExploreOptions options = given;
  if (options.timeout_ms != 0)
    options.deadline =
        std::chrono::steady_clock::now() + std::chrono::milliseconds(options.timeout_ms);
  switch (options.strategy) {
  case ExploreStrategy::Dpor:
    if (!options.split_race_free && !options.machine.independent_accesses)
      return options.jobs == 0 ? explore_dpor(code, options) : explore_dpor_parallel(code, options);
    break;
  case ExploreStrategy::Naive: {
    ExploreOptions naive = options;
    naive.cache = false;
    return Explorer(code, naive).run();
  }
  case ExploreStrategy::States:
    break;
  }
  return Explorer(code, options).run();
}

const char* strategy_name(ExploreStrategy strategy) {
  switch (strategy) {
  case ExploreStrategy::Dpor:
    return "dpor";
  case ExploreStrategy::States:
    return "states";
  case ExploreStrategy::Naive:
    return "naive";
  }
  return "?";
}

std::optional<ExploreStrategy> parse_strategy(const std::string& name) {
  for (ExploreStrategy s : {ExploreStrategy::Dpor, ExploreStrategy::States, ExploreStrategy::Naive})
    if (name == strategy_name(s)) return s;
  return std::nullopt;
}

} // namespace racelang
