// Optimal dynamic partial order reduction for `racelang explore` (the default strategy): the
// algorithm of Abdulla, Aronis, Jonsson and Sagonas, "Optimal Dynamic Partial Order Reduction"
// (POPL'14), with source sets, sleep sets and wakeup trees, over racelang's scheduling steps.
// It runs exactly one execution per Mazurkiewicz trace of the dependence relation that
// docs/explore.md defines (same cell with a write; same lock; fork/join of a thread; print and
// print; a step that ends the execution with everything), keeping only the current execution,
// its states and its wakeup trees: memory linear in the execution's length. Outcomes are
// collected exactly as the state-caching search collects them (explore_outcomes.h). The split
// search (`explore --jobs`, explore_parallel.h) runs the same algorithm on parts of the tree.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "interp/code.h"
#include "interp/dpor_dependence.h"
#include "interp/explore.h"
#include "interp/explore_outcomes.h"
#include "interp/independence.h"

namespace racelang {

// Called by explore_program for ExploreStrategy::Dpor.
ExploreResult explore_dpor(const Code& code, const ExploreOptions& options);

// The limits' counts (--max-states, --max-executions) of one part's run of a split search: it
// starts from what the parts before it used (explore_parallel.cpp) and adds what it counts.
struct SplitBudget {
  std::atomic<uint64_t> states{0};
  std::atomic<uint64_t> executions{0};
};

// A race reversal that a part given away by a running one found at one of that part's frames
// (docs/explore.md, "Planned branches given away"): v = notdep(e_i, E).e_j over the whole
// execution E, for the wakeup tree of frame i, with each step's footprint and vector clock (no
// clock: a step alone, as reverse_with_the_end tries it).
struct ReturnedReversal {
  size_t frame = 0;
  struct Step {
    uint32_t thread = 0;
    uint32_t pos = 0;
    Footprint fp;
    std::optional<std::vector<uint32_t>> clock;
  };
  std::vector<Step> steps;
};

// What one part of a split search found: its counts (ExploreResult's outcome lists empty), its
// outcomes, with ExploreOptions::on_execution its executions' schedules in order, and, for a
// part given away by a running one, the reversals it returns to that one.
struct DporPart {
  ExploreResult result;
  OutcomeCollector outcomes;
  std::vector<Schedule> listed;
  std::vector<ReturnedReversal> returned;
};

// Adds a part's counts (ExploreResult's count fields, not its outcome lists) into `into`.
void add_part_counts(ExploreResult& into, const ExploreResult& part);

// What the split asks of a node's children (docs/explore.md, "Forced steps"): which steps
// come first in every execution from the node (IndependenceOracle::always_initial). Null
// where the split cannot use it (the bigger-step semantics, or a program whose straight code
// could reach the step limit): then every node splits as before.
std::unique_ptr<IndependenceOracle> split_oracle(const Code& code, const ExploreOptions& options);

// The parts of a split search, as prefixes of thread indices in the search tree's order: the
// top of the tree expanded level by level (every enabled thread that is not asleep, the earlier
// ones asleep in the later ones' parts) until there are ExploreOptions::split_parts of them or
// the program has no more. A node with a forced step (`oracle`) has that one child and puts no
// sibling to sleep; a node where a sleeping thread's step is forced has none (every trace
// through it is another part's). `inner_nodes` counts the expanded prefixes, `forced_nodes`
// those with a forced step or no child that way.
std::vector<std::vector<uint32_t>> split_dpor_search(const Code& code,
                                                     const ExploreOptions& options,
                                                     const IndependenceOracle* oracle,
                                                     uint64_t& inner_nodes, uint64_t& forced_nodes);

// A part of a split search: the path from the search tree's root to the part's root, as
// thread indices, and who sleeps along it. At each of the first `sibling_frames` frames of the
// path, the enabled threads before the path's thread in sibling order (the parts of
// split_dpor_search); at each later frame, the threads in `sleepers` (a part split off a
// running one: that part's explored branches there, its branch in progress and the siblings
// split off before this one; docs/explore.md, "Parts split off while they run").
// A branch of a wakeup tree: the next step of `thread` there, as it was seen when planned,
// and the branches planned after it.
struct PlannedStep {
  uint32_t thread = 0;
  Footprint fp;
  std::vector<PlannedStep> children;
};

// A part given away by a running one (`given_away`) searches with wakeup trees from its
// giver's `plan` (the wakeup tree below the path's last step when it was given away), as the
// sequential search would below that branch, and returns the reversals of races whose first
// step is at the frames `returns_from`..`returns_to` (its giver's, and its giver's giver's),
// but not those the giver would find held: a sleeper of the frame or the path's own step there
// (the giver's branch in progress when it takes the part back). docs/explore.md, "Planned
// branches given away".
struct DporPartSpec {
  std::vector<uint32_t> prefix{};
  size_t sibling_frames = 0;
  std::vector<std::vector<uint32_t>> sleepers{}; // for frames sibling_frames..prefix.size()-1
  bool given_away = false;
  std::vector<PlannedStep> plan{}; // maybe empty
  size_t returns_from = 0, returns_to = 0;
  uint32_t given_depth = 0; // given away by a part given away by ... this many times
};

// Called by a running part with the parts it splits off (ExploreOptions::resplit_executions),
// in the order one worker searches them: after the part itself, before what it was offered
// earlier.
using DporOffer = std::function<void(std::vector<DporPartSpec>)>;

// A running part that searches with wakeup trees gives its planned branches away one by one
// (`give`: the ticket of the new part) and, when its search reaches each of them, takes back
// what that part found (`join`: its results, with those of the parts it gave away in turn,
// and its returned reversals in order); docs/explore.md,
// "Planned branches given away". A part whose plan the giver's later insertions changed is
// `cancel`led: its result is never taken back, and the giver explores the branch itself.
struct DporGroup {
  std::function<size_t(DporPartSpec)> give;
  std::function<DporPart(size_t)> join;
  std::function<void(size_t)> cancel;
};

// Optimal DPOR below `part`'s path (from split_dpor_search with the same `oracle`, or offered),
// with the path's sleepers asleep and the races with the path's own steps left to the other
// parts. `offer`, if set, receives the parts this one splits off while it runs.
// `group`, if set, takes the planned branches a part with wakeup trees gives away. `cancelled`,
// if set, stops the search when it becomes true (its giver cancelled it: its result is dropped).
DporPart explore_dpor_part(const Code& code, const ExploreOptions& options,
                           const IndependenceOracle* oracle, const DporPartSpec& part,
                           SplitBudget& budget, const DporOffer& offer = nullptr,
                           const DporGroup* group = nullptr,
                           const std::atomic<bool>* cancelled = nullptr);

} // namespace racelang
