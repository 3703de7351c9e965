// The intention interpreter: a tiny simulator of threads, locks and barriers that emits only
// events that keep the trace well formed.
#include "tests/detect/trace_gen.h"

#include <algorithm>

namespace racelang::detect::testgen {

namespace {

struct ThreadState {
  bool started = false;  // thread 0, or forked
  bool finished = false; // exited, or (Single) joined
  bool exited = false;
  bool joined = false;
  std::vector<uint32_t> held; // locks, in acquisition order
  bool waiting = false;       // arrived at a barrier, not yet departed
};

class Simulator {
public:
  explicit Simulator(const TraceGenConfig& config)
      : config_(config), threads_(config.max_threads), holder_(config.locks, kFree),
        waiting_at_(config.barriers) {
    threads_[0].started = true;
  }

  void run(const Intention& in) {
    // The threads that can act: started, not finished, not waiting at a barrier.
    std::vector<ThreadId> live;
    for (ThreadId t = 0; t < threads_.size(); ++t)
      if (threads_[t].started && !threads_[t].finished && !threads_[t].waiting) live.push_back(t);
    if (live.empty()) return;
    const ThreadId t = live[in.actor % live.size()];
    ThreadState& me = threads_[t];

    switch (in.what) {
    case Intent::Read:
    case Intent::Write:
      emit({in.what == Intent::Read ? EventKind::Read : EventKind::Write, t,
            in.a % config_.locations});
      break;
    case Intent::Acquire: {
      const uint32_t m = in.a % config_.locks;
      if (holder_[m] != kFree) return;
      holder_[m] = t;
      me.held.push_back(m);
      emit(Event::acquire(t, m));
      break;
    }
    case Intent::Release: {
      if (me.held.empty()) return;
      const std::size_t k = in.a % me.held.size();
      const uint32_t m = me.held[k];
      me.held.erase(me.held.begin() + static_cast<std::ptrdiff_t>(k));
      holder_[m] = kFree;
      emit(Event::release(t, m));
      break;
    }
    case Intent::LockedAccess: {
      const uint32_t m = in.a % config_.locks;
      if (holder_[m] != kFree || room() < 3) return;
      emit(Event::acquire(t, m));
      emit({in.write ? EventKind::Write : EventKind::Read, t, in.b % config_.locations});
      emit(Event::release(t, m));
      break;
    }
    case Intent::Fork: {
      auto next = std::find_if(threads_.begin(), threads_.end(),
                               [](const ThreadState& s) { return !s.started; });
      if (next == threads_.end()) return;
      next->started = true;
      emit(Event::fork(t, static_cast<ThreadId>(next - threads_.begin())));
      break;
    }
    case Intent::Join: {
      std::vector<ThreadId> targets;
      for (ThreadId u = 0; u < threads_.size(); ++u) {
        const ThreadState& s = threads_[u];
        if (u == t || !s.started || s.waiting) continue;
        if (config_.joins == JoinDiscipline::Multiple) {
          if (s.exited) targets.push_back(u);
        } else if (!s.joined && s.held.empty()) {
          // A live target ends here: joining waits for it, so it does nothing more.
          targets.push_back(u);
        }
      }
      if (targets.empty()) return;
      const ThreadId u = targets[in.a % targets.size()];
      threads_[u].joined = true;
      if (config_.joins == JoinDiscipline::Single) threads_[u].finished = true;
      emit(Event::join(t, u));
      break;
    }
    case Intent::Exit:
      // Thread 0 exits only while another thread lives, so one early intention cannot end the
      // whole trace.
      // Nor does the last thread that can act while others wait at a barrier (they would wait
      // forever).
      if (!exits_enabled() || !me.held.empty() ||
          (live.size() == 1 && (t == 0 || anyone_waiting())))
        return;
      me.exited = me.finished = true;
      emit(Event::exit(t));
      break;
    case Intent::VolatileRead:
    case Intent::VolatileWrite:
      if (config_.volatiles == 0) return;
      emit({in.what == Intent::VolatileRead ? EventKind::VolatileRead : EventKind::VolatileWrite, t,
            in.a % config_.volatiles});
      break;
    case Intent::Arrive: {
      if (config_.barriers == 0) return;
      // Mostly join a barrier others already wait at, so phases of several threads are common.
      uint32_t b = (in.a / 4) % config_.barriers;
      if (in.a % 4 != 0) {
        auto busy = std::find_if(waiting_at_.begin(), waiting_at_.end(),
                                 [](const std::vector<ThreadId>& w) { return !w.empty(); });
        if (busy != waiting_at_.end()) b = static_cast<uint32_t>(busy - waiting_at_.begin());
      }
      emit(Event::barrier_arrive(t, b));
      std::vector<ThreadId>& waiting = waiting_at_[b];
      waiting.push_back(t);
      me.waiting = true;
      // About one arrival in four fills the barrier, so phases of several threads are common.
      const bool fills = in.write && in.b < 6;
      if (!fills && live.size() > 1) return; // wait for more arrivals
      // The barrier fills: every waiting thread departs, starting with the b-th (the order of
      // departures is the scheduler's business).
      const std::size_t first = in.b % waiting.size();
      for (std::size_t k = 0; k < waiting.size(); ++k) {
        const ThreadId u = waiting[(first + k) % waiting.size()];
        threads_[u].waiting = false;
        emit(Event::barrier_depart(u, b));
      }
      waiting.clear();
      break;
    }
    }
  }

  Trace take() { return std::move(trace_); }
  std::size_t room() const { return config_.max_events - trace_.size(); }

private:
  static constexpr ThreadId kFree = ~ThreadId{0};

  bool exits_enabled() const { return config_.exits || config_.joins == JoinDiscipline::Multiple; }
  bool anyone_waiting() const {
    return std::any_of(waiting_at_.begin(), waiting_at_.end(),
                       [](const std::vector<ThreadId>& w) { return !w.empty(); });
  }
  void emit(const Event& e) {
    if (room() > 0) trace_.push_back(e);
  }

  TraceGenConfig config_;
  std::vector<ThreadState> threads_;
  std::vector<ThreadId> holder_;
  std::vector<std::vector<ThreadId>>
      waiting_at_; // barrier -> its waiting threads, in arrival order
  Trace trace_;
};

} // namespace

Trace interpret(const std::vector<Intention>& intentions, const TraceGenConfig& config) {
  Simulator sim(config);
  for (const Intention& in : intentions) {
    if (sim.room() == 0) break;
    sim.run(in);
  }
  return sim.take();
}

rc::Gen<Intention> gen_intention(const TraceGenConfig& config) {
  const bool multi = config.joins == JoinDiscipline::Multiple;
  const bool exits = config.exits || multi;
  // Accesses dominate, as in real traces; enough synchronization that both racy and race-free
  // traces (and late first races) are common. The kind is drawn as a number mapped through the
  // weights rather than with gen::weightedElement (which never shrinks), so shrinking moves
  // intentions towards the earlier kinds (plain reads and writes).
  struct Weighted {
    int weight;
    Intent what;
  };
  const std::vector<Weighted> weights = {{4, Intent::Read},
                                         {3, Intent::Write},
                                         {3, Intent::LockedAccess},
                                         {1, Intent::Acquire},
                                         {1, Intent::Release},
                                         {4, Intent::Fork},
                                         {multi ? 3 : 2, Intent::Join},
                                         {exits ? 2 : 0, Intent::Exit},
                                         {config.volatiles > 0 ? 1 : 0, Intent::VolatileRead},
                                         {config.volatiles > 0 ? 1 : 0, Intent::VolatileWrite},
                                         {config.barriers > 0 ? 2 : 0, Intent::Arrive}};
  int total = 0;
  for (const Weighted& w : weights) total += w.weight;
  auto what = rc::gen::map(rc::gen::inRange(0, total), [weights](int k) {
    for (const Weighted& w : weights) {
      if (k < w.weight) return w.what;
      k -= w.weight;
    }
    return Intent::Read;
  });
  auto small = rc::gen::inRange<uint8_t>(0, 12);
  return rc::gen::apply(
      [](Intent w, uint8_t actor, uint8_t a, uint8_t b, bool write) {
        return Intention{w, actor, a, b, write};
      },
      what, small, small, small, rc::gen::arbitrary<bool>());
}

rc::Gen<Trace> gen_trace(const TraceGenConfig& config) {
  // The size scales the number of intentions only: gen::inRange scales with the size too, and
  // small sizes would otherwise only ever produce the first few kinds, threads and locations.
  auto intention = rc::gen::resize(rc::kNominalSize, gen_intention(config));
  return rc::gen::map(
      rc::gen::scale(0.7, rc::gen::container<std::vector<Intention>>(intention)),
      [config](const std::vector<Intention>& intentions) { return interpret(intentions, config); });
}

TraceGenConfig multi_join_config() {
  TraceGenConfig config;
  config.joins = JoinDiscipline::Multiple;
  config.exits = true;
  return config;
}

} // namespace racelang::detect::testgen

namespace racelang::detect {

void showValue(const Event& e, std::ostream& os) {
  os << to_string(e);
}
void PrintTo(const Event& e, std::ostream* os) {
  *os << to_string(e);
}
void PrintTo(const Race& race, std::ostream* os) {
  *os << to_string(race);
}

} // namespace racelang::detect
