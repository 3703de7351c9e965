// The synchronisation of docs/language.md (volatiles, cas/fetch_add, conditions, barriers,
// assume) checked against its semantics on generated programs. The generator's sync steps are
// exercised often (a coverage test). The race detectors are checked against a brute-force
// happens-before oracle written here over the machine's *labels* (not detect::Event, so the
// choice that a notify adds no edge is the test's own, stated once below): on random
// executions of generated programs, each detector (vc, fasttrack, djit, vc-multijoin) fed
// through RaceObserver reports its first race at exactly the oracle's first racy access.
// Barrier programs whose correctness rests on the barrier are race- and assertion-free under
// exploration. Each property has teeth: a volatile write that adds no edge, a notify mapped to
// a release that the woken thread acquires, and a barrier that releases one arrival early are
// each caught.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <iostream>
#include <map>
#include <random>
#include <set>

#include "detect/hb_oracle.h"
#include "detect/vector_clock.h"
#include "interp/race_observer.h"
#include "tests/interp/concurrent_gen.h"
#include "tests/interp/interp_harness.h"
#include "tests/support/program_gen.h"
#include "verify/property_runner.h"

namespace racelang {
namespace {

using testing::compile;

constexpr testing::ConcurrentGenConfig kSync{.counted_loops = true, .sync = true};

void print_counterexample(const rc::detail::FailureResult& failure) {
  std::cout << "counterexample (" << failure.description << "):\n";
  for (const auto& [type, value] : failure.counterExample) std::cout << value << "\n";
}

// ---- Random executions ---------------------------------------------------------------------

// One maximal execution under a random scheduler: every event the machine emitted, in order
// (Exit labels included), and the threads (indices) each scheduling step unparked.
struct Walk {
  std::vector<LabelledStep> events;
  std::vector<uint32_t> woken; // every unparking, in order
  int notify_wakes = 0;        // notifies that woke a waiter
  StepStatus last = StepStatus::Done;
};

Walk random_walk(const Code& code, uint64_t seed) {
  Walk w;
  std::mt19937_64 rng(seed);
  Machine m(code);
  w.last = m.start(10'000).status;
  w.events = m.events();
  for (int n = 0; n < 400 && w.last == StepStatus::Done; ++n) {
    std::vector<uint32_t> runnable = m.runnable();
    if (runnable.empty()) break;
    uint32_t k = runnable[rng() % runnable.size()];
    std::vector<bool> parked(m.thread_count());
    for (uint32_t j = 0; j < m.thread_count(); ++j) parked[j] = m.parked(j).kind != ParkKind::None;
    w.last = m.advance(k, 10'000).status;
    size_t woken = w.woken.size();
    for (uint32_t j = 0; j < m.thread_count(); ++j)
      if (parked[j] && m.parked(j).kind == ParkKind::None) w.woken.push_back(j);
    if (w.woken.size() > woken && !m.events().empty() &&
        m.events().front().label.kind == LabelKind::Notify)
      ++w.notify_wakes;
    w.events.insert(w.events.end(), m.events().begin(), m.events().end());
  }
  return w;
}

// ---- The generator exercises the new operations --------------------------------------------

TEST(SyncGen, ExercisesEveryOperation) {
  auto programs = testgen::sample(testing::gen_concurrent_source(kSync), 300, 7);
  std::map<std::string, int> text;
  std::map<LabelKind, int> labels;
  int woken_by_notify = 0, discarded = 0;
  for (const std::string& p : programs) {
    for (const char* op : {"load v", "store v + ", "store 1 v", "cas(", "fetch_add(", "wait(cv",
                           "notify(cv", "notify_all(cv", "await bar", "assume("})
      if (p.find(op) != std::string::npos) ++text[op];
    auto c = compile(p);
    ASSERT_NE(c, nullptr) << p;
    std::set<LabelKind> seen;
    bool woke = false;
    for (uint64_t seed = 0; seed < 4; ++seed) {
      Walk w = random_walk(c->code, seed);
      for (const LabelledStep& e : w.events) seen.insert(e.label.kind);
      woke = woke || w.notify_wakes > 0;
    }
    for (LabelKind k : seen) ++labels[k];
    woken_by_notify += woke;
  }
  ExploreOptions o;
  o.strategy = ExploreStrategy::Dpor;
  o.detector = std::nullopt;
  o.max_states = 20'000;
  int deadlocks = 0, condition_deadlocks = 0, barrier_deadlocks = 0;
  for (size_t i = 0; i < 100; ++i) {
    auto c = compile(programs[i]);
    ExploreResult r = explore_program(c->code, o);
    discarded += r.counts.discarded > 0;
    deadlocks += !r.deadlocks.empty();
    for (const ExploreDeadlock& d : r.deadlocks)
      for (const BlockedThread& b : d.blocked) {
        condition_deadlocks += b.blocker.kind == Blocker::Condition;
        barrier_deadlocks += b.blocker.kind == Blocker::Barrier;
      }
  }
  for (const auto& [op, n] : text) std::cout << op << ": " << n << " of 300\n";
  for (const auto& [k, n] : labels) std::cout << label_name(k) << ": " << n << " of 300\n";
  std::cout << "a notify woke a waiter: " << woken_by_notify
            << " of 300; of 100 explored: " << discarded << " discard, " << deadlocks
            << " deadlock (" << condition_deadlocks << " threads on a condition, "
            << barrier_deadlocks << " at a barrier)\n";
  for (const auto& [op, n] : text) EXPECT_GE(n, 30) << op;
  for (LabelKind k : {LabelKind::VolatileRead, LabelKind::VolatileWrite, LabelKind::CondWait,
                      LabelKind::Notify, LabelKind::BarrierArrive, LabelKind::BarrierDepart})
    EXPECT_GE(labels[k], 20) << label_name(k);
  EXPECT_GE(woken_by_notify, 30);
  EXPECT_GE(discarded, 5);
  EXPECT_GE(condition_deadlocks, 10);
  EXPECT_GE(barrier_deadlocks, 5);
}

// ---- A happens-before oracle over labels ---------------------------------------------------

// The first racy access of a label sequence (an index into it), or nullopt: the smallest j
// such that labels[j] is a plain access conflicting (same cell, another thread, one of them a
// write) with an earlier access that does not happen before it. Happens-before is computed
// from its definition as the transitive closure of
//   - program order (labels of one thread; a dep(u, b) or exit(u) a release emits for thread u
//     is u's);
//   - rel(t, m) -> every later acq(u, m);
//   - fork(t, u) -> every label of u and every join(v, u); every label of u -> join(v, u);
//   - vwr(t, v) -> every later vrd(u, v) (not vwr -> vwr, not vrd -> anything);
//   - every arr(t, b) of a phase -> every dep(u, b) of that phase (a phase: the arrivals at b
//     since its last departure, and the departures that follow them);
//   - cwait and notify: nothing. A wait's edges are its rel and its later acq of the lock; a
//     notify orders nothing (FastTrack's rule), so a waiter that reads what its notifier wrote
//     without a lock between them races.
std::optional<size_t> first_race_of_labels(const std::vector<LabelledStep>& events) {
  size_t n = events.size();
  std::vector<std::vector<bool>> before(n, std::vector<bool>(n, false)); // before[j][i]: i <hb j
  std::map<uint32_t, std::vector<size_t>> phase;                         // barrier: arrivals
  std::map<uint32_t, bool> departed; // barrier: its last event was a departure
  auto is_access = [](LabelKind k) { return k == LabelKind::Read || k == LabelKind::Write; };
  for (size_t j = 0; j < n; ++j) {
    const Label& b = events[j].label;
    auto edge = [&](size_t i) {
      before[j][i] = true;
      for (size_t h = 0; h < i; ++h)
        if (before[i][h]) before[j][h] = true;
    };
    for (size_t i = 0; i < j; ++i) {
      const Label& a = events[i].label;
      bool e = a.thread == b.thread;
      e = e ||
          (a.kind == LabelKind::Release && b.kind == LabelKind::Acquire && a.target == b.target);
      e = e || (a.kind == LabelKind::Fork && static_cast<int64_t>(a.target) == b.thread);
      e = e || (a.kind == LabelKind::Fork && b.kind == LabelKind::Join && a.target == b.target);
      e = e || (b.kind == LabelKind::Join && a.thread == static_cast<int64_t>(b.target));
      e = e || (a.kind == LabelKind::VolatileWrite && b.kind == LabelKind::VolatileRead &&
                a.target == b.target);
      if (e) edge(i);
    }
    if (b.kind == LabelKind::BarrierArrive) {
      if (departed[b.target]) phase[b.target].clear();
      departed[b.target] = false;
      phase[b.target].push_back(j);
    } else if (b.kind == LabelKind::BarrierDepart) {
      departed[b.target] = true;
      for (size_t i : phase[b.target]) edge(i);
    }
    if (!is_access(b.kind)) continue;
    for (size_t i = 0; i < j; ++i) {
      const Label& a = events[i].label;
      if (is_access(a.kind) && a.target == b.target && a.thread != b.thread &&
          (a.kind == LabelKind::Write || b.kind == LabelKind::Write) && !before[j][i])
        return j;
    }
  }
  return std::nullopt;
}

// The index of the first label at which a detector reports a race, or nullopt.
using Feed =
    std::function<std::optional<size_t>(const std::vector<LabelledStep>&, detect::DetectorKind)>;

// What `run` does: each label through RaceObserver, exits through RaceObserver::exit.
std::optional<size_t> observe_labels(RaceObserver& observer,
                                     const std::vector<LabelledStep>& events) {
  for (size_t i = 0; i < events.size(); ++i) {
    if (events[i].label.kind == LabelKind::Exit) {
      observer.exit(events[i].label.thread);
      continue;
    }
    if (observer.observe(events[i])) return i;
  }
  return std::nullopt;
}

std::optional<size_t> correct_feed(const std::vector<LabelledStep>& events,
                                   detect::DetectorKind kind) {
  RaceObserver observer(kind);
  return observe_labels(observer, events);
}

// The labels one per line, cells by name (label_strings names only plain cells and locks).
std::string labels_text(const testing::Compiled& c, const std::vector<LabelledStep>& events) {
  std::string out;
  for (size_t i = 0; i < events.size(); ++i) {
    const Label& l = events[i].label;
    bool thread =
        l.kind == LabelKind::Fork || l.kind == LabelKind::Join || l.kind == LabelKind::Exit;
    out += std::to_string(i) + ": " +
           format_label(l, thread ? std::to_string(l.target) : c.info.cell_name(l.target)) + "\n";
  }
  return out;
}

// On random executions of a generated sync program, each detector's first race is the
// oracle's first racy access (or neither finds one).
void check_detectors_against_label_oracle(const Feed& feed) {
  std::string text = *testing::gen_concurrent_source(kSync);
  RC_LOG() << text;
  auto c = compile(text);
  RC_ASSERT(c != nullptr);
  uint64_t base = *rc::gen::inRange<uint64_t>(0, 1'000'000);
  bool any_race = false;
  for (uint64_t seed = base; seed < base + 32; ++seed) {
    Walk w = random_walk(c->code, seed);
    std::optional<size_t> expected = first_race_of_labels(w.events);
    any_race = any_race || expected.has_value();
    // The label oracle and detect/hb_oracle.h (over RaceObserver's events, where cwait and
    // notify have none) are written apart; they find the same first race.
    detect::Trace trace;
    std::vector<size_t> at; // trace index -> label index
    for (size_t i = 0; i < w.events.size(); ++i)
      if (auto e = to_event(w.events[i].label)) {
        trace.push_back(*e);
        at.push_back(i);
      }
    std::optional<detect::OracleRace> other = detect::first_race(trace);
    RC_ASSERT(other.has_value() == expected.has_value());
    if (other) RC_ASSERT(at[other->index] == *expected);
    for (detect::DetectorKind kind :
         {detect::DetectorKind::VectorClock, detect::DetectorKind::FastTrack,
          detect::DetectorKind::Djit, detect::DetectorKind::MultiJoinVectorClock}) {
      std::optional<size_t> got = feed(w.events, kind);
      if (got != expected) {
        RC_LOG() << "seed " << seed << ", detector " << detect::detector_kind_option(kind)
                 << ": oracle " << (expected ? std::to_string(*expected) : "none") << ", detector "
                 << (got ? std::to_string(*got) : "none") << "\n"
                 << labels_text(*c, w.events);
        RC_FAIL("the detector's first race is not the oracle's");
      }
    }
  }
  RC_TAG(any_race ? "racy" : "race-free");
}

RC_GTEST_PROP(SyncOracle, DetectorsReportTheLabelOraclesFirstRace, ()) {
  check_detectors_against_label_oracle(correct_feed);
}

// A volatile write that does not join into the variable's clock: a handoff through a volatile
// becomes a race for the detector and stays none for the oracle.
TEST(SyncOracleTeeth, AVolatileWriteWithoutAnEdgeIsCaught) {
  auto failure = verify::find_failure(
      [] {
        check_detectors_against_label_oracle(
            [](const std::vector<LabelledStep>& events, detect::DetectorKind) {
              detect::VectorClockOptions broken;
              broken.volatile_write_adds_edge = false;
              RaceObserver observer(std::make_unique<detect::VectorClockDetector>(broken));
              return observe_labels(observer, events);
            });
      },
      500);
  ASSERT_TRUE(failure.has_value());
  print_counterexample(*failure);
}

// A notify taken for a release: notify(t, c) releases a pseudo lock of c, and a thread that
// waited on c acquires that pseudo lock as it re-acquires its lock (its next acq after its
// cwait). Then a notifier's writes before the notify look ordered before the woken thread's
// reads; the oracle says they race.
std::optional<size_t> notify_as_release_feed(const std::vector<LabelledStep>& events,
                                             detect::DetectorKind kind) {
  auto detector = detect::make_detector(kind);
  constexpr uint32_t kPseudo = 1000;   // above every cell of a generated program
  std::map<int64_t, uint32_t> waiting; // thread -> the condition it waited on
  for (size_t i = 0; i < events.size(); ++i) {
    const Label& l = events[i].label;
    auto t = static_cast<detect::ThreadId>(l.thread);
    std::vector<detect::Event> mapped;
    if (l.kind == LabelKind::Notify) {
      mapped.push_back(detect::Event::release(t, kPseudo + l.target));
    } else if (l.kind == LabelKind::CondWait) {
      waiting[l.thread] = l.target;
    } else if (l.kind == LabelKind::Acquire && waiting.count(l.thread)) {
      mapped.push_back(detect::Event::acquire(t, kPseudo + waiting[l.thread]));
      mapped.push_back(*to_event(l));
      waiting.erase(l.thread);
    } else if (auto e = to_event(l)) {
      mapped.push_back(*e);
    }
    for (const detect::Event& e : mapped) {
      if (e.kind == detect::EventKind::Exit) {
        detector->force(e);
      } else if (detector->step(e)) {
        return i;
      }
    }
  }
  return std::nullopt;
}

TEST(SyncOracleTeeth, ANotifyTakenForAReleaseIsCaught) {
  auto failure = verify::find_failure(
      [] { check_detectors_against_label_oracle(notify_as_release_feed); }, 500);
  ASSERT_TRUE(failure.has_value());
  print_counterexample(*failure);
}

// ---- Barrier phases ------------------------------------------------------------------------

// Programs that are correct only through a barrier, shaped like
// tests/golden/sync/explore_barrier_orders_phases.rl: `threads` threads (main and 1 or 2
// spawned ones) and `barrier b(threads)`; in each round every thread writes its own cells,
// awaits, reads (and asserts) cells the others wrote this round, and awaits again before the
// next round writes. The amount of work on each side of each await varies.
std::string barrier_phases_source() {
  namespace gen = rc::gen;
  int threads = *gen::inRange(2, 4);
  int rounds = threads == 2 ? *gen::inRange(1, 3) : 1;
  bool last_await = *gen::arbitrary<bool>(); // every thread awaits as often
  std::string out = "shared a[3];\nshared c[3];\nbarrier b(" + std::to_string(threads) + ");\n";
  auto body = [&](int t) {
    std::string s;
    for (int r = 1; r <= rounds; ++r) {
      std::string value = std::to_string(10 * r + t);
      s += "  store " + value + " a[" + std::to_string(t) + "];\n";
      if (*gen::arbitrary<bool>()) s += "  store " + value + " c[" + std::to_string(t) + "];\n";
      if (*gen::arbitrary<bool>()) s += "  w := load a[" + std::to_string(t) + "];\n";
      s += "  await b;\n";
      for (int u = 0; u < threads; ++u) {
        if (u == t || !*gen::arbitrary<bool>()) continue;
        s += "  v := load a[" + std::to_string(u) + "];\n";
        s += "  assert(v == " + std::to_string(10 * r + u) + ");\n";
      }
      if (r < rounds || last_await) s += "  await b;\n";
    }
    return s;
  };
  for (int t = 1; t < threads; ++t) out += "spawn " + std::to_string(t) + " {\n" + body(t) + "}\n";
  out += body(0);
  for (int t = 1; t < threads; ++t)
    if (*gen::arbitrary<bool>()) out += "wait " + std::to_string(t) + ";\n";
  return out;
}

void check_barrier_phases(bool releases_early) {
  std::string text = *rc::gen::exec(barrier_phases_source);
  RC_LOG() << text;
  auto c = compile(text);
  RC_ASSERT(c != nullptr);
  ExploreOptions o;
  o.strategy = ExploreStrategy::Dpor;
  o.machine.barrier_releases_early = releases_early;
  ExploreResult r = explore_program(c->code, o);
  RC_ASSERT(r.limit.empty());
  RC_LOG() << r.races.size() << " races, " << r.assertion_failures.size() << " assertion failures, "
           << r.deadlocks.size() << " deadlocks\n";
  RC_ASSERT(r.races.empty());
  RC_ASSERT(r.assertion_failures.empty());
  RC_ASSERT(r.runtime_errors.empty());
  RC_ASSERT(r.deadlocks.empty());
  RC_ASSERT(r.counts.finished == r.counts.total);
}

RC_GTEST_PROP(SyncBarrier, PhasesOrderTheirWork, ()) {
  check_barrier_phases(false);
}

TEST(SyncBarrierTeeth, ABarrierReleasingEarlyIsCaught) {
  auto failure = verify::find_failure([] { check_barrier_phases(true); }, 200);
  ASSERT_TRUE(failure.has_value());
  print_counterexample(*failure);
}

} // namespace
} // namespace racelang
