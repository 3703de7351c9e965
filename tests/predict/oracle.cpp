// The brute-force oracles (oracle.h): one depth-first search over reachable states, each state
// visited once, in one of three modes (correct reorderings, sync-preserving ones, the maximal
// causal model's reorderings).
#include "tests/predict/oracle.h"

#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "predict/trace_index.h"

namespace racelang::testing {

using predict::Event;
using predict::Op;

namespace {

enum class Mode { Predictable, SyncPreserving, Maximal };

OracleResult search(const predict::Trace& trace, Mode mode, size_t max_states) {
  const bool sync_preserving = mode == Mode::SyncPreserving, by_value = mode == Mode::Maximal;
  predict::TraceIndex index(trace);
  const size_t n = index.threads();
  const size_t locks = trace.locks.size(), locations = trace.locations.size();
  struct State {
    std::vector<uint32_t> next;
    std::vector<int32_t> holder;     // lock -> dense thread, -1 free
    std::vector<int64_t> last_write; // location -> event, -1 initial
    std::vector<int64_t> last_acq;   // lock -> latest acquire done (sync-preserving), -1 none
    // Maximal: location -> whether its last write wrote its observed value; event -> a read
    // done that did not read its observed value from such a write; thread -> it did such a read.
    std::vector<uint8_t> write_ok, bad_read, thread_bad;
    std::string key() const {
      std::string k;
      auto put = [&](const auto& v) {
        k.append(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(v[0]));
      };
      put(next);
      put(holder);
      put(last_write);
      put(last_acq);
      put(write_ok);
      put(bad_read);
      return k;
    }
  };
  OracleResult out;
  auto started = [&](const State& s, uint32_t t) {
    int64_t f = index.fork_of[t];
    return f < 0 ||
           s.next[index.thread_of[static_cast<size_t>(f)]] > index.pos[static_cast<size_t>(f)];
  };
  auto next_event = [&](const State& s, uint32_t t) -> int64_t {
    if (s.next[t] >= index.by_thread[t].size() || !started(s, t)) return -1;
    return index.by_thread[t][s.next[t]];
  };
  std::unordered_set<std::string> seen;
  std::vector<State> stack;
  State init{std::vector<uint32_t>(n, 0),
             std::vector<int32_t>(locks, -1),
             std::vector<int64_t>(locations, -1),
             std::vector<int64_t>(locks, -1),
             std::vector<uint8_t>(by_value ? locations : 0, 0),
             std::vector<uint8_t>(by_value ? trace.events.size() : 0, 0),
             std::vector<uint8_t>(by_value ? n : 0, 0)};
  seen.insert(init.key());
  stack.push_back(std::move(init));
  while (!stack.empty()) {
    State s = std::move(stack.back());
    stack.pop_back();
    // Races: two threads' next events.
    for (uint32_t t = 0; t < n; ++t) {
      int64_t a = next_event(s, t);
      if (a < 0) continue;
      for (uint32_t u = t + 1; u < n; ++u) {
        int64_t b = next_event(s, u);
        if (b < 0) continue;
        if (predict::conflicting(trace.events[a], trace.events[b]))
          out.races.insert(
              {static_cast<uint32_t>(std::min(a, b)), static_cast<uint32_t>(std::max(a, b))});
      }
    }
    // Deadlock: a cycle of threads each waiting for a lock another of them holds.
    for (uint32_t t0 = 0; t0 < n && !out.deadlock; ++t0) {
      uint32_t t = t0;
      for (size_t steps = 0; steps <= n; ++steps) {
        int64_t a = next_event(s, t);
        if (a < 0 || trace.events[a].op != Op::Acquire) break;
        int32_t h = s.holder[trace.events[a].target];
        if (h < 0 || static_cast<uint32_t>(h) == t) break;
        t = static_cast<uint32_t>(h);
        if (t == t0) {
          out.deadlock = true;
          break;
        }
      }
    }
    for (uint32_t t = 0; t < n; ++t) {
      int64_t i = next_event(s, t);
      if (i < 0) continue;
      const Event& e = trace.events[i];
      State s2 = s;
      switch (e.op) {
      case Op::Acquire:
        if (s.holder[e.target] >= 0) continue;
        if (sync_preserving && s.last_acq[e.target] > i) continue;
        s2.holder[e.target] = static_cast<int32_t>(t);
        s2.last_acq[e.target] = i;
        break;
      case Op::Release:
        s2.holder[e.target] = -1;
        break;
      case Op::Join: {
        int64_t u = index.dense_of(e.target);
        if (u >= 0 && s.next[u] < index.by_thread[u].size()) continue;
        break;
      }
      case Op::Read:
        if (by_value) {
          // Any write may be read; what matters is whether the value is the observed one.
          int64_t w = s.last_write[e.target];
          bool ok =
              w < 0 ? e.value == 0
                    : s.write_ok[e.target] && trace.events[static_cast<size_t>(w)].value == e.value;
          if (!ok) s2.bad_read[i] = s2.thread_bad[t] = 1;
          break;
        }
        if (s.last_write[e.target] != index.rf[i]) continue;
        break;
      case Op::Write:
        s2.last_write[e.target] = i;
        if (by_value) s2.write_ok[e.target] = !s.thread_bad[t];
        break;
      case Op::Branch: {
        // The control-flow abstraction: a branch decides as observed only if every read it
        // depends on read its observed value.
        bool decided = true;
        for (uint32_t d : e.deps) decided = decided && !(by_value && s.bad_read[d]);
        if (!decided) continue;
        break;
      }
      default:
        break;
      }
      ++s2.next[t];
      if (seen.insert(s2.key()).second) {
        if (seen.size() > max_states) {
          out.complete = false;
          return out;
        }
        stack.push_back(std::move(s2));
      }
    }
  }
  return out;
}

} // namespace

OracleResult predictable_races(const predict::Trace& trace, bool sync_preserving,
                               size_t max_states) {
  return search(trace, sync_preserving ? Mode::SyncPreserving : Mode::Predictable, max_states);
}

OracleResult maximal_model_races(const predict::Trace& trace, size_t max_states) {
  return search(trace, Mode::Maximal, max_states);
}

} // namespace racelang::testing
