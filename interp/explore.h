// Exhaustive schedule exploration for small programs: a depth-first search over the choices at
// every scheduling point, with the chosen detector observing each execution (continuing past
// races with Detector::force, like `run --keep-going`). Two reductions keep it small and exact:
// thread-local instructions never are scheduling points (Machine::advance runs them eagerly),
// and states already explored are not explored again. A state is the machine state plus
// everything that decides what is reported from it on: the detector's state (its clocks, read
// through its accessors) and the access history (positions of each thread's last accesses).
// Execution counts stay exact under caching because every state remembers how many executions
// (and racy ones) continue from it. docs/interpreter.md explains why the reported sets are the
// same as without caching, which a test also checks. That search is ExploreStrategy::States;
// explore_program also runs optimal DPOR (explore_dpor.h, `racelang explore`'s default) and
// the naive search without a cache, all reporting through explore_outcomes.h
// (docs/explore.md compares them).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "detect/detector.h"
#include "interp/code.h"
#include "interp/machine.h"
#include "interp/race.h"
#include "interp/run.h"
#include "interp/scheduler.h"

namespace racelang {

// How the schedules are enumerated (docs/explore.md). All three report the same outcomes.
enum class ExploreStrategy : uint8_t {
  // Optimal dynamic partial order reduction (source sets and wakeup trees, POPL'14): one
  // execution per Mazurkiewicz trace, memory linear in the execution's length. Stateless:
  // threads that can loop forever need `thread_bound`.
  Dpor,
  States, // depth-first search with visited-state caching (handles cyclic state spaces)
  Naive,  // depth-first search over every interleaving, no cache, no reduction
};

// Deliberately broken DPOR variants, for tests only: each must be caught by a property.
enum class DporFault : uint8_t {
  None,
  IgnoreLocks,          // lock operations are independent of each other
  WritesCommute,        // two writes of one cell are independent
  NoWakeupTrees,        // race reversals add one thread (source sets alone), not the whole sequence
  IgnoreConditions,     // waits and notifies of one condition are independent of each other
  IgnoreBarriers,       // two arrivals at one barrier are independent
  StaleEndingSteps,     // a failing step moved before its race keeps E's footprint (traces twice)
  StaleEventKeys,       // a reused frame keeps its earlier event's key (explore_dpor.cpp, set_key)
  SummaryMissesLast,    // a reversed race's sequence leaves its last step's summary out (lost)
  EndRaceAlone,         // a step's race with the end of E is tried as that step alone (traces lost)
  BlockedEndsSkipLocks, // a sleep-set-blocked end reverses no blocked lock's race (split loses)
  RacesReversedAtTheirStep, // wakeup trees get notdep cut at a race's second step (traces lost)
  // EndRaceAlone with RacesReversedAtTheirStep: since races are reversed at the end of each
  // execution, no program is known in which EndRaceAlone alone loses a trace (6,000 generated
  // cases searched); the two together do (DporTeeth.EndRacesTriedAloneAreCaught).
  EndRaceAloneAndRacesAtTheirStep,
  WitnessNotLeast, // witnesses take the greatest ready thread first (valid, but not the least)
  // A witness built against the greatest one kept for its step's races (explore_dpor.cpp,
  // least_schedule) stops where it is greater even after it was less at an earlier step: a
  // less witness is dropped.
  WitnessBoundKeepsComparing,
  // add_event's index of earlier events by object (interp/dependence_index.h) files steps
  // that print under nothing: two prints of different threads are never reversed (lost);
  IndexLeavesOutPrints,
  // or files reads under nothing: a write never sees the reads before it (races lost);
  IndexLeavesOutReads,
  // or, asked by the weak-initial test which frames from the race's first step on a sleeping
  // thread's step may depend on, leaves the first of them out (traces lost).
  IndexAskedFromTheNextFrame,
  // A reversed race's sequence is keyed by its steps' threads and positions alone
  // (interp/reversal_keys.h): a sequence of other cells' steps is taken for one handled
  // already (traces lost).
  ReversalKeysWithoutFootprints,
  // The race observer rebuilt from its copy at a backtrack point replays the path from one
  // step past the copy (explore_dpor.cpp, observer_at_top): the detector never sees that step.
  ObserverCopySkipsAStep,
};

// How the DPOR search finds the earlier steps a new step is dependent with (explore_dpor.cpp,
// add_event; interp/dependence_index.h).
enum class DependenceScan : uint8_t {
  // Those that share an object with it, from an index of the execution's steps, from the
  // 32nd step of an execution on; every earlier step below that, where the index would
  // return most of them anyway, and in a search where it did so for most of its first steps.
  Indexed,
  Whole, // tests only: every earlier step, as before 2026-11-27
  // Tests only: the index from the 4th step on (so that short executions catch it up too),
  // wherever the step does not spawn, wait or end.
  IndexedAlways,
};

// Which reversed races' sequences the DPOR search keys (explore_dpor.cpp, reverse and
// sequence_key, before the sequence is built; interp/reversal_keys.h).
enum class ReversalKeying : uint8_t {
  // Those of races whose first step is more than 32 frames before the execution's end, while
  // it pays: a search in which fewer than one in eight of its first 1,024 keyed sequences had
  // been handled before keys no more (filesystem, mpat: none had).
  WhereItPays,
  Always, // tests only: every sequence, however short (so that short executions key too)
  Never,  // tests only: none (every sequence handled again, as before 2026-11-28)
};

// Deliberately broken variants of the split (parallel) DPOR search, for tests only: each must
// make the results of the split search differ from the unsplit one's.
enum class SplitFault : uint8_t {
  None,
  NoSiblingSleep,     // a part does not start with its earlier siblings asleep (traces twice)
  ReverseAboveRoot,   // a part also reverses races with its prefix's steps (traces twice)
  FirstFoundWitness,  // each witness is the first found, not the least (order-dependent)
  WakeupTreesInParts, // parts with sleepers at their root use wakeup trees too (traces lost)
  PartsStartTheLimitsAtZero, // every part counts --max-states/--max-executions on its own
  ForcedIgnoresFailures, // a forced step ignores that other threads may fail first (lost traces)
  RangesIgnoreRemainderSign, // forced steps trust index ranges that take a % b to be >= 0 (lost)
  // Parts split off a running part (ExploreOptions::resplit_executions):
  ResplitKeepsSiblings, // the running part still explores the branches it split off (twice)
  ResplitCurrentAwake,  // split-off parts leave the running part's current branch awake (twice)
  // Planned branches given away by a part with wakeup trees (docs/explore.md, "Planned
  // branches given away"):
  GivenReturnsDropped, // the giver drops the reversals its given-away parts return (traces lost)
  GivenNeverSleep,     // the giver does not put a given-away branch to sleep after it (twice)
  GivenStaleKept,      // the giver takes back a part whose plan its later insertions grew (lost)
};

struct ExploreOptions {
  // The library's default is the state-caching search (its counts and state statistics are
  // what existing users rely on); `racelang explore` defaults to Dpor.
  ExploreStrategy strategy = ExploreStrategy::States;
  // Dpor: scheduling steps one thread may take; a thread that reaches it takes no more, and the
  // executions it cut are counted (ExploreCounts::bounded) and said in the output.
  uint64_t thread_bound = 10'000;
  DporFault dpor_fault = DporFault::None; // tests only
  // Dpor: a race's witness is built only as far as it takes to tell that it would replace none
  // kept (docs/explore.md, "2026-11-27: the witnesses' cost"). Tests only: false builds each one
  // whole.
  bool witnesses_bounded = true;
  // Dpor: which earlier steps each new step is checked for dependence against.
  DependenceScan dependence_scan = DependenceScan::Indexed;
  // Dpor: which reversed races' sequences are keyed, so that one a frame has handled already
  // in its branch in progress is not handled again (interp/reversal_keys.h).
  ReversalKeying reversal_keying = ReversalKeying::WhereItPays;
  // Dpor: worker threads (`explore --jobs`). 0 runs the one unsplit search (the library's
  // default); 1 or more split the search tree into parts (`split_parts`, the same split for
  // any number of workers) explored by that many threads, with the same results for every
  // number (docs/explore.md, "Parallel exploration"). States and Naive run on one thread.
  uint32_t jobs = 0;
  // Dpor with jobs >= 1: split the search tree at its top into at least this many parts where
  // the program has that many (fixed, so that the results never depend on `jobs`). One part
  // spreads over the workers by giving its planned branches away (`give_executions`) and is
  // optimal on every worker; more parts start every worker at once, but those with sleepers at
  // their root run source sets and block executions (docs/explore.md, "Optimal parts").
  uint32_t split_parts = 1;
  SplitFault split_fault = SplitFault::None; // tests only
  // Dpor with jobs >= 1: a node where some thread's step comes first in every execution is not
  // split, and one where some sleepers can never be woken is dropped (docs/explore.md, "Forced
  // steps"). False splits every node at every enabled thread that is not asleep (the split
  // before 2026-11-26), for the tests' comparisons.
  bool split_forced = true;
  // Dpor with jobs >= 1: a part that searches with source sets (it has sleepers at its root)
  // and has run this many executions of its own splits the rest of its search above its
  // current branch off as new parts, which idle workers take, and does so again each time its
  // executions double (0: never). The parts split off depend on the part's own search only,
  // never on the workers or their timing, so the results stay the same for every `jobs`
  // (docs/explore.md, "Parts split off while they run").
  uint64_t resplit_executions = 4'096;
  // Dpor with more than one worker: a part that searches with wakeup trees gives the branches
  // its wakeup trees have planned at one frame away as new parts every this many executions of
  // its own (0: never); it takes back what they found where it reaches them (docs/explore.md,
  // "Planned branches given away"). Parts given away search with wakeup trees and give away in
  // turn. The results do not depend on it: the parts run the executions that the search
  // without giving runs below their branches.
  uint64_t give_executions = 512;
  std::optional<detect::DetectorKind> detector = detect::DetectorKind::VectorClock;
  uint64_t max_executions = 1'000'000; // executions run to their end (cache hits not counted)
  uint64_t max_states = 1'000'000;     // distinct states (nodes of the search without cache)
  // Instructions in one scheduling step (a thread's run of local code); more is reported as a
  // step-limit outcome of that execution.
  uint64_t max_steps = 1'000'000;
  // Wall-clock limit of the whole search in milliseconds, 0 for none (`--timeout`); reaching it
  // stops the search like max_states does (limit "timeout"), with partial results.
  uint64_t timeout_ms = 0;
  // When timeout_ms runs out: set by explore_program as the search starts.
  std::chrono::steady_clock::time_point deadline{};
  bool cache = true; // false: plain DFS, every interleaving run (tests compare the two)
  // false: final states keep shared memory only (their locals left empty), so that the set of
  // them is bounded by the distinct states of shared memory. `racelang explore` without
  // --locals: its output shows shared memory only, and with the locals stack(5)'s 325 final
  // states were 76,765, which held most of its memory.
  bool final_locals = true;
  // The machine's semantics and reductions: bigger_step (`explore --bigger-step`, Figure 11)
  // and the independence reduction (independent_accesses; see independence.h for what it
  // keeps exact: not the execution counts).
  MachineOptions machine;
  // Also report what happens on race-free paths, separately: the final states of executions
  // with no race (race_free_final_states), the states where a race-free path meets its first
  // race (first_races), and the states from which a failure is reached (failure_states).
  // Whether the path so far has raced then becomes part of the cached state, so that a state
  // first reached by a racy path is explored again when a race-free path reaches it.
  bool split_race_free = false;
  // Negative control for the tests only: cache states by the machine state alone, leaving out
  // the detector's state and the access history. Loses races; the cache property catches it.
  bool incomplete_cache_key = false;
  // Dpor: called with the schedule of every execution explored to its end, in exploration
  // order (`explore --list-executions`; bench/explore/split.py simulates splitting the search
  // tree they form between workers).
  std::function<void(const Schedule&)> on_execution;
  // Called now and then with (states, executions run so far).
  std::function<void(uint64_t, uint64_t)> progress;
};

// Each witness is a schedule from the initial state to the outcome, replayable with
// `racelang run --replay` (see replay_arguments in explore_output.h).
struct ExploreRace {
  RaceReport report;
  Schedule witness; // ends with the step that raced
  bool
      first_on_witness; // no earlier race on the witness (a replay without --keep-going stops here)
};

struct ExploreFailure {
  Failure failure;
  Schedule witness;
};

struct ExploreDeadlock {
  std::vector<BlockedThread> blocked;
  Schedule witness;
};

struct ExploreStepLimit {
  int64_t thread = 0;
  SourceRange range; // the instruction the thread was at
  Schedule witness;
  uint64_t steps_before = 0; // instructions on the witness before its last scheduling step
};

// A cycle of states that no schedule leaves for an end: every thread still running spins
// (or waits for one that does) forever, e.g. on a flag nobody sets. Found after a complete
// search as the states from which no finished, failed, deadlocked or step-limit outcome can be
// reached; one is reported per distinct set of thread positions where the cycle closes.
struct ExploreNonTermination {
  struct Thread {
    int64_t id = 0;
    SourceRange range; // the instruction it is at where the cycle closes
    bool can_step = false;
  };
  std::vector<Thread> threads; // every running thread, in thread-index order
  Schedule witness;            // into the cycle and once round it
  // Instructions run along the witness: replayed with --max-steps of this, a run stops at
  // the step limit exactly where the cycle closes.
  uint64_t steps = 0;
};

// A final state: shared memory (every cell) and every thread's locals (Machine layout).
struct FinalState {
  Cells memory; // shares unchanged chunks with the states it was taken from
  std::vector<int64_t> locals;
  auto operator<=>(const FinalState&) const = default;
};

// With ExploreOptions::split_race_free: a race met by a path that had no race before it.
struct ExploreFirstRace {
  MachineState before; // the scheduling point where the racing step was chosen
  int64_t thread = 0;  // the thread chosen there
  RaceReport report;
};

// With ExploreOptions::split_race_free: a failure and the state it was reached from.
struct ExploreFailureState {
  MachineState before; // the scheduling point where the failing step was chosen
  Failure failure;
};

struct ExploreCounts {
  uint64_t total = 0; // maximal executions: finished, failed, deadlocked, discarded, limit
  uint64_t racy = 0;  // executions on which the detector reported a race
  uint64_t finished = 0;
  uint64_t failed = 0; // assertion failures, runtime errors, failed instrumentation checks
  uint64_t deadlocked = 0;
  uint64_t discarded = 0; // an `assume` was false: not behaviours of the program
  uint64_t step_limit = 0;
  uint64_t bounded = 0;   // Dpor: executions a thread's thread_bound cut short
  bool saturated = false; // some count overflowed 2^64 - 1 (they stop there)
};

struct ExploreResult {
  ExploreCounts counts;
  uint64_t states = 0;         // distinct states visited (search nodes without cache)
  uint64_t executions_run = 0; // executions actually run to their end
  // Dpor: Mazurkiewicz traces explored (one execution each); nullopt for the other
  // strategies, which count interleavings (ExploreCounts::total).
  std::optional<uint64_t> traces;
  // Dpor: executions begun and abandoned because every enabled thread was asleep, and
  // wakeup-tree sequences that could not be followed. Both 0 for the optimal algorithm (the
  // tests check it); the broken variants make them positive.
  uint64_t redundant = 0;
  uint64_t infeasible = 0;
  // Dpor: race reversals skipped because their frame had handled an equivalent sequence
  // already in its branch in progress (interp/reversal_keys.h; not in the output).
  uint64_t reversals_repeated = 0;
  // Dpor with jobs >= 1: the parts with sleepers at their root, searched with source sets
  // (docs/explore.md, "Optimal parts"), and the executions of `redundant` they ran; the other
  // parts are optimal (none blocked).
  uint64_t source_parts = 0;
  uint64_t source_parts_blocked = 0;
  // Dpor with jobs >= 1: the parts the search tree was split into (0 when unsplit), and the
  // nodes of the split not split at every child: a forced step (one child) or sleepers that
  // nothing can wake (no child; docs/explore.md, "Forced steps").
  uint64_t parts = 0;
  uint64_t forced_nodes = 0;
  // Dpor with jobs >= 1: how many times a running part split the rest of its search off as
  // new parts (ExploreOptions::resplit_executions); `parts` counts those parts too.
  uint64_t resplits = 0;
  // Dpor with more than one worker: parts given away and taken back (not in `parts`, nor in
  // the output: one worker gives nothing away), and those whose plan the giver's later
  // insertions grew: never taken back, their branch explored by the giver (docs/explore.md,
  // "Planned branches given away").
  uint64_t given_parts = 0;
  uint64_t given_stale = 0;
  // The state graph has a cycle (a spin loop, say): some schedules never end, and the counts
  // are of executions the search completed without going round a cycle: lower bounds.
  bool cyclic = false;
  // Cycles no schedule can leave (only with state caching, and only after a complete search);
  // sorted by the threads' positions.
  std::vector<ExploreNonTermination> non_terminations;
  // Set when a limit stopped the search: which one. Results are then partial.
  std::string limit;
  std::vector<FinalState> final_states; // distinct, sorted
  // With ExploreOptions::split_race_free (else empty): distinct, in the order found.
  std::vector<FinalState> race_free_final_states; // sorted
  std::vector<ExploreFirstRace> first_races;
  std::vector<ExploreFailureState> failure_states;
  std::vector<ExploreRace> races;                 // distinct by RaceKey, sorted
  std::vector<ExploreFailure> assertion_failures; // distinct, sorted by position and message
  std::vector<ExploreFailure> runtime_errors;
  std::vector<ExploreDeadlock> deadlocks;
  std::vector<ExploreStepLimit> step_limits;
  bool cached = true; // whether states were cached (off on request, or for a detector whose
                      // state cannot be read)
};

// Dispatches on options.strategy. Dpor does not support split_race_free or the independence
// reduction (MachineOptions::independent_accesses): those searches run with States.
ExploreResult explore_program(const Code& code, const ExploreOptions& options);

const char* strategy_name(ExploreStrategy strategy); // "dpor", "states", "naive"
std::optional<ExploreStrategy> parse_strategy(const std::string& name);

} // namespace racelang
