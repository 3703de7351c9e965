// The maximal causal model with control-flow abstraction (PLDI'14, Maximal Sound Predictive
// Race Detection with Control Flow Abstraction), as constraints for Z3 (the only Z3 user). For a
// conflicting pair (e1, e2), the question is whether some prefix of each thread, ordered so that
// locks are respected, forks precede and joins follow, can end with e1 and e2 both enabled while
// every branch event in it still decides as observed: the reads a branch depends on read the
// values they read in the trace, from writes that themselves wrote their observed values (every
// read before such a write in its thread read its observed value too). Reads no branch depends
// on may read anything. A trace without values (STD) is encoded the classic way instead: every
// read reads from the write it read from, which makes the model's races exactly the predictable
// races of docs/prediction.md.
//
// Variables per event of the window: In (the event is in the prefix) and O (its position);
// per read S (it reads its observed value, or writer); per event Tr (every read of its thread up
// to it satisfies S). The paper encodes the race as O_e1 = O_e2 over all events; here e1 and e2
// are excluded from the prefix and placed after it, which is the same question with the witness
// read off directly. Windows: only the last `maximal_window` events up to e2 are free; everything
// before is a fixed prefix in trace order (sound: a reordering of a suffix after an observed
// prefix). Each query has a time limit; a timeout is "unknown", never a race.
#include <z3++.h>

#include <algorithm>
#include <chrono>
#include <ranges>
#include <unordered_map>
#include <unordered_set>

#include "predict/analyses.h"
#include "predict/closure.h"
#include "predict/held_locks.h"

namespace racelang::predict {
namespace {

// What a pair's query needs of its window: where it starts (everything before is a fixed
// prefix in trace order), per dense thread its events before it and the events that may be in
// the prefix (RelevantEvents), the acquires before it whose release is not, and per location
// its writes in trace order.
struct Window {
  uint32_t lo;
  const std::vector<uint32_t>& before;
  const std::vector<uint32_t>& need;
  const std::vector<uint32_t>& open_at_lo;
  const std::vector<std::vector<uint32_t>>& writes;
  const std::unordered_set<uint32_t>& valued; // reads that must read their value (or writer)
  // Per dense thread, how many of its events every prefix that leaves both accesses enabled
  // holds: their predecessors' closure under thread order and fork/join (and reads-from on a
  // trace without values). Those are constants in the query.
  const std::vector<uint32_t>& forced;
};

class MaximalPair {
public:
  MaximalPair(const TraceIndex& ix, const PredictOptions& opt, uint32_t e1, uint32_t e2,
              const Window& window)
      : ix_(ix), opt_(opt), e1_(e1), e2_(e2), lo_(window.lo), win_(window), s_(c_) {
    for (uint32_t t = 0; t < window.need.size(); ++t)
      for (uint32_t p = window.before[t]; p < window.need[t]; ++p)
        if (uint32_t i = ix.by_thread[t][p]; i <= e2 && i != e1 && i != e2) members_.push_back(i);
    std::sort(members_.begin(), members_.end());
    find_ordered_events();
  }

  // The witness if the pair races, nothing if not; `unknown` on a timeout.
  std::optional<std::vector<uint32_t>> decide(bool& unknown) {
    const auto& events = ix_.trace.events;
    const bool by_value = ix_.trace.has_values;
    const uint32_t hi = e2_; // events after e2 cannot matter
    auto in = [&](uint32_t i) -> z3::expr {
      if (i < lo_) return c_.bool_val(true);
      if (i > hi || i == e1_ || i == e2_ || !relevant(i)) return c_.bool_val(false);
      if (forced(i)) return c_.bool_val(true);
      return var(in_, i, "in");
    };
    auto o = [&](uint32_t i) -> z3::expr {
      if (i < lo_) return c_.int_val(static_cast<int>(i) - static_cast<int>(lo_) - 1);
      return ivar(i);
    };
    // Thread prefixes; the racing events' predecessors are in, the events themselves are not.
    // Positions order only the events that have one (ordered_), each after the previous one of
    // its thread.
    for (uint32_t i : members_) {
      uint32_t t = ix_.thread_of[i], p = ix_.pos[i];
      if (p > 0) {
        uint32_t prev = ix_.by_thread[t][p - 1];
        if (prev >= lo_ && !forced(i)) s_.add(z3::implies(in(i), in(prev)));
      }
      if (!ordered_.count(i)) continue;
      s_.add(o(i) >= 0);
      if (int64_t pi = previous_ordered_.at(i); pi >= 0)
        s_.add(z3::implies(in(i), o(static_cast<uint32_t>(pi)) < o(i)));
    }
    for (uint32_t e : {e1_, e2_})
      if (ix_.pos[e] > 0) s_.add(in(ix_.by_thread[ix_.thread_of[e]][ix_.pos[e] - 1]));
    // e1 and e2 come after every event of the prefix: give them the largest positions.
    // Forks and joins.
    for (uint32_t t = 0; t < ix_.threads(); ++t) {
      int64_t f = ix_.fork_of[t];
      if (f < 0 || ix_.by_thread[t].empty()) continue;
      auto fork = static_cast<uint32_t>(f);
      uint32_t first = ix_.by_thread[t][0];
      if (first < lo_ || first > hi) continue;
      if (first != e1_ && first != e2_ && !relevant(first)) continue;
      z3::expr started = in(fork) && (fork < lo_ ? c_.bool_val(true) : o(fork) < o(first));
      s_.add(z3::implies(first == e1_ || first == e2_ ? c_.bool_val(true) : in(first), started));
    }
    for (uint32_t i : members_) {
      if (events[i].op != Op::Join) continue;
      int64_t u = ix_.dense_of(events[i].target);
      if (u < 0 || ix_.by_thread[static_cast<size_t>(u)].empty()) continue;
      uint32_t last = ix_.by_thread[static_cast<size_t>(u)].back();
      if (last > hi)
        s_.add(!in(i));
      else if (last >= lo_)
        s_.add(z3::implies(in(i), in(last) && o(last) < o(i)));
    }
    lock_constraints(in, o);
    if (!opt_.maximal_without_read_values) read_constraints(in, o, by_value);
    s_.set(params());
    switch (s_.check()) {
    case z3::unsat:
      return std::nullopt;
    case z3::unknown:
      unknown = true;
      return std::nullopt;
    case z3::sat:
      break;
    }
    z3::model m = s_.get_model();
    std::vector<std::pair<int64_t, uint32_t>> chosen;
    for (uint32_t i : members_) {
      if (!m.eval(in(i), true).is_true()) continue;
      // An event without a position goes right after the previous one of its thread that has
      // one (ties sort by trace order), or first: nothing else orders it.
      int64_t anchor = ordered_.count(i) ? int64_t{i} : previous_ordered_.at(i);
      chosen.push_back(
          {anchor < 0 ? -1 : m.eval(o(static_cast<uint32_t>(anchor)), true).get_numeral_int64(),
           i});
    }
    std::sort(chosen.begin(), chosen.end());
    std::vector<uint32_t> w;
    for (uint32_t i = 0; i < lo_; ++i) w.push_back(i);
    for (auto [pos, i] : chosen) w.push_back(i);
    w.push_back(e1_);
    w.push_back(e2_);
    return w;
  }

private:
  bool relevant(uint32_t i) const { return ix_.pos[i] < win_.need[ix_.thread_of[i]]; }
  // In every prefix that leaves e1 and e2 enabled (Window::forced).
  bool forced(uint32_t i) const { return ix_.pos[i] < win_.forced[ix_.thread_of[i]]; }

  // The events whose position a constraint names: lock operations, forks, joins and what they
  // order (a forked thread's first event, a joined thread's last), the reads that must read a
  // value (RelevantEvents), and the writes of their locations. The others (other reads and
  // writes, branches, prints) need only be in the prefix or not: a witness puts each right
  // after the previous positioned event of its thread, where no constraint can tell.
  void find_ordered_events() {
    const auto& events = ix_.trace.events;
    std::unordered_set<uint32_t> valued_locations;
    auto mark = [&](uint32_t i) {
      if (i >= lo_ && relevant(i) && i <= e2_ && i != e1_ && i != e2_) ordered_.insert(i);
    };
    for (uint32_t i : members_) {
      const Event& e = events[i];
      switch (e.op) {
      case Op::Acquire:
      case Op::Release:
        mark(i);
        break;
      case Op::Fork:
      case Op::Join:
        mark(i);
        if (int64_t u = ix_.dense_of(e.target); u >= 0) {
          const auto& list = ix_.by_thread[static_cast<size_t>(u)];
          if (!list.empty()) mark(e.op == Op::Fork ? list.front() : list.back());
        }
        break;
      case Op::Read:
        if (win_.valued.count(i)) {
          mark(i);
          valued_locations.insert(e.target);
        }
        break;
      default:
        break;
      }
    }
    for (uint32_t i : members_)
      if (events[i].op == Op::Write && valued_locations.count(events[i].target)) mark(i);
    std::vector<int64_t> last(ix_.threads(), -1);
    for (uint32_t i : members_) {
      previous_ordered_[i] = last[ix_.thread_of[i]];
      if (ordered_.count(i)) last[ix_.thread_of[i]] = i;
    }
  }

  z3::params params() {
    z3::params p(c_);
    // A query never runs past the command's deadline (`predict --timeout`): a query can take
    // far longer than the deadline's granularity in may_check_pair.
    uint64_t ms = opt_.maximal_timeout_ms;
    if (opt_.deadline) {
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                      *opt_.deadline - std::chrono::steady_clock::now())
                      .count();
      ms = std::min<uint64_t>(ms, static_cast<uint64_t>(std::max<int64_t>(left, 1)));
    }
    p.set("timeout", static_cast<unsigned>(ms));
    return p;
  }
  z3::expr var(std::unordered_map<uint32_t, z3::expr>& table, uint32_t i, const char* name) {
    auto it = table.find(i);
    if (it != table.end()) return it->second;
    z3::expr v = c_.bool_const((std::string(name) + std::to_string(i)).c_str());
    table.emplace(i, v);
    return v;
  }
  z3::expr ivar(uint32_t i) {
    auto it = order_.find(i);
    if (it != order_.end()) return it->second;
    z3::expr v = c_.int_const(("o" + std::to_string(i)).c_str());
    order_.emplace(i, v);
    return v;
  }

  template <typename In, typename O> void lock_constraints(In& in, O& o) {
    const auto& events = ix_.trace.events;
    struct Section {
      uint32_t acq;
      int64_t rel; // -1: none in the window or before e2
      uint32_t thread;
    };
    // Sections closed before the window are fixed and done; the others that may be in the
    // prefix: those open at the window's start, and those opened in it.
    std::unordered_map<uint32_t, std::vector<Section>> by_lock;
    auto add = [&](uint32_t i) {
      int64_t rel = ix_.release_of[i];
      if (rel > e2_ || (rel >= 0 && !relevant(static_cast<uint32_t>(rel)))) rel = -1;
      by_lock[events[i].target].push_back({i, rel, ix_.thread_of[i]});
    };
    for (uint32_t i : win_.open_at_lo) add(i);
    for (uint32_t i : members_)
      if (events[i].op == Op::Acquire) add(i);
    for (auto& [lock, sections] : by_lock)
      for (size_t a = 0; a < sections.size(); ++a)
        for (size_t b = a + 1; b < sections.size(); ++b) {
          const Section &s1 = sections[a], &s2 = sections[b];
          if (s1.thread == s2.thread) continue;
          auto done_before = [&](const Section& x, const Section& y) {
            if (x.rel < 0) return c_.bool_val(false);
            auto r = static_cast<uint32_t>(x.rel);
            return in(r) && o(r) < o(y.acq);
          };
          s_.add(z3::implies(in(s1.acq) && in(s2.acq), done_before(s1, s2) || done_before(s2, s1)));
        }
  }

  template <typename In, typename O> void read_constraints(In& in, O& o, bool by_value) {
    const auto& events = ix_.trace.events;
    // Writes of each location in the window, and the last value before it.
    std::unordered_map<uint32_t, std::vector<uint32_t>> writes;
    std::unordered_map<uint32_t, int64_t> before;
    for (uint32_t i : members_)
      if (events[i].op == Op::Write) writes[events[i].target].push_back(i);
    for (uint32_t i : members_) {
      if (events[i].op != Op::Read || before.count(events[i].target)) continue;
      const auto& all = win_.writes[events[i].target]; // the last write before the window
      auto it = std::lower_bound(all.begin(), all.end(), lo_);
      if (it != all.begin()) before[events[i].target] = *(it - 1);
    }
    auto sees = [&](uint32_t i) { return var(sees_, i, "s"); };
    // Tr(r), for a read that must read its value: it and every such read before it in its
    // thread (in the window) do. Every read before a write some read may need is one of them
    // (RelevantEvents), so Tr of the last one before a write says the write writes its value.
    auto trusted = [&](uint32_t i) { return var(trusted_, i, "tr"); };
    std::vector<int64_t> last_valued(ix_.threads(), -1);
    std::unordered_map<uint32_t, int64_t> valued_before; // write -> last valued read before it
    for (uint32_t i : members_) {
      if (events[i].op == Op::Write) valued_before[i] = last_valued[ix_.thread_of[i]];
      if (events[i].op == Op::Read && win_.valued.count(i)) last_valued[ix_.thread_of[i]] = i;
    }
    std::fill(last_valued.begin(), last_valued.end(), -1);
    for (uint32_t i : members_) {
      const Event& e = events[i];
      uint32_t t = ix_.thread_of[i];
      if (e.op == Op::Branch) // a read no constraint gives a value cannot decide a branch
        for (uint32_t d : e.deps)
          if (d >= lo_)
            s_.add(z3::implies(in(i), win_.valued.count(d) ? sees(d) : c_.bool_val(false)));
      if (e.op != Op::Read || !win_.valued.count(i)) continue; // the others may read anything
      z3::expr prev_ok =
          last_valued[t] >= 0 ? trusted(static_cast<uint32_t>(last_valued[t])) : c_.bool_val(true);
      s_.add(z3::implies(trusted(i), prev_ok && sees(i)));
      last_valued[t] = i;
      if (!by_value) s_.add(z3::implies(in(i), sees(i)));
      // S: the read sees its value (by value) or its writer (without values).
      const auto& ws = writes[e.target];
      auto none_between = [&](const z3::expr& after_writer, uint32_t skip) {
        z3::expr all = c_.bool_val(true);
        for (uint32_t w2 : ws)
          if (w2 != skip && w2 != i) all = all && (!in(w2) || o(w2) < after_writer || o(i) < o(w2));
        return all;
      };
      z3::expr options = c_.bool_val(false);
      for (uint32_t w : ws) {
        bool fits = by_value ? events[w].value == e.value : static_cast<int64_t>(w) == ix_.rf[i];
        if (!fits) continue;
        z3::expr w_ok = in(w) && o(w) < o(i) && none_between(o(w), w);
        if (by_value) // the write wrote its observed value
          if (int64_t r = valued_before.at(w); r >= 0)
            w_ok = w_ok && trusted(static_cast<uint32_t>(r));
        options = options || w_ok;
      }
      // The value (or writer) before the window, if no window write comes before the read.
      auto it = before.find(e.target);
      bool initial_fits =
          by_value ? (it == before.end() ? e.value == 0 : events[it->second].value == e.value)
                   : (it == before.end() ? ix_.rf[i] < 0 : ix_.rf[i] == it->second);
      if (initial_fits) {
        z3::expr first = c_.bool_val(true);
        for (uint32_t w2 : ws) first = first && (!in(w2) || o(i) < o(w2));
        options = options || first;
      }
      s_.add(z3::implies(sees(i), options));
    }
  }

  const TraceIndex& ix_;
  const PredictOptions& opt_;
  uint32_t e1_, e2_, lo_;
  const Window& win_;
  std::vector<uint32_t> members_;        // the events of the window that may be in the prefix
  std::unordered_set<uint32_t> ordered_; // members with a position variable
  std::unordered_map<uint32_t, int64_t> previous_ordered_; // member -> its thread's previous one
  z3::context c_;
  z3::solver s_;
  std::unordered_map<uint32_t, z3::expr> in_, sees_, trusted_, order_;
};

// The events that may be in the prefix of a pair's query, as a count per dense thread: the
// smallest set that holds the events before the window, the racing events' thread predecessors,
// and is closed under thread order, forks, joins, the release of each critical section it
// opens, and the writes a read may need: without values its writer; with values, for every read
// a branch in the set depends on, every write of its location with its value, and for each such
// write every read before it in its thread (they must read their values for the write to write
// its own). Only events up to e2, and not from e1 or e2 on in their threads, can be in a prefix.
// Any feasible prefix stays feasible when cut down to this set (every read keeps its value's
// write, every section its release, every branch its reads), so the query over this set has the
// same answer as over the whole window, and is smaller: often much smaller.
class RelevantEvents {
public:
  RelevantEvents(const TraceIndex& ix, const PredictOptions& options)
      : ix_(ix), by_value_(ix.trace.has_values),
        without_writes_(options.maximal_relevant_without_writes) {
    const auto& events = ix.trace.events;
    for (uint32_t i = 0; i < events.size(); ++i)
      if (events[i].op == Op::Write) {
        auto key = by_value_ ? std::pair(events[i].target, events[i].value)
                             : std::pair(events[i].target, int64_t{0});
        writes_[key].push_back(i);
      }
  }

  // `before_window`: per thread, its events before lo; `open_at_lo`: acquires before lo whose
  // release is not.
  const std::vector<uint32_t>& compute(uint32_t e1, uint32_t e2, uint32_t lo,
                                       const std::vector<uint32_t>& before_window,
                                       const std::vector<uint32_t>& open_at_lo) {
    const size_t n = ix_.threads();
    e1_ = e1;
    e2_ = e2;
    lo_ = lo;
    need_ = before_window;
    trusted_ = before_window;
    limit_.assign(n, 0);
    for (uint32_t t = 0; t < n; ++t) {
      const auto& list = ix_.by_thread[t];
      limit_[t] =
          static_cast<uint32_t>(std::upper_bound(list.begin(), list.end(), e2) - list.begin());
    }
    limit_[ix_.thread_of[e1]] = ix_.pos[e1];
    limit_[ix_.thread_of[e2]] = ix_.pos[e2];
    valued_.clear();
    for (uint32_t e : {e1, e2}) {
      add_prefix(ix_.thread_of[e], ix_.pos[e]);
      add_fork(ix_.thread_of[e]);
    }
    for (uint32_t acq : open_at_lo) add_through(ix_.release_of[acq]);
    const auto& events = ix_.trace.events;
    while (!work_.empty()) {
      uint32_t i = work_.back();
      work_.pop_back();
      const Event& e = events[i];
      if (ix_.pos[i] == 0) add_fork(ix_.thread_of[i]);
      switch (e.op) {
      case Op::Join:
        if (int64_t u = ix_.dense_of(e.target); u >= 0)
          add_prefix(static_cast<uint32_t>(u),
                     static_cast<uint32_t>(ix_.by_thread[static_cast<size_t>(u)].size()));
        break;
      case Op::Acquire:
        add_through(ix_.release_of[i]);
        break;
      case Op::Read:
        if (!by_value_) needs_value(i);
        break;
      case Op::Branch:
        if (by_value_)
          for (uint32_t d : e.deps) needs_value(d);
        break;
      default:
        break;
      }
    }
    return need_;
  }
  // The reads of the last compute() that must read their value (without values: their writer).
  const std::unordered_set<uint32_t>& valued() const { return valued_; }

private:
  void add_prefix(uint32_t t, uint32_t k) {
    k = std::min(k, limit_[t]);
    while (need_[t] < k) {
      uint32_t i = ix_.by_thread[t][need_[t]++];
      if (i >= lo_) work_.push_back(i);
    }
  }
  void add_through(int64_t e) {
    if (e < 0) return;
    auto i = static_cast<uint32_t>(e);
    add_prefix(ix_.thread_of[i], ix_.pos[i] + 1);
  }
  void add_fork(uint32_t t) {
    if (ix_.fork_of[t] >= lo_) add_through(ix_.fork_of[t]);
  }
  // Read r (in the window) must read its value (by value) or its writer.
  void needs_value(uint32_t r) {
    if (r < lo_ || without_writes_ || !valued_.insert(r).second) return;
    const Event& e = ix_.trace.events[r];
    if (!by_value_) {
      add_through(int64_t{ix_.rf[r]} >= lo_ ? ix_.rf[r] : -1);
      return;
    }
    auto it = writes_.find({e.target, e.value});
    if (it == writes_.end()) return;
    for (auto w = std::lower_bound(it->second.begin(), it->second.end(), lo_);
         w != it->second.end() && *w < e2_; ++w) {
      if (*w == e1_ || ix_.pos[*w] >= limit_[ix_.thread_of[*w]]) continue;
      add_through(*w);
      // The write writes its value only if every read before it in its thread reads its own.
      uint32_t t = ix_.thread_of[*w];
      for (; trusted_[t] < ix_.pos[*w]; ++trusted_[t])
        if (uint32_t i = ix_.by_thread[t][trusted_[t]]; ix_.trace.events[i].op == Op::Read)
          needs_value(i);
    }
  }

  struct PairHash {
    size_t operator()(const std::pair<uint32_t, int64_t>& p) const {
      return std::hash<uint64_t>()(uint64_t{p.first} * 0x9e3779b97f4a7c15ULL ^
                                   static_cast<uint64_t>(p.second));
    }
  };
  const TraceIndex& ix_;
  bool by_value_, without_writes_;
  // (location, value) -> its writes in trace order (without values: per location).
  std::unordered_map<std::pair<uint32_t, int64_t>, std::vector<uint32_t>, PairHash> writes_;
  uint32_t e1_ = 0, e2_ = 0, lo_ = 0;
  std::vector<uint32_t> need_, limit_, trusted_, work_;
  std::unordered_set<uint32_t> valued_; // reads already handled
};

} // namespace

void maximal_races(const TraceIndex& index, const PredictOptions& options, PredictResult& out) {
  const auto& events = index.trace.events;
  const bool by_value = index.trace.has_values;
  uint64_t pairs = 0;
  // Certain rejections before any query: both accesses hold a common lock, or one of them is in
  // the other's forced past: thread order and fork/join, plus reads-from on a trace without
  // values (every read keeps its writer there). The negative control drops read values, so it
  // keeps no writer either.
  HeldLocks held(index);
  ClosureTimes forced(index, /*keep_lock_order=*/false,
                      /*keep_reads_from=*/!by_value && !options.maximal_without_read_values);
  // Certain races before any query: a sync-preserving closure (closure.h) of the two accesses'
  // predecessors and every event before the window, in trace order, is a correct reordering
  // (every read keeps its writer, so its value) that leaves both enabled: a witness of the model.
  SpClosure before_window_closure(index, /*keep_lock_order=*/true);
  RelevantEvents relevant(index, options);
  M2Decider m2(index, options);
  std::vector<uint32_t> before_window(index.threads(), 0), open_at_lo, forced_now(index.threads());
  uint32_t lo = 0;
  // location -> its accesses, its writes, in trace order
  std::vector<std::vector<uint32_t>> accesses(index.trace.locations.size()),
      writes(index.trace.locations.size());
  for (uint32_t i = 0; i < events.size(); ++i)
    if (events[i].op == Op::Write) writes[events[i].target].push_back(i);
  for (uint32_t j = 0; j < events.size(); ++j) {
    if (!is_access(events[j].op)) continue;
    uint32_t new_lo =
        j > options.maximal_window ? static_cast<uint32_t>(j - options.maximal_window) : 0;
    for (; lo < new_lo; ++lo) { // the window slides: event lo joins the fixed prefix
      ++before_window[index.thread_of[lo]];
      before_window_closure.add_through(lo);
      if (events[lo].op == Op::Acquire) open_at_lo.push_back(lo);
      std::erase_if(open_at_lo, [&](uint32_t a) {
        int64_t rel = index.release_of[a];
        return rel >= 0 && rel <= static_cast<int64_t>(lo);
      });
    }
    auto& list = accesses[events[j].target];
    for (auto it = std::lower_bound(list.begin(), list.end(), lo); it != list.end(); ++it) {
      uint32_t i = *it;
      if (!conflicting(events[i], events[j])) continue;
      if (!may_check_pair(options, ++pairs, out)) return;
      uint32_t ti = index.thread_of[i], tj = index.thread_of[j];
      if (held.share(i, j) || forced.count(j, ti) > index.pos[i] ||
          forced.count(i, tj) > index.pos[j])
        continue;
      if (!options.maximal_solver_only) {
        SpClosure closure = before_window_closure;
        closure.add_before(i);
        closure.add_before(j);
        if (!closure.contains(i) && !closure.contains(j)) {
          // A witness by POPL'21's theorem; building it lists every event before the window,
          // so a run that wants none (benchmarks) skips it, as SyncP does.
          if (!options.witnesses) {
            out.races.push_back({i, j, Analysis::Maximal, {}});
            continue;
          }
          std::vector<uint32_t> w = closure.events();
          w.push_back(i);
          w.push_back(j);
          if (!check_witness(index, w, by_value)) {
            out.races.push_back({i, j, Analysis::Maximal, std::move(w)});
            continue;
          }
        }
        // M2 next (POPL'20: it reorders critical sections too): its witnesses are correct
        // reorderings, so witnesses of the model if they start with the fixed prefix. Its
        // certain rejections hold in the model only without values (with values, reads no
        // branch depends on may read other writes than M2 keeps).
        bool certain = false;
        auto w = m2.decide(i, j, certain);
        if (w &&
            std::equal(w->begin(), w->begin() + std::min<size_t>(lo, w->size()),
                       std::views::iota(0u, lo).begin()) &&
            w->size() > lo && !check_witness(index, *w, by_value)) {
          out.races.push_back({i, j, Analysis::Maximal, std::move(*w)});
          continue;
        }
        if (!w && certain && !by_value) continue;
      }
      // One query can take seconds: the deadline is checked before every one.
      if (options.deadline && std::chrono::steady_clock::now() >= *options.deadline) {
        out.truncated = out.timed_out = true;
        return;
      }
      bool unknown = false;
      std::fill(forced_now.begin(), forced_now.end(), 0);
      forced.join_into(i, forced_now);
      forced.join_into(j, forced_now);
      Window window{
          lo,         before_window, relevant.compute(i, j, lo, before_window, open_at_lo),
          open_at_lo, writes,        relevant.valued(),
          forced_now};
      auto w = MaximalPair(index, options, i, j, window).decide(unknown);
      if (unknown) ++out.unknown;
      if (w) out.races.push_back({i, j, Analysis::Maximal, std::move(*w)});
    }
    list.push_back(j);
  }
}

} // namespace racelang::predict
