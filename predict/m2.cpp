// M2 (POPL'20, Fast, Sound and Effectively Complete Dynamic Race Prediction), decision
// procedure per pair. For a conflicting pair (e1, e2) of threads t1, t2:
//  1. The cone X: the thread predecessors of e1 and e2 closed under forks, joins and
//     reads-from, plus the release of every critical section in X that a witness must close
//     (every open one but those e1 and e2 sit in: at most one section of a lock can be open when
//     both are enabled); if e1 or e2 falls in X, or both sit in sections of one lock, no race.
//  2. The partial order P over X: thread order, fork/join, reads-from, closed under the paper's
//     rules (Figure 3): observation closure (another write w' to a read r's location goes before
//     r's writer if it precedes r, after r if it follows the writer; before r... never between)
//     and lock closure (of two critical sections of one lock, if the first's acquire precedes
//     the second's release, the first's release precedes the second's acquire; an open section
//     comes after every other). A cycle: no race.
//  3. For a chosen thread among t1, t2, conflicting pairs of the other threads still unordered
//     are ordered as in the trace, closing again after each (the paper's Algorithm 5); with two
//     threads there are none, which is why M2 is complete for two threads.
//  4. The max-min linearisation (the paper's Algorithm 1): the chosen thread runs as far as P
//     allows, the others only as far as needed to let it go on, then e1, e2.
// The witness is then checked (check_witness) like every other. The order lives in the paper's
// incremental reachability structure (chain_order.h: per event, the earliest successor and latest
// predecessor in every thread), so a query is O(1) and the closure rules are checked per thread
// rather than per pair of events: for a read, per thread only the latest other write before it
// and the first one after its writer; for a critical section, per thread only the first section
// of its lock whose release it precedes, and the open one (tables of each thread's writes,
// accesses and sections per location and lock, built once per trace). A round of the rules
// costs O(|X|·T·log N) instead of O(|X|^2). Before any of that, the paper's Lemma 5.1: if the
// cone holds no open critical section (neither racing event is in one), the cone in trace order
// followed by e1, e2 is a witness. Dynamic completeness (the paper's §5): a rejection is *certain*
// when it happened before step 3 and the cone took in no release of another thread's section
// (condition 4 closes those sections by choice: a witness could leave one open), so only forced
// orderings were used; if every rejection of a trace is certain, M2's reports are exactly the
// predictable races, whatever the number of threads. (Both exceptions were found by
// tests/predict/m2_test.cpp's oracle property on random traces with three threads: such
// a rejection had been called certain, and a section never released had rejected its pair.)
// Most pairs of a long trace never get that far: candidates are found per location (a read's
// among the writes only), and a pair whose events hold a common lock, or one of which is in the
// other's closure under thread order, fork/join and reads-from (vector times, ClosureTimes), is
// rejected in O(T) — the same certain rejection step 1 would make. Lemma 5.1 is decided in O(T)
// too when neither event is in a critical section and no thread is inside one at the edge of
// that closure (it is then the cone); such a race's witness is built after the analysis, from
// the sync-preserving closure, which is the same set.
#include <algorithm>
#include <chrono>
#include <memory>
#include <optional>

#include "predict/analyses.h"
#include "predict/chain_order.h"
#include "predict/closure.h"
#include "predict/held_locks.h"
#include "predict/trace_slice.h"

namespace racelang::predict {
namespace {
constexpr uint32_t kNone = UINT32_MAX;
} // namespace

// Per-trace tables the closure rules look events up in, by thread position.
struct M2Tables {
  struct Section {
    uint32_t acquire_pos, release_pos; // positions in the thread; release kNone if never
  };
  struct ThreadSection {
    uint32_t lock, index; // the section is sections(lock, thread)[index]
  };
  explicit M2Tables(const TraceIndex& ix)
      : threads(ix.threads()), writes_(ix.trace.locations.size() * threads),
        accesses_(ix.trace.locations.size() * threads), sections_(ix.trace.locks.size() * threads),
        by_thread(threads) {
    const auto& events = ix.trace.events;
    for (uint32_t i = 0; i < events.size(); ++i) {
      const Event& e = events[i];
      uint32_t t = ix.thread_of[i];
      if (is_access(e.op)) {
        accesses_[size_t{e.target} * threads + t].push_back(ix.pos[i]);
        if (e.op == Op::Write) writes_[size_t{e.target} * threads + t].push_back(ix.pos[i]);
      }
      if (e.op == Op::Acquire) {
        int64_t rel = ix.release_of[i];
        auto& list = sections_[size_t{e.target} * threads + t];
        by_thread[t].push_back({e.target, static_cast<uint32_t>(list.size())});
        list.push_back({ix.pos[i], rel < 0 ? kNone : ix.pos[static_cast<size_t>(rel)]});
      }
    }
  }
  const std::vector<uint32_t>& writes(uint32_t location, uint32_t t) const {
    return writes_[size_t{location} * threads + t];
  }
  const std::vector<uint32_t>& accesses(uint32_t location, uint32_t t) const {
    return accesses_[size_t{location} * threads + t];
  }
  const std::vector<Section>& sections(uint32_t lock, uint32_t t) const {
    return sections_[size_t{lock} * threads + t];
  }

  size_t threads;
  std::vector<std::vector<uint32_t>> writes_, accesses_; // location * threads + thread
  std::vector<std::vector<Section>> sections_;           // lock * threads + thread
  std::vector<std::vector<ThreadSection>> by_thread;     // thread -> its sections in order
};

namespace {

class M2Pair {
public:
  M2Pair(const TraceIndex& index, const M2Tables& tables, const PredictOptions& options,
         uint32_t e1, uint32_t e2)
      : ix_(index), tab_(tables), opt_(options), e1_(e1), e2_(e2), n_(index.threads()) {}

  // The witness, or nothing; `certain` tells whether a rejection used forced orderings only.
  std::optional<std::vector<uint32_t>> decide(bool& certain) {
    bool cone = build_cone();
    // The cone's releases of other threads' sections (the paper's condition 4) are a choice, not
    // forced: a witness may leave such a section open. So a rejection after one is not certain;
    // on two threads there are none (the paper's completeness).
    certain = !closed_other_sections_;
    if (!cone) return std::nullopt;
    if (open_.empty()) { // Lemma 5.1: no section to close or to keep open
      std::vector<uint32_t> w = members_;
      w.push_back(e1_);
      w.push_back(e2_);
      if (!check_witness(ix_, w)) return w;
    }
    if (!order_.reset(count_, base_edges()) || !close()) return std::nullopt;
    const ChainOrder saved = order_;
    for (uint32_t chosen : {ix_.thread_of[e1_], ix_.thread_of[e2_]}) {
      order_ = saved;
      if (!order_other_conflicts(chosen)) {
        certain = false;
        continue;
      }
      std::vector<uint32_t> w = linearize(chosen);
      w.push_back(e1_);
      w.push_back(e2_);
      if (!check_witness(ix_, w)) return w;
      certain = false; // a linearisation that fails the check: not a proof of no race
    }
    return std::nullopt;
  }

private:
  const Event& ev(uint32_t i) const { return ix_.trace.events[i]; }
  ChainNode node(uint32_t i) const { return {ix_.thread_of[i], ix_.pos[i]}; }
  uint32_t event_at(uint32_t t, uint32_t pos) const { return ix_.by_thread[t][pos]; }
  bool before(uint32_t a, uint32_t b) const { return order_.before(node(a), node(b)); }
  // Inserts a -> b; false on a cycle.
  bool insert(uint32_t a, uint32_t b) {
    if (before(a, b)) return true;
    added_ = true;
    return order_.insert(node(a), node(b));
  }

  // Step 1. X is a prefix of each thread: count_[t] events.
  bool build_cone() {
    count_.assign(n_, 0);
    std::vector<uint32_t> work;
    auto add_prefix = [&](uint32_t t, uint32_t k) {
      while (count_[t] < k) work.push_back(event_at(t, count_[t]++));
    };
    auto need_thread_start = [&](uint32_t t) {
      if (int64_t f = ix_.fork_of[t]; f >= 0)
        add_prefix(ix_.thread_of[static_cast<uint32_t>(f)], ix_.pos[static_cast<uint32_t>(f)] + 1);
    };
    for (uint32_t e : {e1_, e2_}) {
      add_prefix(ix_.thread_of[e], ix_.pos[e]);
      need_thread_start(ix_.thread_of[e]);
    }
    for (;;) {
      while (!work.empty()) {
        uint32_t i = work.back();
        work.pop_back();
        if (ix_.pos[i] == 0) need_thread_start(ix_.thread_of[i]);
        if (ev(i).op == Op::Read && ix_.rf[i] >= 0) {
          auto w = static_cast<uint32_t>(ix_.rf[i]);
          add_prefix(ix_.thread_of[w], ix_.pos[w] + 1);
        }
        if (ev(i).op == Op::Join)
          if (int64_t u = ix_.dense_of(ev(i).target); u >= 0)
            add_prefix(static_cast<uint32_t>(u),
                       static_cast<uint32_t>(ix_.by_thread[static_cast<size_t>(u)].size()));
      }
      // Sections a witness must close: every open one outside the sections e1, e2 sit in.
      bool added = false;
      for (uint32_t t = 0; t < n_; ++t)
        for (const auto& ts : tab_.by_thread[t]) {
          const auto& s = tab_.sections(ts.lock, t)[ts.index];
          if (s.acquire_pos >= count_[t]) break;
          if (s.release_pos != kNone && s.release_pos < count_[t]) continue;
          bool held_at_race = (t == ix_.thread_of[e1_] && count_[t] == ix_.pos[e1_]) ||
                              (t == ix_.thread_of[e2_] && count_[t] == ix_.pos[e2_]);
          if (held_at_race) continue;
          // Never released in the trace: the witness leaves it open too (the lock rule puts an
          // open section after every other section of its lock; two open ones of one lock are
          // rejected below). Rejecting the pair here missed predictable races, and called the
          // rejection certain.
          if (s.release_pos == kNone) continue;
          add_prefix(t, s.release_pos + 1);
          added = closed_other_sections_ = true;
        }
      if (!added) break;
    }
    if (contains(e1_) || contains(e2_)) return false;
    // Both racing events inside sections of one lock: never both enabled.
    for (uint32_t t = 0; t < n_; ++t)
      for (const auto& ts : tab_.by_thread[t]) {
        const auto& s = tab_.sections(ts.lock, t)[ts.index];
        if (s.acquire_pos >= count_[t]) break;
        if (s.release_pos == kNone || s.release_pos >= count_[t]) open_.push_back(ts.lock);
      }
    std::vector<uint32_t> locks = open_;
    std::sort(locks.begin(), locks.end());
    if (std::adjacent_find(locks.begin(), locks.end()) != locks.end()) return false;
    // X in trace order: a merge of the threads' prefixes (each in order), O(|X| * T) rather than
    // a sort of a cone as long as the trace.
    std::vector<uint32_t> next(n_, 0);
    for (;;) {
      uint32_t pick = kNone;
      for (uint32_t t = 0; t < n_; ++t)
        if (next[t] < count_[t] &&
            (pick == kNone || event_at(t, next[t]) < event_at(pick, next[pick])))
          pick = t;
      if (pick == kNone) break;
      members_.push_back(event_at(pick, next[pick]++));
    }
    return true;
  }
  bool contains(uint32_t i) const { return ix_.pos[i] < count_[ix_.thread_of[i]]; }

  // Step 2's starting order: thread order is the chains; fork, join and reads-from edges, closed
  // at once (ChainOrder::reset).
  std::vector<std::pair<ChainNode, ChainNode>> base_edges() const {
    std::vector<std::pair<ChainNode, ChainNode>> edges;
    for (uint32_t i : members_) {
      const Event& e = ev(i);
      if (e.op == Op::Read && ix_.rf[i] >= 0)
        edges.push_back({node(static_cast<uint32_t>(ix_.rf[i])), node(i)});
      int64_t u = e.op == Op::Fork || e.op == Op::Join ? ix_.dense_of(e.target) : -1;
      if (u < 0 || count_[static_cast<size_t>(u)] == 0) continue;
      auto ut = static_cast<uint32_t>(u);
      if (e.op == Op::Fork) edges.push_back({node(i), node(event_at(ut, 0))});
      if (e.op == Op::Join) edges.push_back({node(event_at(ut, count_[ut] - 1)), node(i)});
    }
    return edges;
  }

  // Step 2: the closure rules until nothing changes. False on a cycle.
  bool close() {
    do {
      added_ = false;
      for (uint32_t r : members_)
        if (ev(r).op == Op::Read && !observation(r)) return false;
      if (!opt_.m2_without_lock_closure)
        for (uint32_t t = 0; t < n_; ++t)
          for (const auto& ts : tab_.by_thread[t]) {
            const auto& s = tab_.sections(ts.lock, t)[ts.index];
            if (s.acquire_pos >= count_[t]) break;
            if (!lock_rule(t, ts, s)) return false;
          }
    } while (added_);
    return true;
  }

  // Observation closure for read r: no other write of its location between its writer and it.
  bool observation(uint32_t r) {
    const uint32_t x = ev(r).target;
    const int64_t w = ix_.rf[r];
    for (uint32_t j = 0; j < n_; ++j) {
      const auto& ws = tab_.writes(x, j);
      auto in_cone_end = std::lower_bound(ws.begin(), ws.end(), count_[j]);
      if (w < 0) { // r reads the initial value: every write comes after it
        if (ws.begin() != in_cone_end && !insert(r, event_at(j, ws.front()))) return false;
        continue;
      }
      auto wr = static_cast<uint32_t>(w);
      bool own = ix_.thread_of[wr] == j;
      // The latest other write of thread j before r goes before the writer.
      auto it = std::lower_bound(ws.begin(), in_cone_end, order_.reached_by(node(r), j));
      while (it != ws.begin()) {
        --it;
        if (own && *it == ix_.pos[wr]) continue;
        if (!insert(event_at(j, *it), wr)) return false;
        break;
      }
      // The first other write of thread j after the writer goes after r.
      it = std::lower_bound(ws.begin(), in_cone_end, order_.first_after(node(wr), j));
      if (it != in_cone_end && own && *it == ix_.pos[wr]) ++it;
      if (it != in_cone_end && !insert(r, event_at(j, *it))) return false;
    }
    return true;
  }

  // Lock closure for critical section s (thread t): of two sections of one lock, if the first's
  // acquire precedes the second's release, the first's release precedes the second's acquire;
  // an open section comes after every other.
  bool lock_rule(uint32_t t, const M2Tables::ThreadSection& ts, const M2Tables::Section& s) {
    if (s.release_pos == kNone || s.release_pos >= count_[t]) return true; // open: comes last
    uint32_t acq = event_at(t, s.acquire_pos), rel = event_at(t, s.release_pos);
    for (uint32_t j = 0; j < n_; ++j) {
      if (j == t) continue; // a thread's own sections are in thread order
      const auto& list = tab_.sections(ts.lock, j);
      auto in_cone_end = std::partition_point(
          list.begin(), list.end(), [&](const auto& o) { return o.acquire_pos < count_[j]; });
      if (list.begin() == in_cone_end) continue;
      auto closed_end = in_cone_end;
      const auto& last = *(in_cone_end - 1);
      if (last.release_pos == kNone || last.release_pos >= count_[j]) {
        if (!insert(rel, event_at(j, last.acquire_pos))) return false;
        --closed_end;
      }
      // Thread j's sections are in order, releases too: the first whose release s's acquire
      // precedes; the later ones follow it.
      uint32_t from = order_.first_after(node(acq), j);
      auto it = std::partition_point(list.begin(), closed_end,
                                     [&](const auto& o) { return o.release_pos < from; });
      if (it != closed_end && !insert(rel, event_at(j, it->acquire_pos))) return false;
    }
    return true;
  }

  // Step 3: conflicting pairs outside `chosen`, unordered so far, in trace order.
  bool order_other_conflicts(uint32_t chosen) {
    std::vector<uint32_t> candidates;
    for (uint32_t a : members_) {
      uint32_t ta = ix_.thread_of[a];
      if (ta == chosen || !is_access(ev(a).op)) continue;
      candidates.clear();
      for (uint32_t j = 0; j < n_; ++j) {
        if (j == chosen || j == ta) continue;
        // Thread j's accesses unordered with a lie between its last predecessor and first
        // successor.
        const auto& list = tab_.accesses(ev(a).target, j);
        uint32_t end = std::min(order_.first_after(node(a), j), count_[j]);
        for (auto it = std::lower_bound(list.begin(), list.end(), order_.reached_by(node(a), j));
             it != list.end() && *it < end; ++it) {
          uint32_t b = event_at(j, *it);
          if (b > a && conflicting(ev(a), ev(b))) candidates.push_back(b);
        }
      }
      std::sort(candidates.begin(), candidates.end());
      for (uint32_t b : candidates) {
        if (before(a, b) || before(b, a)) continue;
        if (!insert(a, b) || !close()) return false;
      }
    }
    return true;
  }

  // Step 4: the max-min linearisation.
  std::vector<uint32_t> linearize(uint32_t chosen) {
    std::vector<uint32_t> next(n_, 0), out;
    auto enabled = [&](uint32_t i) {
      for (uint32_t t = 0; t < n_; ++t) {
        uint32_t need = order_.reached_by(node(i), t) - (t == ix_.thread_of[i] ? 1 : 0);
        if (next[t] < need) return false;
      }
      return true;
    };
    auto run = [&](uint32_t t) {
      out.push_back(event_at(t, next[t]));
      ++next[t];
    };
    while (out.size() < members_.size()) {
      if (next[chosen] < count_[chosen] && enabled(event_at(chosen, next[chosen]))) {
        run(chosen);
        continue;
      }
      // The earliest enabled event of another thread that the chosen thread is waiting for,
      // else (the chosen thread is done) the earliest enabled one.
      int64_t pick = -1;
      bool chosen_waits = next[chosen] < count_[chosen];
      uint32_t blocked = chosen_waits ? event_at(chosen, next[chosen]) : 0;
      for (uint32_t t = 0; t < n_; ++t) {
        if (t == chosen || next[t] >= count_[t]) continue;
        uint32_t i = event_at(t, next[t]);
        if (!enabled(i)) continue;
        if (chosen_waits && !before(i, blocked)) continue;
        if (pick < 0 || i < pick) pick = i;
      }
      if (pick < 0)
        for (uint32_t t = 0; t < n_; ++t) {
          if (t == chosen || next[t] >= count_[t]) continue;
          uint32_t i = event_at(t, next[t]);
          if (enabled(i) && (pick < 0 || i < pick)) pick = i;
        }
      if (pick < 0) break; // cannot happen for an acyclic order; the check catches it
      run(ix_.thread_of[static_cast<uint32_t>(pick)]);
    }
    return out;
  }

  const TraceIndex& ix_;
  const M2Tables& tab_;
  const PredictOptions& opt_;
  uint32_t e1_, e2_;
  size_t n_;
  std::vector<uint32_t> count_;   // dense thread -> events of it in X
  std::vector<uint32_t> open_;    // locks of the sections in X whose release is not
  std::vector<uint32_t> members_; // X in trace order
  ChainOrder order_;
  bool added_ = false;                 // the last round of close() inserted an edge
  bool closed_other_sections_ = false; // the cone took in a release for condition 4
};

// A full decision on slices first (racelang's, not the paper's). A pair's cone is everything
// before it in its threads, so on a long trace a full decision costs the trace's length, and a
// trace with many such races (each pair ordered by happens-before only through critical
// sections it must reverse) costs its length squared. But a witness seldom needs to move
// anything far back: the pair is decided first on a slice from a point where no lock is held
// shortly before it (trace_slice.h: a witness there, after the whole prefix, is a witness for
// the trace), then on slices reaching eight times as far back while a slice is shorter than half
// the distance from the trace's start to the second event, and only then on the whole
// trace. So every race is still found as the whole-trace decision would find it (a slice's
// rejection proves nothing and is not used), and a slice can also find a race the whole-trace
// decision's heuristic step 3 misses on more than two threads (a witness is a witness). The
// slice's witness was checked on the slice by M2Pair; it is a correct reordering of the trace
// by trace_slice.h's argument, which a property checks on random traces
// (tests/predict/predict_test.cpp, M2SliceWitnessesAreCorrectReorderings), so the trace-long
// witness is built only when a witness is wanted.
class SliceDecider {
public:
  SliceDecider(const TraceIndex& index, const M2Tables& tables, const PredictOptions& options)
      : ix_(index), tab_(tables), opt_(options), slicer_(index.trace) {}

  // As M2Pair::decide; a race found on a slice has an empty witness unless `witness`.
  std::optional<std::vector<uint32_t>> decide(uint32_t e1, uint32_t e2, bool witness,
                                              bool& certain) {
    // The lock-free points on the first full decision (O(N): a trace whose pairs all end in
    // M2's shortcuts or Lemma 5.1 never needs them).
    if (!free_) free_.emplace(ix_.trace);
    uint32_t end = free_->at_or_after(e2 + 1), previous_cut = 0;
    for (uint64_t back = opt_.m2_slice; back > 0 && back < e1; back *= 8) {
      uint32_t point = e1 - static_cast<uint32_t>(back);
      uint32_t cut = opt_.m2_slice_anywhere ? point : free_->at_or_before(point);
      // A slice as long as half the cone saves too little to be worth a decision of its own
      // (two racing events far apart: the whole trace at once).
      if (cut == 0 || uint64_t{end - cut} * 2 > e2) break;
      if (cut == previous_cut) continue;
      previous_cut = cut;
      const Trace& slice = slicer_.slice(cut, end);
      TraceIndex index(slice);
      M2Tables tables(index);
      bool slice_certain = true;
      auto w = M2Pair(index, tables, opt_, e1 - cut, e2 - cut).decide(slice_certain);
      if (!w) continue;
      if (decided_on_slices) ++*decided_on_slices;
      certain = true;
      std::vector<uint32_t> full;
      if (witness) {
        full.reserve(cut + w->size());
        for (uint32_t i = 0; i < cut; ++i) full.push_back(i);
        for (uint32_t i : *w) full.push_back(i + cut);
      }
      return full;
    }
    return M2Pair(ix_, tab_, opt_, e1, e2).decide(certain);
  }

  uint64_t* decided_on_slices = nullptr; // counted here if set

private:
  const TraceIndex& ix_;
  const M2Tables& tab_;
  const PredictOptions& opt_;
  std::optional<LockFreePoints> free_; // built on the first decision
  TraceSlicer slicer_;
};

} // namespace

// The maximal analysis asks for single decisions; they go through the slices too.
struct M2Decider::Slices {
  SliceDecider decider;
};

M2Decider::M2Decider(const TraceIndex& index, const PredictOptions& options)
    : index_(index), options_(options), tables_(std::make_unique<M2Tables>(index)),
      slices_(std::make_unique<Slices>(Slices{SliceDecider(index, *tables_, options)})) {}
M2Decider::~M2Decider() = default;

std::optional<std::vector<uint32_t>> M2Decider::decide(uint32_t e1, uint32_t e2, bool& certain) {
  return slices_->decider.decide(e1, e2, /*witness=*/true, certain);
}

void m2_races(const TraceIndex& index, const PredictOptions& options, PredictResult& out) {
  const auto& events = index.trace.events;
  uint64_t pairs = 0;
  out.complete = true;
  // Two shortcuts that decide a pair exactly as M2Pair's cone does, in O(T) instead of O(N):
  // both events in sections of one lock, or one of them in the other's closure under thread
  // order, fork/join and reads-from (a part of the cone). Both rejections are certain.
  HeldLocks held(index);
  ClosureTimes cone(index, /*keep_lock_order=*/false);
  M2Tables tables(index);
  SliceDecider full_decisions(index, tables, options);
  full_decisions.decided_on_slices = &out.decided_on_slices;
  // Whether each event leaves its thread inside a critical section.
  std::vector<bool> inside_after(events.size(), false);
  {
    std::vector<uint32_t> depth(index.threads(), 0);
    for (uint32_t i = 0; i < events.size(); ++i) {
      uint32_t& d = depth[index.thread_of[i]];
      if (events[i].op == Op::Acquire) ++d;
      if (events[i].op == Op::Release && d > 0) --d;
      inside_after[i] = d > 0;
    }
  }
  // Whether no thread is inside a critical section after its prefix in the join of the times of
  // accesses a and b.
  auto no_open_section = [&](uint32_t a, uint32_t b) {
    for (uint32_t t = 0; t < index.threads(); ++t)
      if (uint32_t c = std::max(cone.count(a, t), cone.count(b, t));
          c > 0 && inside_after[index.by_thread[t][c - 1]])
        return false;
    return true;
  };
  // Per location, its accesses grouped by the set of locks held at them: a group that shares a
  // lock with an access is skipped whole (on a trace whose accesses are all locked, every pair).
  struct Group {
    uint32_t example;                      // an access with the group's locks
    std::vector<uint32_t> members, writes; // a read conflicts with writes only
  };
  std::vector<std::vector<Group>> groups(index.trace.locations.size());
  for (uint32_t j = 0; j < events.size(); ++j) {
    if (!is_access(events[j].op)) continue;
    auto& location = groups[events[j].target];
    size_t first_new = out.races.size();
    for (const Group& g : location) {
      if (held.share(g.example, j)) continue;
      for (uint32_t i : events[j].op == Op::Write ? g.members : g.writes) {
        if (!conflicting(events[i], events[j])) continue;
        if (!may_check_pair(options, ++pairs, out)) {
          out.complete = false;
          return;
        }
        uint32_t ti = index.thread_of[i], tj = index.thread_of[j];
        if (cone.count(j, ti) > index.pos[i] || cone.count(i, tj) > index.pos[j]) continue;
        // Lemma 5.1 in O(T): neither access in a critical section and no thread inside one at
        // the edge of that closure, so it is the cone, and the cone in trace order is a
        // witness. It is the sync-preserving closure too (with every section closed it obeys
        // the lock rule), so predict_races builds and checks it like SyncP's, outside the
        // analysis's time.
        if (held.none(i) && held.none(j) && no_open_section(i, j)) {
          out.races.push_back({i, j, Analysis::M2, {}});
          continue;
        }
        // A full decision can take long on a long trace (its cone): the deadline is checked
        // before every one, not only every 256th pair.
        if (options.deadline && std::chrono::steady_clock::now() >= *options.deadline) {
          out.truncated = out.timed_out = true;
          out.complete = false;
          return;
        }
        bool certain = true;
        auto w = full_decisions.decide(i, j, options.witnesses, certain);
        if (w)
          out.races.push_back({i, j, Analysis::M2, std::move(*w)});
        else if (!certain)
          out.complete = false;
      }
    }
    std::sort(out.races.begin() + static_cast<std::ptrdiff_t>(first_new), out.races.end(),
              [](const PredictedRace& x, const PredictedRace& y) { return x.first < y.first; });
    auto g = std::find_if(location.begin(), location.end(),
                          [&](const Group& h) { return held.same(h.example, j); });
    if (g == location.end()) g = location.insert(location.end(), {j, {}, {}});
    g->members.push_back(j);
    if (events[j].op == Op::Write) g->writes.push_back(j);
  }
}

} // namespace racelang::predict
