// Random well-formed traces (random_trace.h).
#include "tests/predict/random_trace.h"

#include <rapidcheck.h>

#include <string>
#include <vector>

namespace racelang::testing {

predict::Trace gen_random_trace(size_t max_events) {
  using predict::Event;
  using predict::Op;
  const auto threads = *rc::gen::inRange<uint32_t>(2, 5);
  const auto locks = *rc::gen::inRange<uint32_t>(1, 4);
  const auto locations = *rc::gen::inRange<uint32_t>(1, 4);
  const auto steps = *rc::gen::inRange<size_t>(2, max_events + 1);
  predict::Trace trace;
  for (uint32_t x = 0; x < locations; ++x) trace.locations.push_back("x" + std::to_string(x));
  for (uint32_t m = 0; m < locks; ++m) trace.locks.push_back("m" + std::to_string(m));
  // Thread 0 forks the others first (so that most of the trace is concurrent); a thread it
  // joins later is done.
  std::vector<bool> joined(threads, false);
  std::vector<int64_t> holder(locks, -1);
  auto add = [&](Op op, uint32_t t, uint32_t target) {
    Event e;
    e.op = op;
    e.thread = t;
    e.target = target;
    trace.events.push_back(e);
  };
  for (uint32_t u = 1; u < threads; ++u) add(Op::Fork, 0, u);
  while (trace.events.size() < steps) {
    std::vector<uint32_t> active;
    for (uint32_t t = 0; t < threads; ++t)
      if (!joined[t]) active.push_back(t);
    uint32_t t = *rc::gen::elementOf(active);
    std::vector<uint32_t> free_locks, own_locks;
    for (uint32_t m = 0; m < locks; ++m) {
      if (holder[m] < 0) free_locks.push_back(m);
      if (holder[m] == int64_t{t}) own_locks.push_back(m);
    }
    switch (*rc::gen::inRange(0, 7)) {
    case 0:
    case 1:
      add(Op::Read, t, *rc::gen::inRange<uint32_t>(0, locations));
      break;
    case 2:
    case 3:
      add(Op::Write, t, *rc::gen::inRange<uint32_t>(0, locations));
      break;
    case 4:
      if (!free_locks.empty()) {
        uint32_t m = *rc::gen::elementOf(free_locks);
        holder[m] = t;
        add(Op::Acquire, t, m);
      }
      break;
    case 5:
      if (!own_locks.empty()) {
        uint32_t m = *rc::gen::elementOf(own_locks);
        holder[m] = -1;
        add(Op::Release, t, m);
      }
      break;
    default:
      // Thread 0 joins a thread that holds no lock.
      for (uint32_t u = 1; u < threads && t == 0; ++u) {
        bool holds = false;
        for (int64_t h : holder) holds = holds || h == int64_t{u};
        if (!joined[u] && !holds) {
          joined[u] = true;
          add(Op::Join, 0, u);
          break;
        }
      }
      break;
    }
  }
  return trace;
}

} // namespace racelang::testing
