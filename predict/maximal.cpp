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
#include <unordered_map>

#include "predict/analyses.h"

namespace racelang::predict {
namespace {

class MaximalPair {
public:
  MaximalPair(const TraceIndex& ix, const PredictOptions& opt, uint32_t e1, uint32_t e2,
              uint32_t lo)
      : ix_(ix), opt_(opt), e1_(e1), e2_(e2), lo_(lo), s_(c_) {}

  // The witness if the pair races, nothing if not; `unknown` on a timeout.
  std::optional<std::vector<uint32_t>> decide(bool& unknown) {
    const auto& events = ix_.trace.events;
    const bool by_value = ix_.trace.has_values;
    const uint32_t hi = e2_; // events after e2 cannot matter
    auto in = [&](uint32_t i) -> z3::expr {
      if (i < lo_) return c_.bool_val(true);
      if (i > hi || i == e1_ || i == e2_) return c_.bool_val(false);
      return var(in_, i, "in");
    };
    auto o = [&](uint32_t i) -> z3::expr {
      if (i < lo_) return c_.int_val(static_cast<int>(i) - static_cast<int>(lo_) - 1);
      return ivar(i);
    };
    // Thread prefixes; the racing events' predecessors are in, the events themselves are not.
    for (uint32_t i = lo_; i <= hi; ++i) {
      uint32_t t = ix_.thread_of[i], p = ix_.pos[i];
      if (p > 0) {
        uint32_t prev = ix_.by_thread[t][p - 1];
        if (prev >= lo_) s_.add(z3::implies(in(i), in(prev) && o(prev) < o(i)));
      }
      s_.add(o(i) >= 0);
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
      z3::expr started = in(fork) && (fork < lo_ ? c_.bool_val(true) : o(fork) < o(first));
      s_.add(z3::implies(first == e1_ || first == e2_ ? c_.bool_val(true) : in(first), started));
    }
    for (uint32_t i = lo_; i <= hi; ++i) {
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
    for (uint32_t i = lo_; i <= hi; ++i) {
      if (i == e1_ || i == e2_) continue;
      if (!m.eval(in(i), true).is_true()) continue;
      chosen.push_back({m.eval(o(i), true).get_numeral_int64(), i});
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
    std::unordered_map<uint32_t, std::vector<Section>> by_lock;
    for (uint32_t i = 0; i <= e2_; ++i) {
      if (events[i].op != Op::Acquire) continue;
      int64_t rel = ix_.release_of[i];
      if (rel >= 0 && rel < lo_) continue; // closed before the window: fixed, done
      if (rel > e2_) rel = -1;
      by_lock[events[i].target].push_back({i, rel, ix_.thread_of[i]});
    }
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
    for (uint32_t i = 0; i <= e2_; ++i) {
      if (events[i].op != Op::Write) continue;
      if (i < lo_)
        before[events[i].target] = i;
      else if (i != e1_ && i != e2_)
        writes[events[i].target].push_back(i);
    }
    auto sees = [&](uint32_t i) { return var(sees_, i, "s"); };
    auto trusted = [&](uint32_t i) { return var(trusted_, i, "tr"); };
    for (uint32_t i = lo_; i <= e2_; ++i) {
      if (i == e1_ || i == e2_) continue;
      const Event& e = events[i];
      // Tr: every read of the thread up to here reads its value.
      uint32_t t = ix_.thread_of[i], p = ix_.pos[i];
      z3::expr prev_ok = p > 0 && ix_.by_thread[t][p - 1] >= lo_ ? trusted(ix_.by_thread[t][p - 1])
                                                                 : c_.bool_val(true);
      s_.add(z3::implies(trusted(i), prev_ok && (e.op == Op::Read ? sees(i) : c_.bool_val(true))));
      if (e.op == Op::Branch || !by_value) {
        if (e.op == Op::Branch)
          for (uint32_t d : e.deps)
            if (d >= lo_) s_.add(z3::implies(in(i), sees(d)));
        if (!by_value && e.op == Op::Read) s_.add(z3::implies(in(i), sees(i)));
      }
      if (e.op != Op::Read) continue;
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
        if (by_value) { // the write wrote its observed value
          uint32_t wt = ix_.thread_of[w], wp = ix_.pos[w];
          if (wp > 0 && ix_.by_thread[wt][wp - 1] >= lo_)
            w_ok = w_ok && trusted(ix_.by_thread[wt][wp - 1]);
        }
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
  z3::context c_;
  z3::solver s_;
  std::unordered_map<uint32_t, z3::expr> in_, sees_, trusted_, order_;
};

} // namespace

void maximal_races(const TraceIndex& index, const PredictOptions& options, PredictResult& out) {
  const auto& events = index.trace.events;
  uint64_t pairs = 0;
  for (uint32_t j = 0; j < events.size(); ++j) {
    if (!is_access(events[j].op)) continue;
    uint32_t lo =
        j > options.maximal_window ? static_cast<uint32_t>(j - options.maximal_window) : 0;
    for (uint32_t i = lo; i < j; ++i) {
      if (!conflicting(events[i], events[j])) continue;
      if (!may_check_pair(options, ++pairs, out)) return;
      // One query can take seconds: the deadline is checked before every one.
      if (options.deadline && std::chrono::steady_clock::now() >= *options.deadline) {
        out.truncated = out.timed_out = true;
        return;
      }
      bool unknown = false;
      auto w = MaximalPair(index, options, i, j, lo).decide(unknown);
      if (unknown) ++out.unknown;
      if (w) out.races.push_back({i, j, Analysis::Maximal, std::move(*w)});
    }
  }
}

} // namespace racelang::predict
