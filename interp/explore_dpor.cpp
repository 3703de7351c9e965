// Optimal DPOR (see explore_dpor.h; docs/explore.md has the algorithm and the dependence
// relation). The search keeps one execution E as a stack of frames: frame j holds the state
// before E's j-th scheduling step, that step (the event e_j, with its footprint and vector
// clocks), the sleep set and the wakeup tree of that prefix. Each new event is checked for
// races with every earlier one as it is taken; when E ends, each race e_i ⋖ e_j on its path
// inserts the sequence v = notdep(e_i, E).e_j (notdep over the whole of E) into the wakeup
// tree of frame i unless a sleeping thread is a weak initial of v (Algorithm 2 of the paper;
// reverse_path_races). Events are taken in the order the wakeup tree says;
// a frame whose tree is empty picks its lowest enabled thread that is not asleep.
//
// Two refinements for racelang's blocking steps, both from the paper's treatment of
// dependences that cannot be reversed: (1) a lock acquisition races with the previous
// acquisition of the same lock, not with its release (the release happens before it, but
// putting the acquisition before the release would block): the race check uses a clock
// without the release → acquisition edge; (2) a step that fails or hits the step limit ends
// the execution, so it is dependent with every step of every other thread, and when it ends
// E, every other thread enabled before it races with it (each is tried first from there).
//
// The same explorer runs one part of a split search (explore_dpor_part): it first follows a
// fixed prefix, putting to sleep at each of its frames the enabled threads that come before
// the prefix's thread there (the part's earlier siblings; none where the prefix's step is
// forced, forced_child), then searches below the prefix only,
// leaving races with the prefix's steps to the other parts (docs/explore.md, "Parallel
// exploration"): with wakeup trees where the prefix woke every sibling it put to sleep or the
// part was given away with its giver's plan (give_planned), with source sets where some still
// sleep at the root of a part of the static split ("Optimal parts"). Witnesses are the least
// schedules of the outcome's causal past, so that they do not depend on which representative
// of a trace the search ran (least_schedule).
#include "interp/explore_dpor.h"

#include <algorithm>
#include <deque>
#include <functional>
#include <memory>
#include <unordered_map>

#include "interp/dependence_index.h"
#include "interp/dpor_dependence.h"
#include "interp/explore_outcomes.h"
#include "interp/race_observer.h"
#include "interp/reversal_keys.h"
#include "interp/run.h"

namespace racelang {
namespace {

// One event of E: a scheduling step. Clocks count, per thread index, its events that happen
// before or are this one; `race_clock` leaves out the release → acquisition edges.
struct Event {
  uint32_t thread = 0;
  uint32_t pos = 0; // 1-based index among its thread's events
  Footprint fp;
  std::vector<uint32_t> clock, race_clock;
  bool raced = false;         // the detector (or a race check) reported a race in this step
  std::vector<RaceKey> races; // the detector's races in this step, in order
  std::vector<size_t> racing; // the frames of the earlier events this one races with
};

constexpr size_t kNotGiven = ~size_t{0};
// A giver waiting for a part it gave away may run that part on its own thread, in the middle of
// its own search, so parts given away by parts given away nest on the thread's stack: this many
// levels at most (each level runs --give-after executions of its own before it gives).
// Deeper parts given away keep their planned branches: still optimal, only less spread.
constexpr uint32_t kMaxGivenDepth = 8;

// least_schedule: a thread whose next step can be placed, and one with no step left.
constexpr uint32_t kReady = ~uint32_t{0};
constexpr uint32_t kNoStep = kReady - 1;

// A wakeup-tree node: the next step of `thread` there, as it was seen when inserted.
struct WNode {
  uint32_t thread = 0;
  Footprint fp;
  std::vector<WNode> children;
  bool taken = false;       // being explored: its subtree moved to the next frame
  size_t given = kNotGiven; // given away to another part (its ticket), with its subtree then
  bool stale = false;       // given away, and its subtree has grown since: not taken back
};

struct SleepEntry {
  uint32_t thread = 0;
  Footprint fp;
};

// An element of a sequence being inserted into a wakeup tree: an event of E (clock set) or,
// for a thread tried first before a step that ended E, its next step (no clock: alone).
struct SeqItem {
  uint32_t thread = 0;
  uint32_t pos = 0;
  const Footprint* fp = nullptr;
  const std::vector<uint32_t>* clock = nullptr;
};

// A sequence w being inserted into a wakeup tree, with what keeps the weak-initial test cheap
// on long sequences (indexer's executions are hundreds of steps, and each end of one reverses
// every race on it): the footprint summaries of its steps and their union, so that a thread
// whose step shares no summary bit with the union is independent of all of w at once (the
// label-by-label tests against every step were about 13% of the search's time there), and the
// steps insert() has matched while descending marked instead of erased (each erase moved the
// rest of w: 8%). Matched steps are no longer part of w
// (docs/explore.md, "2026-11-27: wakeup-tree insertion on long executions").
struct WakeupSequence {
  static constexpr uint32_t kNone = ~uint32_t{0};
  // What the tests keep of items[k] (one vector: filling several per step cost more).
  struct Meta {
    FootprintSummary summary;
    uint32_t next = kNone; // the next step of its thread in w (kNone: none)
    bool matched = false;  // matched by the descent so far
  };
  std::vector<SeqItem> items;
  std::vector<Meta> meta; // of items[k]
  size_t front = 0;       // items before it are all matched
  FootprintSummary all;   // the union of the summaries (matched ones too)
  // Per thread, its first step still in w (kNone: none): a thread's steps in w are in program
  // order, so its first unmatched step is the one of least position, which is all the
  // weak-initial test needs to know of the thread's steps.
  std::vector<uint32_t> head;
  std::vector<uint32_t> tail; // per thread: its last step in w, to link the next one
  uint32_t unclocked = 0;     // steps without a clock (they follow everything before them)
  // Where w was built by notdep over the current execution's frames from..end-1, whose index
  // are all filed in the index (at an execution's end): the step of frame x is items[at_frame[x]]
  // (kNone: not in w), and the one step after them (the race's second) is items.back(). Then the
  // weak-initial test of a thread with no step in w asks the index for the frames that may
  // depend on its step, instead of testing every step of w: on indexer's long executions that
  // scan was a fifth of the search, nearly all of it on steps of other cells.
  bool framed = false;
  size_t frames_from = 0, frames_end = 0;
  std::vector<uint32_t> at_frame;

  void clear() {
    items.clear();
    meta.clear();
    std::fill(head.begin(), head.end(), kNone);
    front = 0;
    all = {};
    unclocked = 0;
    framed = false;
  }
  // Marks the first step of `thread` still in w as matched, if there is one.
  void match(uint32_t thread) {
    if (thread >= head.size() || head[thread] == kNone) return;
    const uint32_t k = head[thread];
    meta[k].matched = true;
    head[thread] = meta[k].next;
    if (items[k].clock == nullptr) --unclocked;
    while (front < items.size() && meta[front].matched) ++front;
  }
  void push_back(const SeqItem& x) { push_back(x, FootprintSummary::of(*x.fp)); }
  void push_back(const SeqItem& x, FootprintSummary summary) {
    const auto k = static_cast<uint32_t>(items.size());
    if (x.thread >= head.size()) {
      head.resize(x.thread + 1, kNone);
      tail.resize(x.thread + 1, kNone);
    }
    if (head[x.thread] == kNone)
      head[x.thread] = k;
    else
      meta[tail[x.thread]].next = k;
    tail[x.thread] = k;
    items.push_back(x);
    meta.push_back({summary, kNone, false});
    if (x.clock == nullptr) ++unclocked;
    all.bits |= summary.bits;
    all.any |= summary.any;
  }
};

// What add_event's scan reads of an earlier event first, in one flat array (DporExplorer::keys_)
// instead of in the frames: most earlier events are ruled out by these alone (covered by the
// new event's clock, or on other cells), and reading them from the frames cost a cache miss
// each.
struct EventKey {
  uint32_t thread = 0;
  uint32_t pos = 0;
  FootprintSummary summary;
};

struct Frame {
  MachineState state;             // before this position's step
  std::vector<int32_t> origin;    // per thread: the event its next step follows (-1)
  std::vector<uint32_t> steps;    // per thread: scheduling steps taken
  std::vector<SleepEntry> sleep;  // threads whose step from here is explored already
  size_t own_sleep = 0;           // sleep[own_sleep..]: put to sleep here, not inherited
  std::vector<WNode> wut;         // the wakeup tree's root children, in order
  ReversalKeySet reversed;        // the sequences handled here in the branch in progress
  Event event;                    // the step taken from here (wut.front(), taken)
  std::vector<LabelledStep> edge; // the detector's events of the step into this frame
  int64_t chosen = -1;            // the thread id of that step (-1: the root)
  uint32_t races_on_path = 0;     // races reported from the root to here
  uint64_t path_steps = 0;        // instructions from the root to here
};

// The search stack. A popped frame stays constructed and the next push reuses it, so its
// vectors (state, clocks, sleep set, events) keep their capacity: the search pushes and pops a
// frame per step, and allocating and freeing every frame's vectors anew was a third of its time
// (docs/explore.md, "2026-11-26: the search's own cost"). A deque, so that a frame's address
// stays valid while the next one is prepared (spare()).
class FrameStack {
public:
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Frame& operator[](size_t i) { return frames_[i]; }
  const Frame& operator[](size_t i) const { return frames_[i]; }
  Frame& back() { return frames_[size_ - 1]; }
  // The frame the next push_spare() pushes, as the last pop left it: the caller sets every
  // field (the earlier frames stay where they are).
  Frame& spare() {
    if (size_ == frames_.size()) frames_.emplace_back();
    return frames_[size_];
  }
  void push_spare() {
    spare();
    ++size_;
  }
  void pop_back() { --size_; }
  std::deque<Frame>::const_iterator begin() const { return frames_.begin(); }
  std::deque<Frame>::const_iterator end() const {
    return frames_.begin() + static_cast<std::ptrdiff_t>(size_);
  }

private:
  std::deque<Frame> frames_;
  size_t size_ = 0;
};

constexpr size_t kStale = ~size_t{0};

IndexFault index_fault(DporFault fault) {
  switch (fault) {
  case DporFault::IndexLeavesOutPrints:
    return IndexFault::PrintsLeftOut;
  case DporFault::IndexLeavesOutReads:
    return IndexFault::ReadsLeftOut;
  case DporFault::IndexAskedFromTheNextFrame:
    return IndexFault::AskedFromTheNextFrame;
  default:
    return IndexFault::None;
  }
}

// into := into ⊔ clock (per thread index).
void merge_clock(std::vector<uint32_t>& into, const std::vector<uint32_t>& clock) {
  for (size_t t = 0; t < into.size(); ++t) into[t] = std::max(into[t], clock[t]);
}

class DporExplorer {
public:
  // `part`: the part of a split search to explore (an empty path: the whole tree).
  // `budget`: the limits shared by the parts, or null. `expand`: only follow the path and
  // say which threads its end may take next (children()), exploring nothing.
  // `oracle`: a split search's forced steps (split_oracle), or null. `offer`: receives the
  // parts this one splits off as it runs (maybe_resplit), or null.
  // `group`: takes the planned branches this part gives away (maybe_resplit), or null.
  DporExplorer(const Code& code, const ExploreOptions& options, DporPartSpec part = {},
               SplitBudget* budget = nullptr, bool expand = false,
               const IndependenceOracle* oracle = nullptr, const DporOffer* offer = nullptr,
               const DporGroup* group = nullptr)
      : code_(code), options_(options), dep_(options.dpor_fault), machine_(code, options.machine),
        outcomes_(code, options.split_fault != SplitFault::FirstFoundWitness),
        threads_(static_cast<uint32_t>(code.threads.size())),
        index_(index_fault(options.dpor_fault),
               options.dependence_scan == DependenceScan::IndexedAlways),
        indexed_from_(options.dependence_scan == DependenceScan::Whole           ? kStale
                      : options.dependence_scan == DependenceScan::IndexedAlways ? 4
                                                                                 : 32),
        // (with the index on every step, the tests' choice, on every sequence too)
        ask_index_from_(options.dependence_scan == DependenceScan::IndexedAlways ? 0 : 32),
        part_(std::move(part)), prefix_(part_.prefix),
        floor_(options.split_fault == SplitFault::ReverseAboveRoot ? 0 : prefix_.size()),
        budget_(budget), expand_(expand), oracle_(oracle), offer_(offer), group_(group),
        next_resplit_(options.resplit_executions), next_give_(options.give_executions) {
    for (uint32_t t = 0; t < threads_; ++t) by_id_.push_back(t);
    std::stable_sort(by_id_.begin(), by_id_.end(), [&](uint32_t a, uint32_t b) {
      return machine_.thread_id(a) < machine_.thread_id(b);
    });
    if (options.dpor_fault == DporFault::WitnessNotLeast)
      std::reverse(by_id_.begin(), by_id_.end());
    if (options.reversal_keying != ReversalKeying::WhereItPays)
      keyed_from_ = options.reversal_keying == ReversalKeying::Always ? 0 : kStale;
  }

  ExploreResult run() {
    explore();
    outcomes_.finish(result_);
    return std::move(result_);
  }

  // A part given away: stop when `cancelled` becomes true.
  void cancel_on(const std::atomic<bool>* cancelled) { cancelled_ = cancelled; }

  DporPart run_part() {
    if (options_.on_execution) listed_.emplace();
    explore();
    publish();
    // What the parts it gave away found (their outcomes and executions are in this part's
    // already, at the points where it took them back).
    add_part_counts(result_, given_counts_);
    return DporPart{std::move(result_), std::move(outcomes_),
                    listed_ ? std::move(*listed_) : std::vector<Schedule>{}, std::move(returned_)};
  }

  // After explore() with `expand`: nullopt if the prefix ends the execution (a leaf of the
  // search tree: the part is that one execution), else the threads its end may take next that
  // are not asleep, in index order (none: no trace lies below the prefix).
  const std::optional<std::vector<uint32_t>>& children() const { return children_; }
  // After explore() with `expand`: whether children() is a forced step or none that way.
  bool forced() const { return forced_; }

  void explore() {
    result_.cached = false;
    StepResult s = machine_.start(options_.max_steps);
    Frame root;
    root.edge = machine_.events();
    root.path_steps = s.small_steps;
    root.origin.assign(threads_, -1);
    root.steps.assign(threads_, 0);
    live_ = std::make_unique<RaceObserver>(options_.detector);
    std::vector<RaceReport> start = observe(*live_, root.edge);
    for (size_t n = 0; n < start.size(); ++n) // main's start: the empty witness
      outcomes_.race(start[n], n == 0, [] { return Schedule{}; });
    uint32_t races = start.empty() ? 0 : 1;
    root.races_on_path = races;
    if (s.status != StepStatus::Done) {
      ++result_.states;
      end_in_step(s, 0, -1, 0, races);
    } else {
      root.state = machine_.state();
      stack_.spare() = std::move(root);
      stack_.push_spare();
      live_frames_ = 1;
      enter_top();
      // A part's prefix: its steps are taken here, and the search never returns above it.
      for (size_t frames = 1; frames <= prefix_.size() && stack_.size() == frames; ++frames)
        step_top();
      search_part();
    }
    result_.traces = traces_;
  }

private:
  // Feeds a step's events to the observer, continuing past races; the races, in order.
  static std::vector<RaceReport> observe(RaceObserver& observer,
                                         const std::vector<LabelledStep>& events) {
    std::vector<RaceReport> races;
    for (const LabelledStep& event : events) {
      if (event.label.kind == LabelKind::Exit) {
        observer.exit(event.label.thread);
        continue;
      }
      if (auto race = observer.observe(event)) {
        races.push_back(*race);
        observer.force(event);
      }
    }
    return races;
  }

  // The witness rule (docs/explore.md, "The witness rule"): the events of the first `count`
  // frames that `clock` covers (all of them without a clock), its causal past (pick_past),
  // scheduled as the least sequence of thread ids that respects their happens-before order
  // (least_schedule). Every representative of a trace gives the same causal past of an event,
  // so the same witness; with clock null it is the least linearisation of the whole execution.
  // Every racing step of every execution computes one (once a quarter of peterson(3)'s time,
  // and most of its allocations), so the past is picked from the frames' keys rather than the
  // frames, into buffers kept between calls, and a waiting thread is rechecked only when the
  // thread it waits for has placed the step it needs (docs/explore.md, "2026-11-27: the
  // witnesses' cost").
  //
  // The causal past into witness_scratch_.per, each thread's events in its order.
  void pick_past(size_t count, const std::vector<uint32_t>* clock) const {
    WitnessScratch& w = witness_scratch_;
    w.per.resize(threads_);
    for (std::vector<const Event*>& p : w.per) p.clear();
    for (size_t x = 0; x < count; ++x) {
      const EventKey& k = keys_[x];
      if (clock != nullptr && (*clock)[k.thread] < k.pos) continue;
      w.per[k.thread].push_back(&stack_[x].event);
    }
  }

  // The past pick_past picked, scheduled into `out`. With `above`, it stops as soon as `out`
  // is greater than `above` (a witness that would replace none kept) and returns false.
  bool least_schedule(Schedule& out, const Schedule* above = nullptr) const {
    WitnessScratch& w = witness_scratch_;
    w.placed.assign(threads_, 0);
    w.waits_for.assign(threads_, kReady);
    // Thread t's next step waits for thread u (waits_for[t] = u) until u has placed as many
    // steps as that step's clock says; kReady: it can be placed; kNoStep: t has none left.
    auto recheck = [&](uint32_t t) {
      if (w.placed[t] == w.per[t].size()) {
        w.waits_for[t] = kNoStep;
        return;
      }
      const std::vector<uint32_t>& c = w.per[t][w.placed[t]]->clock;
      w.waits_for[t] = kReady;
      for (uint32_t u = 0; u < threads_; ++u)
        if (u != t && w.placed[u] < c[u]) {
          w.waits_for[t] = u;
          return;
        }
    };
    for (uint32_t t = 0; t < threads_; ++t) recheck(t);
    out.clear();
    for (;;) {
      auto best = std::find_if(by_id_.begin(), by_id_.end(),
                               [&](uint32_t t) { return w.waits_for[t] == kReady; });
      if (best == by_id_.end()) break;
      const uint32_t b = *best;
      out.push_back(machine_.thread_id(b));
      if (above != nullptr) {
        const size_t n = out.size() - 1; // out[0..n) equals above's (else it stopped before)
        if (n >= above->size() || out[n] > (*above)[n]) return false;
        if (out[n] < (*above)[n] && options_.dpor_fault != DporFault::WitnessBoundKeepsComparing)
          above = nullptr; // less from here on: built to its end
      }
      ++w.placed[b];
      recheck(b);
      for (uint32_t t = 0; t < threads_; ++t)
        if (w.waits_for[t] == b && w.placed[b] >= w.per[t][w.placed[t]]->clock[b]) recheck(t);
    }
    return true;
  }

  // The witness of the whole current execution, its events in the first `count` frames; with
  // SplitFault::FirstFoundWitness the path as run (`last`: path_schedule).
  Schedule whole_witness(size_t count, int64_t last) const {
    if (options_.split_fault == SplitFault::FirstFoundWitness) return path_schedule(last);
    pick_past(count, nullptr);
    Schedule out;
    least_schedule(out);
    return out;
  }

  // The races found in the step of the event at frame j (clocks computed). A race is offered
  // with its causal past as the witness, unless a race with the same key (RaceKey) comes
  // earlier in that past or in the step: a replay, which reports each key once, would show
  // that one, and that one is offered with its own past. Both are properties of the trace, so
  // which occurrences are offered does not depend on the representative run either.
  void report_races(const std::vector<RaceReport>& races, size_t j, int64_t chosen,
                    uint32_t races_before) {
    Event& e = stack_[j].event;
    for (const RaceReport& r : races) e.races.push_back(race_key(r));
    if (races.empty()) return;
    if (options_.split_fault == SplitFault::FirstFoundWitness) {
      for (size_t n = 0; n < races.size(); ++n)
        outcomes_.race(races[n], n == 0 && races_before == 0,
                       [&] { return path_schedule(chosen); });
      return;
    }
    // The races of one step share its causal past: one witness, and one scan of the past for
    // the races it already holds.
    // A witness not less than the greatest one kept for the step's races replaces none of
    // them, so it is built only as far as it takes to tell (unless one of them is new).
    const Schedule* above = nullptr;
    for (size_t n = 0; options_.witnesses_bounded && n < e.races.size(); ++n) {
      const Schedule* kept = outcomes_.race_witness(e.races[n]);
      if (kept == nullptr) {
        above = nullptr;
        break;
      }
      if (above == nullptr || *above < *kept) above = kept;
    }
    pick_past(j + 1, &e.clock);
    Schedule& witness = witness_;
    if (!least_schedule(witness, above)) return;
    bool past_raced = false;
    std::vector<RaceKey>& past_races = past_races_;
    past_races.clear();
    for (const std::vector<const Event*>& events : witness_scratch_.per)
      for (const Event* x : events) {
        if (x == &e) continue;
        past_raced = past_raced || x->raced;
        past_races.insert(past_races.end(), x->races.begin(), x->races.end());
      }
    for (size_t n = 0; n < races.size(); ++n) {
      auto same = [&](const RaceKey& k) { return k == e.races[n]; };
      bool repeated =
          std::any_of(e.races.begin(), e.races.begin() + static_cast<ptrdiff_t>(n), same) ||
          std::any_of(past_races.begin(), past_races.end(), same);
      if (!repeated) outcomes_.race(races[n], n == 0 && !past_raced, witness);
    }
  }

  // The race observer after the steps into every frame of the path. After a backtrack it is
  // rebuilt by replaying the path's steps, which was a sixth of indexer's search and a tenth of
  // philosophers': from the deepest of the copies kept at earlier backtrack points that is
  // still on the path, else from the root. A rebuild that replayed kCopyAfterReplaying steps
  // or more keeps a copy where it ended (the search below a backtrack point backtracks mostly
  // to frames at or below it, so the next rebuilds replay a few steps); kMaxCopies are kept,
  // the shallowest giving way. The copies are assignments, which reuse the observers' storage
  // (RaceObserver's operator=). A copy every 8 frames (the state search's checkpoints) was
  // slower even so: indexer's observer, fifteen threads' clocks over 128 cells, costs more to
  // copy than the steps it saves replaying (docs/explore.md, "2026-11-27: the observer kept at
  // a backtrack point" and "2026-11-28: the observer's copies, in place").
  RaceObserver& observer_at_top() {
    if (live_frames_ != stack_.size()) {
      // The copies deeper than the path are not the path's. Those above it are: the path
      // goes above a copy only by popping, and the next step from there (every push follows
      // one) rebuilds the observer here, which drops that copy before anything is pushed.
      while (copies_kept_ > 0 && copies_[copies_kept_ - 1].frames > stack_.size()) --copies_kept_;
      size_t from = 0;
      if (copies_kept_ > 0) {
        const ObserverCopy& c = copies_[copies_kept_ - 1];
        *live_ = c.observer;
        // (the broken variant replays from one step too far: the detector misses that step)
        from = c.frames + (options_.dpor_fault == DporFault::ObserverCopySkipsAStep ? 1 : 0);
      } else {
        if (!root_observer_) root_observer_ = std::make_unique<RaceObserver>(options_.detector);
        *live_ = *root_observer_;
      }
      for (size_t f = from; f < stack_.size(); ++f) replay_events(*live_, stack_[f].edge);
      live_frames_ = stack_.size();
      if (stack_.size() >= from + kCopyAfterReplaying) keep_copy();
    }
    return *live_;
  }

  // Keeps a copy of the live observer at the top frame, the deepest of the copies; the
  // shallowest gives its place when kMaxCopies are kept.
  void keep_copy() {
    if (copies_kept_ == kMaxCopies) {
      std::rotate(copies_.begin(), copies_.begin() + 1,
                  copies_.begin() + static_cast<ptrdiff_t>(copies_kept_));
      --copies_kept_;
    }
    if (copies_kept_ == copies_.size()) copies_.emplace_back();
    ObserverCopy& c = copies_[copies_kept_++];
    c.frames = stack_.size();
    c.observer = *live_; // (an assignment: a temporary copy would allocate every clock)
  }

  Schedule path_schedule(int64_t last) const { return racelang::path_schedule(stack_, last); }

  bool enabled(const Frame& f, uint32_t k) const {
    return f.steps[k] < options_.thread_bound && machine_.can_step(k);
  }

  // The threads enabled at `f` (machine_ at its state), in index order.
  std::vector<uint32_t> enabled_threads(const Frame& f) const {
    std::vector<uint32_t> out;
    for (uint32_t k = 0; k < threads_; ++k)
      if (enabled(f, k)) out.push_back(k);
    return out;
  }

  static bool asleep(const Frame& f, uint32_t k) {
    return std::any_of(f.sleep.begin(), f.sleep.end(),
                       [&](const SleepEntry& e) { return e.thread == k; });
  }

  // The footprint of k's next step (machine_ at the frame's state), without taking it.
  Footprint next_footprint(uint32_t k) const {
    bool prints = machine_.next_instr(k).op == Op::Print;
    StepPreview p = machine_.peek(k, options_.max_steps);
    return footprint(p.events, p.status, prints);
  }

  // The limits: this search's own, or those shared by the parts of a split search (the
  // counts are published to the budget as they grow).
  void publish() {
    if (budget_ == nullptr) return;
    budget_->states += result_.states - published_states_;
    budget_->executions += result_.executions_run - published_executions_;
    published_states_ = result_.states;
    published_executions_ = result_.executions_run;
  }

  // Checked before every step. With a budget, the counts are published in batches: parts given
  // away share their giver's budget, and an atomic add per step by two workers on one cache
  // line cost `dekker`(3) 12% more CPU time with two workers than with one. What is not
  // published yet is added in, so a search on one thread (all that must not depend on the
  // timing) sees the same totals as if it published every step; a giver publishes before it
  // takes a part back (take_back), which may run that part on its thread.
  bool limit_reached() {
    if (budget_ == nullptr) return explore_limit_reached(result_, options_);
    if (!result_.limit.empty()) return true;
    // (relaxed: a cancelled part stops a few steps late at worst, and its result is dropped)
    if (cancelled_ != nullptr && cancelled_->load(std::memory_order_relaxed)) {
      result_.limit = "cancelled";
      return true;
    }
    constexpr uint64_t kBatch = 64;
    if (result_.states - published_states_ >= kBatch ||
        result_.executions_run - published_executions_ >= kBatch)
      publish();
    // (on the counts alone, not on an ExploreResult built and dropped before every step)
    const char* limit = explore_limit(budget_->states.load(std::memory_order_relaxed) +
                                          result_.states - published_states_,
                                      budget_->executions.load(std::memory_order_relaxed) +
                                          result_.executions_run - published_executions_,
                                      options_);
    if (*limit == '\0') return false;
    result_.limit = limit;
    return true;
  }

  // `last`: the thread chosen into the step that ended the execution, or -1 (path_schedule).
  void count_end(uint64_t ExploreCounts::*field, bool racy, int64_t last) {
    if (listed_)
      listed_->push_back(path_schedule(last));
    else if (options_.on_execution)
      options_.on_execution(path_schedule(last));
    ExploreCounts& c = result_.counts;
    ++c.total;
    ++(c.*field);
    if (racy) ++c.racy;
    ++traces_;
    ++result_.executions_run;
  }

  // A step (or main's start) that failed or hit the step limit: the execution ends there.
  // `races_before`: races on the path before the step; `races`: with the step's own.
  void end_in_step(const StepResult& s, uint64_t steps_before, int64_t chosen,
                   uint32_t races_before, uint32_t races) {
    // Main's start (no frame yet) has the empty witness; a step ends at the top frame.
    auto witness = [&] {
      return stack_.empty() ? Schedule{} : whole_witness(stack_.size(), chosen);
    };
    if (s.status == StepStatus::Failed) {
      outcomes_.failure(*machine_.failure(), races_before, witness);
      count_end(&ExploreCounts::failed, races > 0, chosen);
    } else {
      outcomes_.step_limit(machine_, steps_before, witness);
      count_end(&ExploreCounts::step_limit, races > 0, chosen);
    }
  }

  // The frame just pushed (machine_ at its state): an end of E, or its first choice.
  void enter_top() {
    Frame& f = stack_.back();
    const size_t depth = stack_.size() - 1;
    if (depth >= prefix_.size() && !expand_) {
      ++result_.states;
      // The common case, decided without asking every thread whether it can step (that was a
      // seventh of filesystem(22)'s instructions): a wakeup tree's first step is enabled here
      // (step_top checks it), and with no tree the first enabled thread awake is the branch.
      if (!f.wut.empty()) return;
      for (uint32_t k = 0; k < threads_; ++k)
        if (enabled(f, k) && !asleep(f, k)) {
          f.wut.push_back(WNode{k, {}, {}, false});
          return;
        }
      // (every enabled thread asleep, or none enabled: the end of E, as below)
    }
    // (reused: allocating it anew at every step was 3% of indexer(15)'s instructions)
    std::vector<uint32_t>& choices = choices_;
    choices.clear();
    bool cut = false;
    for (uint32_t k = 0; k < threads_; ++k) {
      if (enabled(f, k)) choices.push_back(k);
      cut = cut ||
            (machine_.status(k) == ThreadStatus::Running && f.steps[k] >= options_.thread_bound);
    }
    bool racy = f.races_on_path > 0;
    if (expand_ && depth == prefix_.size()) {
      if (!choices.empty()) children_.emplace();
      Forced forced = forced_child(f, choices);
      forced_ = forced.dead || forced.child;
      if (forced.dead) return; // every trace through here is a sleeper's: no part
      if (forced.child) {
        children_->push_back(*forced.child);
        return;
      }
      for (uint32_t k : sibling_order(choices))
        if (!asleep(f, k)) children_->push_back(k);
      return;
    }
    if (choices.empty()) {
      reverse_path_races(stack_.size() - 1);
      reverse_blocked_locks(f, stack_.size() - 1);
      auto witness = [&] { return whole_witness(stack_.size() - 1, -1); };
      if (machine_.all_finished()) {
        outcomes_.final_state(machine_.state(), options_.final_locals);
        count_end(&ExploreCounts::finished, racy, -1);
      } else if (cut) {
        count_end(&ExploreCounts::bounded, racy, -1);
      } else if (machine_.assumption_failed()) {
        count_end(&ExploreCounts::discarded, racy, -1);
      } else {
        outcomes_.deadlock(blocked_threads(machine_), witness);
        count_end(&ExploreCounts::deadlocked, racy, -1);
      }
      return;
    }
    if (depth < prefix_.size()) {
      follow_prefix(f, depth, choices);
      return;
    }
    // Past the prefix, only where the first lines found no branch: every enabled thread is
    // asleep. A part whose prefix ends so holds no trace (its earlier siblings cover them):
    // not an execution begun and abandoned.
    if (depth == prefix_.size() && depth > 0) return;
    // Sleep-set blocked: every enabled thread is asleep. A thread blocked on a lock here races
    // with the acquisition that holds it as at a deadlock: the sleepers' own branches do not
    // reverse that race for this branch's traces (they put a sleeper's step before it), and
    // a source-set search (a split part with sleepers) lost the traces in which the blocked
    // thread takes the lock first (docs/explore.md, "Lost traces").
    reverse_path_races(stack_.size() - 1);
    if (options_.dpor_fault != DporFault::BlockedEndsSkipLocks)
      reverse_blocked_locks(f, stack_.size() - 1);
    ++result_.redundant;
    ++result_.executions_run;
  }

  // A frame of a part's path (machine_ at its state, `depth` its index): the path's thread is
  // taken next, and the enabled threads that the parts before this one explore from here go to
  // sleep first: in split_dpor_search's frames the earlier siblings; in a split-off part's own
  // frames the ones its spec lists (maybe_resplit).
  void follow_prefix(Frame& f, size_t depth, const std::vector<uint32_t>& choices) {
    uint32_t k = prefix_[depth];
    if (depth >= part_.sibling_frames) {
      for (uint32_t q : part_.sleepers[depth - part_.sibling_frames])
        if (q != k && enabled(f, q) && !asleep(f, q)) f.sleep.push_back({q, next_footprint(q)});
    } else if (options_.split_fault != SplitFault::NoSiblingSleep &&
               !forced_child(f, choices).child) {
      // A forced step was the node's only child in split_dpor_search: no sibling is a part.
      for (uint32_t q : sibling_order(choices)) {
        if (q == k) break;
        if (!asleep(f, q)) f.sleep.push_back({q, next_footprint(q)});
      }
    }
    f.wut.push_back(WNode{k, {}, {}, false});
    if (part_.given_away && depth + 1 == prefix_.size())
      f.wut.back().children = wakeup_tree(part_.plan);
  }

  // A wakeup tree as a part's plan (give_planned), and back (follow_prefix).
  static std::vector<PlannedStep> planned_steps(const std::vector<WNode>& tree) {
    std::vector<PlannedStep> out;
    for (const WNode& n : tree) out.push_back({n.thread, n.fp, planned_steps(n.children)});
    return out;
  }
  static std::vector<WNode> wakeup_tree(const std::vector<PlannedStep>& plan) {
    std::vector<WNode> out;
    for (const PlannedStep& p : plan) out.push_back(WNode{p.thread, p.fp, wakeup_tree(p.children)});
    return out;
  }

  // A split node's forced step (machine_ at its state): the first enabled thread, in
  // sibling_order, whose next step comes first in every execution from here
  // (IndependenceOracle::always_initial), so that every trace through the node has it as an
  // initial. The node then has that one child, with no sibling asleep: its part holds every
  // trace through the node. The node is `dead` (no child) if some of its sleepers can never
  // be woken: the largest set of sleepers each of whose next steps nothing but the set's own
  // threads (which cannot step while asleep) can depend on or pre-empt by ending the
  // execution. Then every execution through the node ends with them asleep, blocked: no trace
  // is this node's. docs/explore.md, "Forced steps", has the argument.
  struct Forced {
    std::optional<uint32_t> child;
    bool dead = false;
  };
  Forced forced_child(const Frame& f, const std::vector<uint32_t>& choices) const {
    Forced out;
    if (oracle_ == nullptr) return out;
    const MachineState& state = machine_.state();
    const bool ignore_ends = options_.split_fault == SplitFault::ForcedIgnoresFailures;
    std::vector<std::pair<uint32_t, Footprint>> sleepers;
    std::vector<bool> stay(threads_, false);
    for (uint32_t q : choices) {
      if (!asleep(f, q)) continue;
      Footprint fp = next_footprint(q);
      if (fp.ends || fp.prints) continue;
      stay[q] = true;
      sleepers.emplace_back(q, std::move(fp));
    }
    for (bool shrunk = true; shrunk;) {
      shrunk = false;
      for (const auto& [q, fp] : sleepers)
        if (stay[q] && !oracle_->always_initial(state, q, fp.labels, ignore_ends, &stay)) {
          stay[q] = false;
          shrunk = true;
        }
    }
    out.dead =
        std::any_of(sleepers.begin(), sleepers.end(), [&](const auto& s) { return stay[s.first]; });
    if (out.dead) return out;
    for (uint32_t q : sibling_order(choices)) {
      if (asleep(f, q)) continue;
      Footprint fp = next_footprint(q);
      if (!fp.ends && !fp.prints && oracle_->always_initial(state, q, fp.labels, ignore_ends)) {
        out.child = q;
        return out;
      }
    }
    return out;
  }

  // The order of a split node's children (machine_ at its state): thread index order, except
  // that steps only spawning or waiting for threads come last. Such a step is dependent with
  // nothing another thread can still do (but a failure), so as an earlier sibling it would
  // sleep through a later sibling's whole part, every execution there sleep-set blocked: that
  // part would be empty and cost all its executions to find so.
  std::vector<uint32_t> sibling_order(const std::vector<uint32_t>& choices) const {
    std::vector<uint32_t> first, last;
    for (uint32_t q : choices) {
      Footprint fp = next_footprint(q);
      bool inert = !fp.ends && !fp.prints &&
                   std::all_of(fp.labels.begin(), fp.labels.end(), [](const Label& l) {
                     return l.kind == LabelKind::Fork || l.kind == LabelKind::Join;
                   });
      (inert ? last : first).push_back(q);
    }
    first.insert(first.end(), last.begin(), last.end());
    return first;
  }

  Footprint footprint(const std::vector<LabelledStep>& events, StepStatus status,
                      bool prints) const {
    Footprint fp;
    footprint(events, status, prints, fp);
    return fp;
  }
  // The same into `fp`, reusing its storage.
  static void footprint(const std::vector<LabelledStep>& events, StepStatus status, bool prints,
                        Footprint& fp) {
    fp.labels.clear();
    for (const LabelledStep& e : events)
      if (e.label.kind != LabelKind::Exit) fp.labels.push_back(e.label);
    fp.prints = prints;
    fp.ends = status == StepStatus::Failed || status == StepStatus::StepLimit;
  }

  static bool covered(const Event& e, const std::vector<uint32_t>& clock) {
    return clock[e.thread] >= e.pos;
  }

  // Whether `thread`, whose next step is `fp`, is a weak initial of w: its first step in w
  // happens after none of w's earlier steps, or it has none in w and commutes with all of w.
  bool weak_initial(uint32_t thread, const Footprint& fp, const WakeupSequence& w) const {
    const std::vector<SeqItem>& items = w.items;
    if (thread < w.head.size() && w.head[thread] != WakeupSequence::kNone) {
      const uint32_t a = w.head[thread];
      if (a == w.front) return true; // nothing unmatched before it
      const std::vector<uint32_t>* clock = items[a].clock;
      if (clock == nullptr) return false; // it follows the unmatched steps before it
      // (the steps before it one by one where they are fewer than the threads, and where one of
      // them may follow everything before it)
      if (w.unclocked != 0 || a - w.front <= w.head.size()) {
        for (size_t b = w.front; b < a; ++b)
          if (!w.meta[b].matched &&
              (items[b].clock == nullptr || (*clock)[items[b].thread] >= items[b].pos))
            return false;
        return true;
      }
      // An earlier step b of thread t that a follows: then a follows t's first step in w too,
      // whose position is least; and t's first step is before a if any of t's steps is.
      for (size_t t = 0; t < w.head.size(); ++t) {
        const uint32_t b = w.head[t];
        if (b < a && (*clock)[t] >= items[b].pos) return false;
      }
      return true;
    }
    // (The summaries only rule pairs out: two steps that share no bit are independent both
    // ways; dpor_dependence.h.)
    const FootprintSummary mine = FootprintSummary::of(fp);
    if (!mine.may_depend(w.all)) return true;
    auto depends_on = [&](size_t k) {
      return !w.meta[k].matched && !dep_.independent(fp, *items[k].fp);
    };
    // (a short w is scanned: asking the index costs more there, as on sigma's executions)
    if (w.framed && w.items.size() - w.front > ask_index_from_ &&
        index_.candidates(fp, w.frames_from, frames_asked_)) {
      for (uint32_t x : frames_asked_)
        if (x < w.frames_end && w.at_frame[x] != WakeupSequence::kNone && depends_on(w.at_frame[x]))
          return false;
      return !depends_on(items.size() - 1);
    }
    for (size_t k = w.front; k < items.size(); ++k)
      if (mine.may_depend(w.meta[k].summary) && depends_on(k)) return false;
    return true;
  }

  // The sleep-set test of a wakeup sequence w: whether a sleeper of `sleep` is a weak initial
  // of w, so that its branch holds w's traces already.
  bool a_sleeper_covers(const std::vector<SleepEntry>& sleep, const WakeupSequence& w) const {
    return std::any_of(sleep.begin(), sleep.end(),
                       [&](const SleepEntry& s) { return weak_initial(s.thread, s.fp, w); });
  }

  // insert[E'](w, wut): follow the leftmost children that are weak initials of what is left of
  // w; if that reaches a leaf, an extension of it already covers w; else add the rest of w as
  // a new last branch.
  // (w is consumed: the steps matched along the way are marked in it.)
  // A branch given away keeps its subtree as it was given (its part's plan): a sequence that
  // grows it makes the part's search differ from the sequential one below that branch, so the
  // part is cancelled and the branch explored here (take_back).
  void insert(std::vector<WNode>& roots, WakeupSequence& w) {
    std::vector<WNode>* children = &roots;
    WNode* given = nullptr;
    for (bool descended = true; descended;) {
      descended = false;
      for (WNode& c : *children) {
        if (!weak_initial(c.thread, c.fp, w)) continue;
        if (c.children.empty()) return;
        w.match(c.thread);
        if (c.given != kNotGiven) given = &c;
        children = &c.children;
        descended = true;
        break;
      }
    }
    // (w.front: the first step of w not matched, if any)
    if (given != nullptr && !given->stale && w.front < w.items.size()) {
      // the insertion grows the given-away subtree
      given->stale = true;
      ++result_.given_stale;
      if (options_.split_fault != SplitFault::GivenStaleKept) group_->cancel(given->given);
    }
    for (size_t k = w.front; k < w.items.size(); ++k) {
      if (w.meta[k].matched) continue;
      children->push_back(WNode{w.items[k].thread, *w.items[k].fp, {}, false});
      children = &children->back().children;
    }
  }

  // Source sets instead of wakeup trees: in the broken variant, and in a part with sleepers at
  // its root (search_part).
  bool source_sets() const {
    return options_.dpor_fault == DporFault::NoWakeupTrees || source_part_;
  }

  // The broken variant without wakeup trees: the source-set algorithm (the paper's
  // Algorithm 1) adds one initial of v to the prefix's backtrack set unless one is there (or
  // explored) already; what follows it is left to the lowest enabled thread.
  void add_source(Frame& fi, const std::vector<SeqItem>& v) {
    for (size_t a = 0; a < v.size(); ++a) {
      bool initial = std::none_of(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(a),
                                  [&](const SeqItem& b) {
                                    return b.thread == v[a].thread || v[a].clock == nullptr ||
                                           (*v[a].clock)[b.thread] >= b.pos;
                                  });
      if (!initial) continue;
      auto there = [&](uint32_t t) {
        return std::any_of(fi.wut.begin(), fi.wut.end(),
                           [&](const WNode& n) { return n.thread == t; }) ||
               std::any_of(fi.sleep.begin(), fi.sleep.end(),
                           [&](const SleepEntry& e) { return e.thread == t; });
      };
      if (there(v[a].thread)) return;
    }
    fi.wut.push_back(WNode{v.front().thread, *v.front().fp, {}, false});
  }

  // Race e_i ⋖ `last`: inserts v = notdep(e_i, E).last, where E's events end before `end`,
  // into the wakeup tree of e_i's prefix unless a sleeping thread is a weak initial of v.
  // `at_end`: E ends at `end` (v is over the whole of E), as a part that returns reversals
  // needs them.
  void reverse(size_t i, size_t end, SeqItem last, bool at_end) {
    if (i < floor_) {
      // A race with a step of the part's prefix: other parts reverse it, or the part that
      // gave this one away, to which it is returned.
      if (at_end && returns_at(i)) {
        notdep(i, end, last, at_end);
        return_reversal(i, notdep_);
      }
      return;
    }
    Frame& fi = stack_[i];
    // (handled here already in this branch: interp/reversal_keys.h says why that is a no-op)
    if (end - i > keyed_from_ && !last.fp->ends && !source_sets() &&
        !handled_first_time(fi, sequence_key(i, end, last)))
      return;
    WakeupSequence& v = notdep(i, end, last, at_end);
    if (source_sets()) {
      add_source(fi, v.items);
      return;
    }
    if (a_sleeper_covers(fi.sleep, v)) return;
    insert(fi.wut, v);
  }

  // v = notdep(e_i, E).last into notdep_, E's events ending before `end` (one sequence for
  // every reversal: each execution's end reverses every race on its path). `last`'s footprint
  // and clock may be those of moved_step, in notdep_moved_.
  WakeupSequence& notdep(size_t i, size_t end, SeqItem last, bool at_end) {
    const Event& ei = stack_[i].event;
    WakeupSequence& v = notdep_;
    v.clear();
    // (the index holds the current execution's first filed() frames: reverse_path_races
    // catches it up to the end where add_event uses it)
    const bool framed = at_end && index_.filed() >= end;
    v.framed = framed;
    v.frames_from = i + 1;
    v.frames_end = end;
    if (framed && v.at_frame.size() < end) v.at_frame.resize(end);
    uint32_t* at_frame = v.at_frame.data();
    for (size_t x = i + 1; x < end; ++x) {
      const Event& ex = stack_[x].event;
      if (covered(ei, ex.clock)) {
        if (framed) at_frame[x] = WakeupSequence::kNone;
        continue;
      }
      if (framed) at_frame[x] = static_cast<uint32_t>(v.items.size());
      // (the summary add_event computed for it: computing it again for every reversal of a
      // long execution cost more than the tests it saves)
      v.push_back({ex.thread, ex.pos, &ex.fp, &ex.clock}, keys_[x].summary);
    }
    if (last.fp->ends && last.clock != nullptr &&
        options_.dpor_fault != DporFault::StaleEndingSteps &&
        moved_step(i, v.items, last, moved_fp_, moved_clock_)) {
      last.fp = &moved_fp_;
      last.clock = &moved_clock_;
    }
    if (options_.dpor_fault == DporFault::SummaryMissesLast)
      v.push_back(last, FootprintSummary{});
    else
      v.push_back(last);
    return v;
  }

  // The key of notdep(i, end, last), without building it (interp/reversal_keys.h): most
  // sequences keyed on indexer(15) have been handled before, and building them was a third of
  // handling them. `last` does not end E (moved_step would move it).
  ReversalKey sequence_key(size_t i, size_t end, const SeqItem& last) {
    const Event& ei = stack_[i].event;
    ReversalKey key = step_key(last.thread, last.pos, *last.fp, last.clock, true);
    for (size_t x = i + 1; x < end; ++x) {
      const Event& ex = stack_[x].event;
      if (covered(ei, ex.clock)) continue;
      if (!step_keys_[x]) step_keys_[x] = step_key(ex.thread, ex.pos, ex.fp, &ex.clock, false);
      key.add(*step_keys_[x]);
    }
    return key;
  }

  // A part given away (DporPartSpec::given_away): whether it returns the races whose first step
  // is at frame i.
  bool returns_at(size_t i) const {
    return part_.given_away && i >= part_.returns_from && i <= part_.returns_to;
  }

  // Keeps v (a race whose first step is at frame i, below this part's floor) for the part that
  // gave this one away, unless a sleeper of frame i or the path's own step there is a weak
  // initial of it, or it was kept already. The path's step at i is the giver's branch in
  // progress there when it takes this part back: a leaf at the front of that frame's wakeup
  // tree, at which the giver's insertion of v would stop (docs/explore.md, "Planned branches
  // given away"; not the other branches given away there: they keep their subtrees, which v may
  // grow).
  void return_reversal(size_t i, const WakeupSequence& v) {
    const Event& path_step = stack_[i].event;
    if (a_sleeper_covers(stack_[i].sleep, v) || weak_initial(path_step.thread, path_step.fp, v))
      return;
    uint64_t hash = i;
    for (const SeqItem& x : v.items) hash = hash * 1000003u + (uint64_t{x.thread} << 32 | x.pos);
    std::vector<size_t>& same = returned_by_hash_[hash];
    for (size_t n : same) {
      const ReturnedReversal& r = returned_[n];
      if (r.frame == i && r.steps.size() == v.items.size() &&
          std::equal(r.steps.begin(), r.steps.end(), v.items.begin(),
                     [](const ReturnedReversal::Step& a, const SeqItem& b) {
                       return a.thread == b.thread && a.pos == b.pos &&
                              a.fp.labels == b.fp->labels && a.fp.ends == b.fp->ends &&
                              a.fp.prints == b.fp->prints &&
                              (a.clock ? b.clock != nullptr && *a.clock == *b.clock
                                       : b.clock == nullptr);
                     }))
        return;
    }
    same.push_back(returned_.size());
    ReturnedReversal& r = returned_.emplace_back();
    r.frame = i;
    for (const SeqItem& x : v.items) {
      ReturnedReversal::Step& step = r.steps.emplace_back();
      step.thread = x.thread;
      step.pos = x.pos;
      step.fp = *x.fp;
      if (x.clock != nullptr) step.clock = *x.clock;
    }
  }

  // The step that ended E, moved before the step it races with (v = notdep(e_i, E).last):
  // what it does there. Whether a step fails is not a property of the step but of the values
  // it reads: a load that read a racing write and failed an assertion after it may read the
  // old value once moved before that write, and then neither ends the execution nor depends
  // on every step before it; a barrier arrival that filled the barrier and failed may only
  // park. Its footprint and clock from E would make an existing branch of the wakeup tree
  // look unrelated to v, and the same trace would be explored twice (the brute-force count
  // caught it). So the step is run again where it is moved to (on a machine of its own, from
  // e_i's state through v's steps, which do not depend on e_i and behave as in E), and its
  // clock is rebuilt from v's steps it depends on there. False if the replay does not reach
  // it as E did (then E's footprint and clock stay: the conservative choice).
  bool moved_step(size_t i, const std::vector<SeqItem>& v, const SeqItem& last, Footprint& fp,
                  std::vector<uint32_t>& clock) {
    if (!probe_) probe_.emplace(code_, options_.machine);
    Machine& m = *probe_;
    m.set_state(stack_[i].state);
    for (const SeqItem& x : v)
      if (!m.can_step(x.thread) ||
          m.advance(x.thread, options_.max_steps).status != StepStatus::Done)
        return false;
    if (!m.can_step(last.thread)) return false;
    bool prints = m.next_instr(last.thread).op == Op::Print;
    StepPreview p = m.peek(last.thread, options_.max_steps);
    fp = footprint(p.events, p.status, prints);
    // As add_event: the thread's previous event (its origin), then the steps of v it depends
    // on; the steps before e_i are all in the clocks already. A step that ends E is taken from
    // the top frame.
    base_clock(stack_.back(), last.thread, last.pos, fp, clock);
    for (auto x = v.rbegin(); x != v.rend(); ++x)
      if (clock[x->thread] < x->pos && dep_.between(*x->fp, fp) == Dep::Race)
        merge_clock(clock, *x->clock);
    return true;
  }

  // At the end of E (its events end before `end`; `top` is the last state): a thread blocked
  // for good on a lock races with the acquisition that holds it, unless that happens before
  // it anyway: its acquisition never runs in E, so the usual check never sees this race, and
  // the order in which the thread takes the lock first is found only from here.
  void reverse_blocked_locks(const Frame& top, size_t end) {
    machine_.set_state(top.state);
    for (uint32_t q = 0; q < threads_; ++q) {
      if (top.steps[q] >= options_.thread_bound) continue;
      Blocker b = machine_.blocker(q);
      if (b.kind != Blocker::Lock || options_.dpor_fault == DporFault::IgnoreLocks) continue;
      size_t h = end;
      while (h-- > 0) {
        const Footprint& fp = stack_[h].event.fp;
        bool takes = std::any_of(fp.labels.begin(), fp.labels.end(), [&](const Label& l) {
          return l.kind == LabelKind::Acquire && l.target == b.cell;
        });
        if (takes) break;
      }
      if (h >= end) continue; // held since before the search: cannot be reordered
      std::vector<uint32_t> clock(threads_, 0);
      if (top.origin[q] >= 0) clock = stack_[top.origin[q]].event.clock;
      clock[q] = top.steps[q] + 1;
      if (covered(stack_[h].event, clock)) continue;
      Footprint fp;
      fp.labels.push_back(machine_.next_label(q));
      reverse(h, end, {q, top.steps[q] + 1, &fp, &clock}, true);
    }
  }

  // The clock of `thread`'s step number `pos` with footprint `fp`, taken from frame `f`, before
  // its dependences on other threads' steps: its origin (the thread's previous step, or the
  // spawn or wake it follows) and, for a wait, the waited-for thread's last step.
  // Written into `base`, reusing its storage.
  void base_clock(const Frame& f, uint32_t thread, uint32_t pos, const Footprint& fp,
                  std::vector<uint32_t>& base) const {
    if (f.origin[thread] >= 0)
      base = stack_[f.origin[thread]].event.clock;
    else
      base.assign(threads_, 0);
    base[thread] = pos;
    for (const Label& l : fp.labels) {
      if (l.kind != LabelKind::Join) continue;
      int32_t u = code_.thread_index(l.target);
      if (u >= 0 && f.origin[u] >= 0) merge_clock(base, stack_[f.origin[u]].event.clock);
    }
  }

  // Whether frame f handles a sequence with this key for the first time in its branch in
  // progress; and whether keying still pays (ReversalKeying::WhereItPays).
  bool handled_first_time(Frame& f, ReversalKey key) {
    const bool first = f.reversed.insert(key);
    ++keyed_;
    if (!first) ++result_.reversals_repeated;
    if (keyed_ == 1'024 && result_.reversals_repeated * 8 < keyed_ &&
        options_.reversal_keying == ReversalKeying::WhereItPays)
      keyed_from_ = kStale;
    return first;
  }

  // A step's key in a reversed race's sequence (interp/reversal_keys.h); with
  // DporFault::ReversalKeysWithoutFootprints, of its thread and position alone.
  ReversalKey step_key(uint32_t thread, uint32_t pos, const Footprint& fp,
                       const std::vector<uint32_t>* clock, bool last) const {
    if (options_.dpor_fault == DporFault::ReversalKeysWithoutFootprints)
      return reversal_step_key(thread, pos, Footprint{}, nullptr, last);
    return reversal_step_key(thread, pos, fp, clock, last);
  }

  // Frame j's event was just set: its key follows (with DporFault::StaleEventKeys, only into a
  // slot never used before: a reused frame keeps the key of the event it held).
  void set_key(size_t j, const Event& e) {
    if (keys_.size() <= j) {
      keys_.resize(j + 1);
    } else if (options_.dpor_fault == DporFault::StaleEventKeys && keys_[j].pos != 0) {
      return;
    }
    keys_[j] = {e.thread, e.pos, FootprintSummary::of(e.fp)};
  }

  // Computes e's clocks from the frame it is taken from and reverses its races.
  // The clocks are built in e's own vectors (a reused frame's: no allocation).
  void add_event(Event& e) {
    const size_t j = stack_.size() - 1;
    std::vector<uint32_t>& race = e.race_clock;
    std::vector<uint32_t>& full = e.clock;
    base_clock(stack_[j], e.thread, e.pos, e.fp, race);
    full = race;
    races_.clear();
    const FootprintSummary summary = keys_[j].summary;
    // The earlier events e may be dependent with, latest first: those that share an object
    // with it (index_), or all of them for a step that ends the execution. The order matters: an
    // event the race clock covers once a later race is merged in is no race of e's.
    auto check = [&](size_t i) __attribute__((always_inline)) {
      const EventKey& ki = keys_[i];
      if (ki.thread == e.thread || race[ki.thread] >= ki.pos || !ki.summary.may_depend(summary))
        return;
      const Event& ei = stack_[i].event;
      Dep d = dep_.between(ei.fp, e.fp);
      if (d == Dep::None) return;
      if (d == Dep::Race) {
        races_.push_back(i);
        merge_clock(race, ei.clock);
      }
      merge_clock(full, ei.clock);
    };
    if (indexed_from_ <= j) {
      // The index files the frames only once the execution is this deep (below, the scan is
      // short), and only while it pays: filing every step cost the families whose steps share
      // a few cells (stack(5), peterson(3): the lists hold most frames, and the scan is asked
      // anyway) 5-7% more than it saved, so a search where the index returned candidates for
      // fewer than half of its first 1,024 steps leaves it (it answers 73-92% of the steps of
      // indexer, filesystem, mpat and sigma, 14-45% of stack's, queue's, peterson's,
      // dekker's, philosophers' and fib_bench's).
      for (size_t i = index_.filed(); i < j; ++i) index_.file(i, stack_[i].event.fp);
      ++index_asked_;
      if (index_.file(j, e.fp, candidates_)) {
        ++index_answered_;
        for (uint32_t i : candidates_) check(i);
      } else {
        for (size_t i = j; i-- > 0;) check(i);
      }
      if (index_asked_ == 1'024 && index_answered_ * 2 < index_asked_ &&
          options_.dependence_scan == DependenceScan::Indexed) {
        indexed_from_ = kStale;
        index_.forget_from(0);
      }
    } else {
      index_.forget_from(j);
      for (size_t i = j; i-- > 0;) check(i);
    }
    merge_clock(full, race);
    e.racing.assign(races_.begin(), races_.end());
    if (step_keys_.size() <= j) step_keys_.resize(j + 1);
    step_keys_[j].reset(); // (keyed when a keyed sequence first holds it: sequence_key)
    // Source sets (the paper's Algorithm 1) reverse a race as its second step is taken, with
    // notdep cut there; wakeup trees (Algorithm 2) at the end of every execution with the
    // whole execution's notdep (reverse_path_races).
    if (source_sets() || races_reversed_at_their_step())
      for (size_t i : races_) reverse(i, j, {e.thread, e.pos, &e.fp, &e.race_clock}, false);
  }

  bool races_reversed_at_their_step() const {
    return options_.dpor_fault == DporFault::RacesReversedAtTheirStep ||
           options_.dpor_fault == DporFault::EndRaceAloneAndRacesAtTheirStep;
  }

  // At the end of E (its events end before `end`), with wakeup trees: every race e_i ⋖ e_j of
  // E inserts v = notdep(e_i, E).e_j, where notdep runs over the whole of E, as the paper's
  // Algorithm 2 does at each maximal execution. Reversing a race once, as its second step is
  // taken, with v cut at e_j, lost traces (docs/explore.md, "Races are reversed at the end of
  // each execution"): the later events of E that do not happen after e_i belong to v, and one
  // of them may be what a sleeper at e_i's prefix depends on, so that the sleeper is no weak
  // initial of the whole v although it is one of the cut v. A race present in several
  // executions is inserted again from each; insert() adds nothing where an existing branch
  // covers the sequence, and a sleeper that is its initial skips it. A part given away returns
  // the races at its givers' frames so too (returns_at).
  void reverse_path_races(size_t end) {
    const bool here = !source_sets() && !races_reversed_at_their_step();
    size_t from = part_.given_away ? part_.returns_from + 1 : floor_ + 1;
    if (!here && !part_.given_away) return;
    // The weak-initial tests ask the index where add_event does (WakeupSequence::framed): on
    // executions deep enough, while it pays.
    if (indexed_from_ != kStale && end > indexed_from_)
      for (size_t i = index_.filed(); i < end; ++i) index_.file(i, stack_[i].event.fp);
    for (size_t j = from; j < end; ++j) {
      const Event& e = stack_[j].event;
      for (size_t i : e.racing)
        if (here || i < floor_) reverse(i, end, {e.thread, e.pos, &e.fp, &e.race_clock}, true);
    }
  }

  // The next step of `ended` once q has taken its step from `top` (its footprint into `fp`, on
  // moved_step's machine): false if q's step ends the execution or leaves `ended` unable to
  // step. Its clock is left null: it follows q's step (a step that still fails depends on it,
  // and one that no longer fails does so because q's step changed what it reads).
  bool ended_after(const Frame& top, uint32_t q, uint32_t ended, Footprint& fp) {
    if (!probe_) probe_.emplace(code_, options_.machine);
    Machine& m = *probe_;
    m.set_state(top.state);
    if (m.advance(q, options_.max_steps).status != StepStatus::Done || !m.can_step(ended))
      return false;
    bool prints = m.next_instr(ended).op == Op::Print;
    StepPreview p = m.peek(ended, options_.max_steps);
    fp = footprint(p.events, p.status, prints);
    return true;
  }

  // A step ended E at the top frame: every other thread enabled there races with it.
  void reverse_with_the_end(const Frame& top, uint32_t ended) {
    if (stack_.size() - 1 < floor_) return; // the prefix's own end: its siblings are parts
    std::vector<std::pair<uint32_t, Footprint>> others;
    machine_.set_state(top.state);
    for (uint32_t q = 0; q < threads_; ++q)
      if (q != ended && enabled(top, q)) others.emplace_back(q, next_footprint(q));
    Frame& f = stack_.back();
    Footprint after;
    for (const auto& [q, fp] : others) {
      // q's step, then the ending thread's step as it is after q's: without the latter, a
      // sleeper independent of q's step was a weak initial of the sequence and the insertion
      // was skipped, although the sleeper's branch runs its step before the end (which then
      // may not fail) and so never holds the trace in which q steps and then E ends.
      WakeupSequence& v = notdep_;
      v.clear();
      v.push_back({q, f.steps[q] + 1, &fp, nullptr});
      if (options_.dpor_fault != DporFault::EndRaceAlone &&
          options_.dpor_fault != DporFault::EndRaceAloneAndRacesAtTheirStep && !fp.ends &&
          ended_after(top, q, ended, after))
        v.push_back({ended, f.steps[ended] + 1, &after, nullptr});
      if (source_sets()) {
        add_source(f, v.items);
        continue;
      }
      if (!a_sleeper_covers(f.sleep, v)) insert(f.wut, v);
    }
  }

  // Below the part's root (the frame after the prefix; the whole tree unsplit). A part whose
  // prefix leaves no thread asleep at its root is searched by optimal DPOR: its search is the
  // first branch of the unsplit algorithm run with a choice that follows the prefix, so it
  // explores every trace through the prefix once, never blocked (docs/explore.md, "Optimal
  // parts"). A part with sleepers at its root (earlier siblings the prefix did not wake) is
  // searched with source sets: its wakeup trees would miss the sequences that the sleepers'
  // own searches insert into it in the unsplit algorithm, and lose traces.
  void search_part() {
    // Nothing is explored at the root yet: whoever sleeps there was put to sleep by the prefix.
    source_part_ = stack_.size() == floor_ + 1 && floor_ > 0 && !stack_.back().sleep.empty() &&
                   !part_.given_away && options_.split_fault != SplitFault::WakeupTreesInParts;
    result_.source_parts = source_part_ ? 1 : 0;
    if (root_is_dead()) return;
    search();
    if (source_part_) result_.source_parts_blocked = result_.redundant;
  }

  void search() {
    ProgressTicker progress;
    while (stack_.size() > floor_) {
      if (budget_ == nullptr) progress.tick(options_, result_);
      Frame& top = stack_.back();
      if (!top.wut.empty() && top.wut.front().taken) {
        top.sleep.push_back({top.wut.front().thread, std::move(top.wut.front().fp)});
        top.wut.erase(top.wut.begin());
      }
      if (top.wut.empty() || limit_reached()) {
        stack_.pop_back();
        live_frames_ = kStale;
        continue;
      }
      if (top.wut.front().given != kNotGiven) {
        take_back(top);
        continue;
      }
      maybe_resplit();
      step_top();
    }
  }

  // A part split off a running one whose root has sleepers that nothing can wake
  // (forced_child's `dead`): every execution below it would end blocked, so it holds no trace.
  // split_dpor_search drops such nodes; a split-off part is made without looking.
  bool root_is_dead() {
    if (oracle_ == nullptr || part_.sibling_frames == prefix_.size() || stack_.size() != floor_ + 1)
      return false;
    Frame& root = stack_.back();
    machine_.set_state(root.state);
    return forced_child(root, enabled_threads(root)).dead;
  }

  // Work for idle workers (docs/explore.md, "Parts split off while they run"): once this part
  // has run ExploreOptions::resplit_executions executions, and again each time they double,
  // the rest of its search above the branch in progress becomes new parts. Let d be the
  // shallowest frame (from the floor) with a branch planned beside the one in progress; at
  // every frame j from the floor to d, every enabled thread that is not asleep and is not the
  // branch in progress becomes a part: the path to j, then that thread, with j's explored
  // branches, the branch in progress and the earlier of these siblings asleep at j (the static
  // split's rule, so each trace through j lies in one part). This part keeps only its branch
  // in progress below d: its floor moves below d, so it never returns above it, and the races
  // with the steps above are the new parts' to reverse, as for any part's path. The branch in
  // progress is the sequential search's own subtree, with every sequence its explored siblings
  // inserted: it stays optimal (a race reversed into a frame on the path never descends into
  // that frame's branch in progress, whose step depends on the race's second step).
  // Depends on this part's own search only: the same parts for every number of workers.
  void maybe_resplit() {
    if (!source_sets()) { // splitting off would make parts with sleepers: only give away
      if (group_ != nullptr && options_.give_executions != 0 &&
          result_.executions_run >= next_give_ && part_.given_depth < kMaxGivenDepth)
        give_planned();
      return;
    }
    if (offer_ == nullptr || options_.resplit_executions == 0 ||
        result_.executions_run < next_resplit_)
      return;
    const size_t top = stack_.size() - 1; // frames below it have a branch in progress
    size_t d = floor_;
    while (d < top && stack_[d].wut.size() < 2) ++d;
    if (d >= top) return; // nothing planned beside the path: try again later
    next_resplit_ = 2 * result_.executions_run;
    std::vector<DporPartSpec> offers;
    for (size_t j = d + 1; j-- > floor_;) { // the deepest first: the order of the search
      Frame& f = stack_[j];
      machine_.set_state(f.state);
      const std::vector<uint32_t> choices = enabled_threads(f);
      const uint32_t current = f.event.thread;
      std::vector<uint32_t> before = asleep_in_new_parts(f); // at j, in the next part split off
      for (uint32_t k : sibling_order(choices)) {
        if (k == current || asleep(f, k)) continue;
        offers.push_back(spec_through(j, k, before));
        before.push_back(k);
      }
      if (options_.split_fault != SplitFault::ResplitKeepsSiblings) f.wut.resize(1);
    }
    if (options_.split_fault != SplitFault::ResplitKeepsSiblings) floor_ = d + 1;
    ++result_.resplits;
    (*offer_)(std::move(offers));
  }

  // Work for idle workers from a part that searches with wakeup trees (docs/explore.md,
  // "Planned branches given away"): once it has run ExploreOptions::give_executions
  // executions, and again each time they double, the branches its wakeup tree has planned at
  // the shallowest frame d (from the floor) that has some beside the branch in progress become
  // parts: the path to d, then the branch's thread, with d's explored branches, the branch in
  // progress and the earlier of these asleep at d. Each is searched with wakeup trees from the
  // branch's subtree as planned now, and returns the reversals of the races it finds at the
  // frames from the floor to d (from its own giver's floor, for a part given away in turn).
  // This part keeps searching as the sequential search does, the given-away branches staying
  // in its trees with their subtrees: where that search would explore a given-away branch, it
  // takes back what the branch's part found (take_back), inserting its reversals where the
  // sequential search would have inserted its own while exploring that branch, and then goes
  // on with what its wakeup trees plan next. If an insertion has grown a given-away branch's
  // subtree meanwhile (insert), the sequential search would have explored more below it than
  // its part was given: the part is cancelled and this search explores the branch itself. So
  // every part runs exactly the sequential search's executions below its branch, each once,
  // none blocked (docs/explore.md, "Planned branches given away").
  // Depends on this part's own search only: the same parts for every number of workers.
  void give_planned() {
    const size_t top = stack_.size() - 1; // frames below it have a branch in progress
    auto planned = [](const Frame& f) {
      return std::any_of(f.wut.begin() + 1, f.wut.end(),
                         [](const WNode& n) { return n.given == kNotGiven; });
    };
    size_t d = floor_;
    while (d < top && !planned(stack_[d])) ++d;
    if (d >= top) return; // nothing planned beside the path: try again later
    next_give_ = result_.executions_run + options_.give_executions;
    Frame& f = stack_[d];
    std::vector<uint32_t> before = asleep_in_new_parts(f); // at d, in the next part given away
    for (size_t n = 1; n < f.wut.size(); ++n) {
      WNode& node = f.wut[n];
      if (node.given == kNotGiven) {
        DporPartSpec spec = spec_through(d, node.thread, before);
        // A part given away by one given away returns the races at its giver's frames too.
        spec.given_away = true;
        spec.returns_from = part_.given_away ? part_.returns_from : floor_;
        spec.returns_to = d;
        spec.plan = planned_steps(node.children);
        spec.given_depth = part_.given_depth + 1;
        node.given = group_->give(std::move(spec));
      }
      before.push_back(node.thread);
    }
    ++result_.resplits;
  }

  // The top frame's next branch was given away (give_planned): takes back what its part found,
  // where the sequential search would explore the branch (unless the part was cancelled:
  // insert). The reversals it returns are inserted with the branch in progress here, as the
  // sequential search inserts its own while exploring it, or passed on where they belong to
  // this part's giver; then it sleeps like an explored one.
  void take_back(Frame& top) {
    const size_t ticket = top.wut.front().given;
    if (top.wut.front().stale && options_.split_fault != SplitFault::GivenStaleKept) {
      top.wut.front().given = kNotGiven; // cancelled (insert): explored here from now on
      return;
    }
    publish(); // the part may run on this thread now, and count on from this part's counts
    DporPart got = group_->join(ticket);
    machine_.set_state(top.state);
    {
      WNode& node = top.wut.front();
      node.given = kNotGiven;
      node.fp = next_footprint(node.thread); // as it sleeps from here
      node.taken = options_.split_fault != SplitFault::ResplitKeepsSiblings;
      node.children.clear(); // the part's search had them: this branch is in progress now
    }
    if (options_.split_fault != SplitFault::GivenReturnsDropped)
      for (const ReturnedReversal& r : got.returned) {
        WakeupSequence& v = notdep_;
        v.clear();
        for (const ReturnedReversal::Step& x : r.steps)
          v.push_back({x.thread, x.pos, &x.fp, x.clock ? &*x.clock : nullptr});
        if (r.frame < floor_) { // this part's giver's frame: passed on
          if (returns_at(r.frame)) return_reversal(r.frame, v);
          continue;
        }
        Frame& fi = stack_[r.frame];
        if (!a_sleeper_covers(fi.sleep, v)) insert(fi.wut, v);
      }
    if (options_.split_fault == SplitFault::GivenNeverSleep) top.wut.erase(top.wut.begin());
    outcomes_.merge(std::move(got.outcomes));
    if (listed_) listed_->insert(listed_->end(), got.listed.begin(), got.listed.end());
    add_part_counts(given_counts_, got.result);
  }

  // The threads put to sleep at frame f (its explored branches; a path frame's from its spec).
  static std::vector<uint32_t> own_sleepers(const Frame& f) {
    std::vector<uint32_t> out;
    for (size_t n = f.own_sleep; n < f.sleep.size(); ++n) out.push_back(f.sleep[n].thread);
    return out;
  }

  // Who sleeps at frame f (on the path) in the first part made there, split off or given
  // away: its explored branches and its branch in progress. Each later one adds the earlier.
  std::vector<uint32_t> asleep_in_new_parts(const Frame& f) const {
    std::vector<uint32_t> out = own_sleepers(f);
    if (options_.split_fault != SplitFault::ResplitCurrentAwake) out.push_back(f.event.thread);
    return out;
  }

  // The part whose path is this search's path to frame j, then thread k, with `at_j` asleep
  // at j; the frames before j sleep what they sleep here.
  DporPartSpec spec_through(size_t j, uint32_t k, const std::vector<uint32_t>& at_j) const {
    DporPartSpec spec;
    spec.sibling_frames = part_.sibling_frames;
    for (size_t x = 0; x < j; ++x) {
      spec.prefix.push_back(stack_[x].event.thread);
      if (x < spec.sibling_frames) continue;
      if (x < prefix_.size()) {
        spec.sleepers.push_back(part_.sleepers[x - part_.sibling_frames]);
        continue;
      }
      spec.sleepers.push_back(own_sleepers(stack_[x]));
    }
    spec.prefix.push_back(k);
    spec.sleepers.push_back(at_j);
    return spec;
  }

  // Takes the step the top frame's wakeup tree says first.
  void step_top() {
    Frame& top = stack_.back();
    top.reversed.clear(); // a new branch here (or its first)
    WNode& node = top.wut.front();
    uint32_t k = node.thread;
    machine_.set_state(top.state);
    if (!enabled(top, k)) { // cannot happen for a correct reduction
      ++result_.infeasible;
      top.wut.erase(top.wut.begin());
      return;
    }
    RaceObserver& observer = observer_at_top();
    bool prints = machine_.next_instr(k).op == Op::Print;
    StepResult s = machine_.advance(k, options_.max_steps);
    Frame& child = stack_.spare(); // pushed at the end, if the step does not end E
    child.edge = machine_.events();
    child.chosen = machine_.thread_id(k);
    child.path_steps = top.path_steps + s.small_steps;
    std::vector<RaceReport> races = observe(observer, child.edge);
    bool raced = !races.empty() || (s.status == StepStatus::Failed &&
                                    machine_.failure()->kind == FailureKind::RaceCheck);
    child.races_on_path = top.races_on_path + (raced ? 1 : 0);
    live_frames_ = kStale; // past the top frame until the child is pushed

    Event& e = top.event;
    e.thread = k;
    e.pos = top.steps[k] + 1;
    footprint(machine_.events(), s.status, prints, e.fp);
    e.raced = raced;
    e.races.clear();
    node.fp = e.fp;
    set_key(stack_.size() - 1, e);
    node.taken = true;
    add_event(top.event);
    report_races(races, stack_.size() - 1, child.chosen, top.races_on_path);
    if (s.status != StepStatus::Done) {
      ++result_.states; // the end is a node of the search too
      end_in_step(s, top.path_steps, child.chosen, top.races_on_path, child.races_on_path);
      reverse_path_races(stack_.size());
      reverse_with_the_end(top, k); // may add to this frame's tree: `node` is not used after it
      reverse_blocked_locks(top, stack_.size());
      return;
    }
    child.state = machine_.state();
    child.origin = top.origin;
    child.steps = top.steps;
    child.origin[k] = static_cast<int32_t>(stack_.size() - 1);
    child.steps[k] += 1;
    for (const Label& l : top.event.fp.labels)
      if (l.kind == LabelKind::Fork)
        if (int32_t u = code_.thread_index(l.target); u >= 0)
          child.origin[u] = static_cast<int32_t>(stack_.size() - 1);
    // A thread this step woke (a notify) or released (a filling barrier arrival) takes its
    // next step after this one, as a spawned child does after its fork.
    for (uint32_t u = 0; u < threads_; ++u)
      if (u != k && top.state.parked[u] != 0 && child.state.parked[u] == 0)
        child.origin[u] = static_cast<int32_t>(stack_.size() - 1);
    child.sleep.clear();
    for (const SleepEntry& sleeper : top.sleep)
      if (dep_.independent(sleeper.fp, e.fp)) child.sleep.push_back(sleeper);
    child.own_sleep = child.sleep.size();
    child.wut = std::move(top.wut.front().children);
    top.wut.front().children.clear();
    stack_.push_spare();
    // The observer has seen exactly the steps into every frame now (the child's included):
    // the next step continues from it instead of replaying the whole path again.
    live_frames_ = stack_.size();
    enter_top();
  }

  const Code& code_;
  const ExploreOptions& options_;
  Dependence dep_;
  Machine machine_;
  std::optional<Machine> probe_; // moved_step's own machine (machine_ holds the current step)
  OutcomeCollector outcomes_;
  uint32_t threads_;
  FrameStack stack_;
  std::unique_ptr<RaceObserver> live_;
  size_t live_frames_ = kStale; // frames whose step into them the observer has seen
  struct ObserverCopy {
    size_t frames = 0; // the observer after the steps into this many frames
    RaceObserver observer;
  };
  // (4 to 16 copies, 4 to 16 steps: the same instructions on indexer(15), philosophers(6),
  // filesystem(22); 48 steps were slower on philosophers and stack)
  static constexpr size_t kMaxCopies = 8;
  static constexpr size_t kCopyAfterReplaying = 16;
  std::vector<ObserverCopy> copies_; // ascending; from copies_kept_ on, spares to assign into
  size_t copies_kept_ = 0;
  std::unique_ptr<RaceObserver> root_observer_; // a fresh observer, to rebuild from the root
  // reverse keys the sequences of races whose first step is more than keyed_from_ frames
  // before the execution's end (kStale: none; interp/reversal_keys.h). A short one costs less
  // to handle again than to key: keying every step of sigma(6)'s and stack(5)'s executions
  // cost them 2.5% more, and filesystem(22), whose sequences never come again, 4% more.
  size_t keyed_from_ = 32;
  uint64_t keyed_ = 0; // sequences keyed (result_.reversals_repeated: those handled before)
  ExploreResult result_;
  uint64_t traces_ = 0;
  std::vector<size_t> races_;     // add_event's races (reused)
  std::vector<uint32_t> choices_; // enter_top's enabled threads (reused)
  // least_schedule's buffers, and report_races' (reused: every racing step computes a witness)
  struct WitnessScratch {
    std::vector<std::vector<const Event*>> per; // the causal past's events, per thread in order
    std::vector<uint32_t> placed;               // per thread: its events placed so far
    std::vector<uint32_t> waits_for;            // per thread: see least_schedule
  };
  mutable WitnessScratch witness_scratch_;
  std::vector<uint32_t> by_id_; // the thread indices in the order of their ids
  Schedule witness_;
  std::vector<RaceKey> past_races_;
  WakeupSequence notdep_;      // the sequence being inserted (reused)
  std::vector<EventKey> keys_; // per frame below the top: its event's key (set_key)
  // per frame below the top: its event's key in reversed races' sequences, once one needed it
  std::vector<std::optional<ReversalKey>> step_keys_;
  DependenceIndex index_;                      // the frames' events by object (add_event)
  std::vector<uint32_t> candidates_;           // add_event's: the earlier events it may depend on
  mutable std::vector<uint32_t> frames_asked_; // weak_initial's: the frames index_ returned
  size_t indexed_from_;                        // add_event asks index_ from this frame on
  size_t ask_index_from_; // weak_initial asks index_ about sequences longer than this
  uint64_t index_asked_ = 0, index_answered_ = 0; // steps index_ was asked for, and answered
  DporPartSpec part_;                             // the part's path and who sleeps along it
  const std::vector<uint32_t>& prefix_;           // part_.prefix: its thread indices
  size_t floor_; // frames below it are the path's (or split off): never searched again
  SplitBudget* budget_;
  bool expand_;
  std::optional<std::vector<uint32_t>> children_;
  bool forced_ = false; // expand: the node's children are its forced step or none (forced_child)
  std::optional<std::vector<Schedule>> listed_; // a part's executions, for on_execution
  bool source_part_ = false;         // a part with sleepers at its root: source sets (search_part)
  const IndependenceOracle* oracle_; // a split search's forced steps (forced_child), or null
  const DporOffer* offer_;           // receives the parts split off (maybe_resplit), or null
  const DporGroup* group_;           // takes the branches given away (give_planned), or null
  const std::atomic<bool>* cancelled_ = nullptr; // its giver cancelled this part (cancel_on)
  ExploreResult given_counts_;                   // what the parts given away found (take_back)
  std::vector<ReturnedReversal> returned_;       // to the giver (return_reversal)
  std::unordered_map<uint64_t, std::vector<size_t>> returned_by_hash_; // indices in returned_
  Footprint moved_fp_; // notdep's moved step (reused)
  std::vector<uint32_t> moved_clock_;
  uint64_t next_resplit_; // executions run after which to split off parts
  uint64_t next_give_;    // executions run after which to give branches away
  uint64_t published_states_ = 0, published_executions_ = 0;
};

} // namespace

ExploreResult explore_dpor(const Code& code, const ExploreOptions& options) {
  return DporExplorer(code, options).run();
}

std::unique_ptr<IndependenceOracle> split_oracle(const Code& code, const ExploreOptions& options) {
  // A step runs the thread's local instructions up to its next visible one (a spawn also the
  // child's first ones); the oracle rules out local loops, but straight code as long as the
  // step limit could reach it too.
  if (!options.split_forced || options.machine.bigger_step) return nullptr;
  uint64_t straight = 0;
  for (const ThreadCode& tc : code.threads) straight += tc.instrs.size();
  if (straight >= options.max_steps) return nullptr;
  RangesFault ranges_fault = options.split_fault == SplitFault::RangesIgnoreRemainderSign
                                 ? RangesFault::RemainderIgnoresSign
                                 : RangesFault::None;
  return std::make_unique<IndependenceOracle>(code, /*metadata_only=*/false,
                                              /*local_ranges=*/true, ranges_fault);
}

DporPart explore_dpor_part(const Code& code, const ExploreOptions& options,
                           const IndependenceOracle* oracle, const DporPartSpec& part,
                           SplitBudget& budget, const DporOffer& offer, const DporGroup* group,
                           const std::atomic<bool>* cancelled) {
  DporExplorer explorer(code, options, part, &budget, false, oracle, offer ? &offer : nullptr,
                        group);
  explorer.cancel_on(cancelled);
  return explorer.run_part();
}

void add_part_counts(ExploreResult& into, const ExploreResult& part) {
  for (uint64_t ExploreCounts::*field :
       {&ExploreCounts::total, &ExploreCounts::racy, &ExploreCounts::finished,
        &ExploreCounts::failed, &ExploreCounts::deadlocked, &ExploreCounts::discarded,
        &ExploreCounts::step_limit, &ExploreCounts::bounded})
    into.counts.*field += part.counts.*field;
  into.states += part.states;
  into.executions_run += part.executions_run;
  into.redundant += part.redundant;
  into.source_parts += part.source_parts;
  into.source_parts_blocked += part.source_parts_blocked;
  into.infeasible += part.infeasible;
  into.reversals_repeated += part.reversals_repeated;
  into.resplits += part.resplits;
  into.given_stale += part.given_stale;
  into.parts += part.parts;
  into.given_parts += part.given_parts;
  if (part.traces) into.traces = into.traces.value_or(0) + *part.traces;
  if (into.limit.empty()) into.limit = part.limit;
}

// Level by level: every prefix of the frontier that does not end the execution is replaced by
// its children (one per enabled thread not asleep, the earlier ones asleep in the later ones'
// parts), in order, until there are `split_parts` parts (the rest of that level stays as it
// is) or no prefix has children. Depends on the program and the options only, never on the
// number of workers.
std::vector<std::vector<uint32_t>>
split_dpor_search(const Code& code, const ExploreOptions& options, const IndependenceOracle* oracle,
                  uint64_t& inner_nodes, uint64_t& forced_nodes) {
  constexpr size_t kMaxDepth = 256; // a long single-threaded start stays one part
  struct Prefix {
    std::vector<uint32_t> threads;
    bool leaf = false;
  };
  std::vector<Prefix> parts{{}};
  for (size_t depth = 0; parts.size() < options.split_parts && depth < kMaxDepth; ++depth) {
    std::vector<Prefix> next;
    bool grew = false;
    for (size_t i = 0; i < parts.size(); ++i) {
      Prefix& p = parts[i];
      // Stop within the level once there are enough parts: a level whose nodes branch unevenly
      // (forced steps beside nodes with many children) would overshoot the count by far.
      if (p.leaf || next.size() + (parts.size() - i) >= options.split_parts) {
        next.push_back(std::move(p));
        continue;
      }
      DporExplorer expand(code, options,
                          DporPartSpec{.prefix = p.threads, .sibling_frames = p.threads.size()},
                          nullptr, true, oracle);
      expand.explore();
      if (!expand.children()) {
        next.push_back({std::move(p.threads), true});
        continue;
      }
      ++inner_nodes;
      if (expand.forced()) ++forced_nodes;
      grew = true;
      for (uint32_t k : *expand.children()) {
        next.push_back({p.threads, false});
        next.back().threads.push_back(k);
      }
    }
    parts = std::move(next);
    if (!grew) break;
  }
  std::vector<std::vector<uint32_t>> out;
  for (Prefix& p : parts) out.push_back(std::move(p.threads));
  return out;
}

} // namespace racelang
