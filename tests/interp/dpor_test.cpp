// Tests of optimal DPOR, `racelang explore`'s default strategy (interp/explore_dpor.h): it
// reports exactly the outcomes of the state-caching search on generated programs (locks,
// spawn/wait, counted loops, arrays, asserts); its trace count is a brute-force Mazurkiewicz
// count (every interleaving enumerated here, independently of the strategy, and canonicalised
// by the dependence relation of docs/explore.md); the published counts of the benchmark
// families; every race the naive search reports is reported by every strategy; and each
// deliberately broken variant (DporFault) is caught. Also Machine::next_label, the thread
// bound and counts that overflow.
#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <functional>
#include <iostream>
#include <set>

#include "interp/explore_output.h"
#include "tests/interp/concurrent_gen.h"
#include "tests/interp/interp_harness.h"
#include "verify/property_runner.h"

namespace racelang {
namespace {

using testing::compile;

// ---- The benchmark families, as racelang programs for each N -------------------------------

std::string waits(int from, int to) {
  std::string out;
  for (int t = from; t <= to; ++t) out += "wait " + std::to_string(t) + ";\n";
  return out;
}

// One writer, N readers of x: 2^N traces (each read before or after the write).
std::string readers(int n) {
  std::string out = "shared x;\nspawn 1 { store 1 x; }\n";
  for (int t = 2; t <= n + 1; ++t) out += "spawn " + std::to_string(t) + " { r := load x; }\n";
  return out + waits(1, n + 1);
}

// Thread 1 looks for the last zero of a[0..N]; thread j (1..N) sets a[j] := a[j-1] + 1:
// (N + 3) * 2^(N - 2) traces.
std::string lastzero(int n) {
  std::string out = "shared a[" + std::to_string(n + 1) + "];\n";
  out += "spawn 1 { i := " + std::to_string(n) +
         "; v := load a[i]; while (v != 0) { i := i - 1; v := load a[i]; } }\n";
  for (int j = 1; j <= n; ++j)
    out += "spawn " + std::to_string(j + 1) + " { v := load a[" + std::to_string(j - 1) +
           "]; store v + 1 a[" + std::to_string(j) + "]; }\n";
  return out + waits(1, n + 1);
}

// N threads increment x under one lock: N! traces (the order of the critical sections).
std::string lockinc(int n) {
  std::string out = "shared x;\nmutex m;\n";
  for (int t = 1; t <= n; ++t)
    out += "spawn " + std::to_string(t) + " { lock m; v := load x; store v + 1 x; unlock m; }\n";
  return out + waits(1, n);
}

// N threads each store twice to x, then main reads it: (2N)! / 2^N traces.
std::string double_writers(int n) {
  std::string out = "shared x;\n";
  for (int t = 1; t <= n; ++t) out += "spawn " + std::to_string(t) + " { store 1 x; store 2 x; }\n";
  return out + waits(1, n) + "r := load x;\n";
}

uint64_t factorial(uint64_t n) {
  return n <= 1 ? 1 : n * factorial(n - 1);
}

// ---- A brute-force Mazurkiewicz count, written apart from the strategy ---------------------

// One scheduling step as the enumeration saw it.
struct Step {
  uint32_t thread = 0;
  int64_t id = 0;
  std::vector<Label> labels; // Exit left out
  bool prints = false;
  bool ends = false;             // failed or step limit: the execution stops
  std::vector<uint32_t> woke;    // thread indices parked before the step and not after it
  std::vector<int64_t> finished; // threads (ids) that ran out of code during the step
};

// docs/explore.md's dependence relation, for steps of different threads, extended to the
// synchronisation of docs/language.md from its semantics: volatile accesses conflict like
// plain ones; a wait and a notify of one condition do not commute (a notify before the wait is
// lost, after it wakes the waiter), nor two waits (their places in the FIFO queue) nor two
// notifies (which one wakes a waiter); two arrivals at one barrier do not commute (which one
// fills it). A step that finishes thread u (a barrier release can finish another thread) is
// dependent with a wait for u. Wake-ups are not symmetric and are in `wakes` below.
bool dependent(const Step& a, const Step& b) {
  if (a.ends || b.ends || (a.prints && b.prints)) return true;
  auto mem = [](LabelKind k) { return k == LabelKind::Read || k == LabelKind::Write; };
  auto vol = [](LabelKind k) {
    return k == LabelKind::VolatileRead || k == LabelKind::VolatileWrite;
  };
  auto lock = [](LabelKind k) { return k == LabelKind::Acquire || k == LabelKind::Release; };
  auto cond = [](LabelKind k) { return k == LabelKind::CondWait || k == LabelKind::Notify; };
  auto thread_op = [](LabelKind k) { return k == LabelKind::Fork || k == LabelKind::Join; };
  auto finishes = [](const Step& s, int64_t u) {
    return std::find(s.finished.begin(), s.finished.end(), u) != s.finished.end();
  };
  // (each side's spawns and waits on its own: a step with no label, such as a thread's last
  // local steps, still finishes the thread a wait on the other side waits for)
  auto orders = [&](const Step& s, const Step& other) {
    for (const Label& x : s.labels) {
      if (thread_op(x.kind) && static_cast<int64_t>(x.target) == other.id) return true;
      if (x.kind == LabelKind::Join && finishes(other, x.target)) return true;
    }
    return false;
  };
  if (orders(a, b) || orders(b, a)) return true;
  for (const Label& x : a.labels) {
    for (const Label& y : b.labels) {
      if (x.target != y.target) continue;
      if (mem(x.kind) && mem(y.kind) && (x.kind == LabelKind::Write || y.kind == LabelKind::Write))
        return true;
      if (vol(x.kind) && vol(y.kind) &&
          (x.kind == LabelKind::VolatileWrite || y.kind == LabelKind::VolatileWrite))
        return true;
      if (lock(x.kind) && lock(y.kind)) return true;
      if (cond(x.kind) && cond(y.kind)) return true;
      if (x.kind == LabelKind::BarrierArrive && y.kind == LabelKind::BarrierArrive) return true;
      if ((x.kind == LabelKind::Fork || y.kind == LabelKind::Fork) && thread_op(x.kind) &&
          thread_op(y.kind))
        return true; // two spawns of u, or a spawn and a wait; two waits commute
    }
  }
  return false;
}

// A wake edge: `earlier` unparked (notified, or released from a barrier) the thread of
// `later`, whose steps from then on could not have run before it.
bool wakes(const Step& earlier, const Step& later) {
  return std::find(earlier.woke.begin(), earlier.woke.end(), later.thread) != earlier.woke.end();
}

// The lexicographically least linearisation (by thread index, or by `rank` of each thread
// index where given) of the execution's dependence order: equal exactly for
// Mazurkiewicz-equivalent executions.
std::vector<uint32_t> normal_form(const std::vector<Step>& path,
                                  const std::vector<int64_t>* rank = nullptr) {
  auto less = [&](uint32_t a, uint32_t b) { return rank ? (*rank)[a] < (*rank)[b] : a < b; };
  size_t n = path.size();
  std::vector<std::vector<size_t>> preds(n);
  for (size_t j = 0; j < n; ++j)
    for (size_t i = 0; i < j; ++i)
      if (path[i].thread == path[j].thread || dependent(path[i], path[j]) ||
          wakes(path[i], path[j]))
        preds[j].push_back(i);
  std::vector<bool> placed(n, false);
  std::vector<uint32_t> out;
  for (size_t round = 0; round < n; ++round) {
    size_t best = n;
    for (size_t j = 0; j < n; ++j) {
      if (placed[j]) continue;
      bool ready = true;
      for (size_t i : preds[j]) ready = ready && placed[i];
      if (ready && (best == n || less(path[j].thread, path[best].thread))) best = j;
    }
    placed[best] = true;
    out.push_back(path[best].thread);
  }
  return out;
}

// Thread k's next scheduling step on `m`, taken, as the enumeration sees it.
Step take_step(Machine& m, uint32_t k) {
  Step s{k, m.thread_id(k), {}, m.next_instr(k).op == Op::Print, false, {}, {}};
  std::vector<bool> parked_before(m.thread_count());
  for (uint32_t j = 0; j < m.thread_count(); ++j)
    parked_before[j] = m.parked(j).kind != ParkKind::None;
  StepResult r = m.advance(k, 1'000'000);
  for (uint32_t j = 0; j < m.thread_count(); ++j)
    if (parked_before[j] && m.parked(j).kind == ParkKind::None) s.woke.push_back(j);
  for (const LabelledStep& e : m.events()) {
    if (e.label.kind != LabelKind::Exit)
      s.labels.push_back(e.label);
    else
      s.finished.push_back(e.label.thread);
  }
  s.ends = r.status != StepStatus::Done;
  return s;
}

// Every interleaving (threads take at most `bound` scheduling steps), as normal forms. Stops
// with `complete` false past `cap` executions.
struct BruteForce {
  std::set<std::vector<uint32_t>> traces;
  uint64_t executions = 0;
  bool complete = true;
};

BruteForce brute_force(const Code& code, uint64_t bound, uint64_t cap) {
  BruteForce out;
  Machine m(code);
  if (m.start(1'000'000).status != StepStatus::Done) {
    out.traces.insert({});
    out.executions = 1;
    return out;
  }
  std::vector<Step> path;
  std::vector<uint64_t> steps(m.thread_count(), 0);
  std::function<void()> dfs = [&] {
    if (out.executions >= cap) {
      out.complete = false;
      return;
    }
    bool any = false;
    for (uint32_t k = 0; k < m.thread_count(); ++k) {
      if (!m.can_step(k) || steps[k] >= bound) continue;
      any = true;
      MachineState saved = m.state();
      Step s = take_step(m, k);
      path.push_back(s);
      ++steps[k];
      if (s.ends) {
        ++out.executions;
        out.traces.insert(normal_form(path));
      } else {
        dfs();
      }
      --steps[k];
      path.pop_back();
      m.set_state(saved);
    }
    if (!any) {
      ++out.executions;
      out.traces.insert(normal_form(path));
    }
  };
  dfs();
  return out;
}

// (Every reversed race's sequence keyed, however short: the default keys only long ones, which
// the generated programs rarely have; interp/reversal_keys.h.)
ExploreOptions dpor_options(DporFault fault = DporFault::None) {
  ExploreOptions o;
  o.strategy = ExploreStrategy::Dpor;
  o.dpor_fault = fault;
  o.max_states = 200'000;
  o.reversal_keying = ReversalKeying::Always;
  return o;
}

ExploreResult explore_text(const std::string& text, const ExploreOptions& options) {
  auto c = compile(text);
  EXPECT_NE(c, nullptr) << text;
  if (!c) return {};
  return explore_program(c->code, options);
}

// ---- Known counts -------------------------------------------------------------------------

uint64_t traces_of(const std::string& text, DporFault fault = DporFault::None) {
  ExploreResult r = explore_text(text, dpor_options(fault));
  EXPECT_TRUE(r.limit.empty());
  EXPECT_TRUE(r.traces.has_value());
  if (fault == DporFault::None) {
    EXPECT_EQ(r.redundant, 0u) << text;
    EXPECT_EQ(r.infeasible, 0u) << text;
    EXPECT_EQ(r.executions_run, r.traces.value_or(0)) << text;
  }
  return r.traces.value_or(0);
}

TEST(DporCounts, Readers) {
  for (int n = 1; n <= 8; ++n) EXPECT_EQ(traces_of(readers(n)), uint64_t{1} << n) << n;
}

TEST(DporCounts, Lastzero) {
  for (int n = 2; n <= 7; ++n) EXPECT_EQ(traces_of(lastzero(n)), uint64_t(n + 3) << (n - 2)) << n;
}

TEST(DporCounts, Lockinc) {
  for (int n = 1; n <= 6; ++n) EXPECT_EQ(traces_of(lockinc(n)), factorial(n)) << n;
}

TEST(DporCounts, DoubleWriters) {
  for (int n = 1; n <= 4; ++n) EXPECT_EQ(traces_of(double_writers(n)), factorial(2 * n) >> n) << n;
}

// The families' small members, counted by brute force: the formulas and the enumeration agree.
TEST(DporCounts, FamiliesAgreeWithTheBruteForceCount) {
  for (const std::string& text : {readers(3), lastzero(3), lockinc(3), double_writers(2)}) {
    auto c = compile(text);
    ASSERT_NE(c, nullptr);
    BruteForce b = brute_force(c->code, 1'000, 200'000);
    ASSERT_TRUE(b.complete);
    EXPECT_EQ(traces_of(text), b.traces.size()) << text;
  }
}

// ExploreOptions::final_locals = false (`explore` without --locals): final states keep shared
// memory only, and they are exactly the distinct memories of the final states with locals, for
// both strategies and a split search; the locals are what made the set grow with the traces.
TEST(DporFinalStates, WithoutLocalsTheSharedMemoriesOnly) {
  for (const std::string& text : {readers(4), lastzero(4), lockinc(3), double_writers(2)}) {
    auto c = compile(text);
    ASSERT_NE(c, nullptr);
    for (ExploreStrategy strategy : {ExploreStrategy::Dpor, ExploreStrategy::States})
      for (uint32_t jobs : {0u, 2u}) {
        if (strategy == ExploreStrategy::States && jobs > 0) continue;
        ExploreOptions options = dpor_options();
        options.strategy = strategy;
        options.jobs = jobs;
        ExploreResult with = explore_program(c->code, options);
        options.final_locals = false;
        ExploreResult without = explore_program(c->code, options);
        std::set<Cells> memories;
        for (const FinalState& f : with.final_states) memories.insert(f.memory);
        std::set<Cells> kept;
        for (const FinalState& f : without.final_states) {
          EXPECT_TRUE(f.locals.empty()) << text;
          kept.insert(f.memory);
        }
        EXPECT_EQ(kept, memories) << text;
        EXPECT_EQ(without.final_states.size(), memories.size()) << text; // no duplicates
        EXPECT_LT(without.final_states.size(), with.final_states.size() + 1) << text;
        EXPECT_EQ(without.traces, with.traces) << text;
      }
  }
}

// ExploreOptions::on_execution (`explore --list-executions`): one schedule per trace, all
// distinct, each a whole execution that replays to its end with the schedule used up.
TEST(DporListing, OneReplayableScheduleForEveryTrace) {
  for (const std::string& text : {readers(4), lastzero(4), lockinc(3), double_writers(2)}) {
    auto c = compile(text);
    ASSERT_NE(c, nullptr);
    ExploreOptions options = dpor_options();
    std::vector<Schedule> listed;
    options.on_execution = [&listed](const Schedule& s) { listed.push_back(s); };
    ExploreResult r = explore_program(c->code, options);
    ASSERT_TRUE(r.traces.has_value());
    EXPECT_EQ(listed.size(), *r.traces) << text;
    EXPECT_EQ(std::set<Schedule>(listed.begin(), listed.end()).size(), listed.size()) << text;
    InterpreterOptions run;
    run.detector = std::nullopt;
    for (const Schedule& s : listed) {
      RunResult again = testing::run_schedule(*c, s, run).result;
      EXPECT_NE(again.outcome, Outcome::ScheduleError) << again.schedule_error;
      EXPECT_EQ(again.schedule.size(), s.size());
    }
  }
}

// ---- Generated programs --------------------------------------------------------------------

// What two strategies must agree on, with witnesses left out.
struct Outcomes {
  std::vector<FinalState> finals;
  std::set<RaceKey> races;
  std::set<std::tuple<uint32_t, uint32_t, int64_t, std::string>> assertions, errors;
  std::set<std::vector<std::tuple<int64_t, int, uint32_t, uint32_t>>> deadlocks;
  std::set<std::tuple<int64_t, uint32_t, uint32_t>> step_limits;
  bool discarded = false; // some execution ended on a false `assume`
  bool operator==(const Outcomes&) const = default;
};

Outcomes outcomes(const ExploreResult& r) {
  Outcomes o;
  o.finals = r.final_states;
  o.discarded = r.counts.discarded > 0;
  for (const ExploreRace& race : r.races) o.races.insert(race_key(race.report));
  for (const ExploreFailure& f : r.assertion_failures)
    o.assertions.insert({f.failure.range.begin.line, f.failure.range.begin.col, f.failure.thread,
                         f.failure.message});
  for (const ExploreFailure& f : r.runtime_errors)
    o.errors.insert({f.failure.range.begin.line, f.failure.range.begin.col, f.failure.thread,
                     f.failure.message});
  for (const ExploreDeadlock& d : r.deadlocks) {
    std::vector<std::tuple<int64_t, int, uint32_t, uint32_t>> key;
    for (const BlockedThread& b : d.blocked)
      key.emplace_back(b.thread, static_cast<int>(b.blocker.kind), b.blocker.range.begin.line,
                       b.blocker.range.begin.col);
    o.deadlocks.insert(key);
  }
  for (const ExploreStepLimit& l : r.step_limits)
    o.step_limits.insert({l.thread, l.range.begin.line, l.range.begin.col});
  return o;
}

constexpr testing::ConcurrentGenConfig kCounted{.counted_loops = true};
constexpr testing::ConcurrentGenConfig kSync{.counted_loops = true, .sync = true};

// DPOR (with `fault`) reports the outcomes of the state-caching search, explores one execution
// per trace with no redundant or infeasible one, and every witness replays to its outcome.
// With sync programs, also without a detector: the detector must not be what keeps the
// exploration optimal (it only observes), and the trace count must not depend on it.
void check_dpor_exact(DporFault fault, const testing::ConcurrentGenConfig& config = kCounted) {
  std::string text = *testing::gen_concurrent_source(config);
  RC_LOG() << text;
  auto c = compile(text);
  RC_ASSERT(c != nullptr);
  ExploreOptions states;
  states.max_states = 20'000;
  ExploreResult a = explore_program(c->code, states);
  RC_PRE(a.limit.empty());
  ExploreResult d = explore_program(c->code, dpor_options(fault));
  RC_ASSERT(d.limit.empty());
  RC_TAG(a.races.empty() ? "race-free" : "racy", a.deadlocks.empty() ? "" : "deadlock",
         a.assertion_failures.empty() && a.runtime_errors.empty() ? "" : "fails");
  RC_LOG() << "dpor: " << d.counts.total << " traces, " << d.redundant << " redundant, "
           << d.infeasible << " infeasible\n";
  RC_ASSERT(outcomes(d) == outcomes(a));
  // Optimal: no execution begun in vain, unless a step can fail (docs/explore.md, "Failures").
  bool fails = d.counts.failed > 0 || d.counts.step_limit > 0;
  RC_ASSERT(d.redundant == 0u || fails);
  RC_ASSERT(d.infeasible == 0u);
  RC_ASSERT((d.counts.racy > 0) == (a.counts.racy > 0));
  testing::expect_witnesses_replay(*c, d, states);
  RC_ASSERT(!::testing::Test::HasFailure());
  if (!config.sync) return;
  RC_TAG(a.counts.discarded > 0 ? "discarded" : "");
  ExploreOptions bare = dpor_options(fault);
  bare.detector = std::nullopt;
  ExploreResult n = explore_program(c->code, bare);
  RC_ASSERT(n.limit.empty());
  RC_ASSERT(n.traces == d.traces);
  RC_ASSERT(n.redundant == 0u || fails);
  RC_ASSERT(n.infeasible == 0u);
  RC_ASSERT(n.executions_run == n.traces.value_or(0) + n.redundant);
  RC_ASSERT(n.counts.discarded == d.counts.discarded);
}

RC_GTEST_PROP(DporGenerated, SameOutcomesAsStateCaching, ()) {
  check_dpor_exact(DporFault::None);
}

// The same on programs with volatiles, cas/fetch_add, conditions, barriers and assume.
RC_GTEST_PROP(DporGeneratedSync, SameOutcomesAsStateCaching, ()) {
  check_dpor_exact(DporFault::None, kSync);
}

// The trace count is the brute-force Mazurkiewicz count.
// `cap`: interleavings the brute force enumerates before the case is rejected (bigger programs
// have more traces, and more chances to disagree, but cost more).
void check_trace_count(DporFault fault, const testing::ConcurrentGenConfig& config = kCounted,
                       uint64_t cap = 3'000) {
  std::string text = *testing::gen_concurrent_source(config);
  RC_LOG() << text;
  auto c = compile(text);
  RC_ASSERT(c != nullptr);
  BruteForce b = brute_force(c->code, 1'000, cap);
  RC_PRE(b.complete);
  ExploreResult d = explore_program(c->code, dpor_options(fault));
  RC_ASSERT(d.traces.has_value());
  RC_TAG(b.traces.size() < 10   ? "< 10 traces"
         : b.traces.size() < 50 ? "10-49 traces"
                                : ">= 50 traces");
  RC_ASSERT(*d.traces == b.traces.size());
  RC_ASSERT(d.executions_run == *d.traces + d.redundant);
  RC_ASSERT(d.redundant == 0u || d.counts.failed > 0 || d.counts.step_limit > 0);
}

RC_GTEST_PROP(DporGenerated, TraceCountIsTheBruteForceCount, ()) {
  check_trace_count(DporFault::None);
}

// Most generated sync programs have few traces (waits and barriers deadlock early); a cap of
// 30'000 instead of 3'000 costs 7x the time and moves only 3% of the cases past 10 traces.
RC_GTEST_PROP(DporGeneratedSync, TraceCountIsTheBruteForceCount, ()) {
  check_trace_count(DporFault::None, kSync);
}

// The witness rule (docs/explore.md, "The witness rule"): every witness is the least
// linearisation, by thread id, of the dependence order of its own steps (a race's: its step's
// causal past; a failure's or deadlock's: the whole execution). Replayed here step by step and
// put in normal form by the enumeration's relation above, each must come out unchanged. A
// witness that is a valid schedule but not the least one replays, and fails only this.
void check_witnesses_least(DporFault fault, const testing::ConcurrentGenConfig& config) {
  std::string text = *testing::gen_concurrent_source(config);
  RC_LOG() << text;
  auto c = compile(text);
  RC_ASSERT(c != nullptr);
  ExploreResult d = explore_program(c->code, dpor_options(fault));
  RC_PRE(d.limit.empty());
  std::vector<Schedule> witnesses;
  for (const ExploreRace& r : d.races) witnesses.push_back(r.witness);
  for (const ExploreFailure& f : d.assertion_failures) witnesses.push_back(f.witness);
  for (const ExploreFailure& f : d.runtime_errors) witnesses.push_back(f.witness);
  for (const ExploreDeadlock& x : d.deadlocks) witnesses.push_back(x.witness);
  RC_TAG(witnesses.empty() ? "no witness" : witnesses.size() < 5 ? "1-4 witnesses" : "5 or more");
  for (const Schedule& w : witnesses) {
    Machine m(c->code);
    RC_ASSERT(m.start(1'000'000).status == StepStatus::Done);
    std::vector<int64_t> rank(m.thread_count());
    for (uint32_t k = 0; k < m.thread_count(); ++k) rank[k] = m.thread_id(k);
    std::vector<Step> path;
    for (int64_t id : w) {
      auto k = static_cast<uint32_t>(std::find(rank.begin(), rank.end(), id) - rank.begin());
      RC_ASSERT(k < m.thread_count());
      RC_ASSERT(m.can_step(k));
      path.push_back(take_step(m, k));
    }
    Schedule least;
    for (uint32_t k : normal_form(path, &rank)) least.push_back(rank[k]);
    RC_ASSERT(least == w);
  }
}

// A race's witness is built only as far as it takes to tell that it is not less than the
// greatest one kept for its step's races: the races and their witnesses are those of the
// search that builds every witness whole.
void check_bounded_witnesses(DporFault fault, const testing::ConcurrentGenConfig& config) {
  std::string text = *testing::gen_concurrent_source(config);
  RC_LOG() << text;
  auto c = compile(text);
  RC_ASSERT(c != nullptr);
  ExploreOptions whole = dpor_options();
  whole.witnesses_bounded = false;
  ExploreResult w = explore_program(c->code, whole);
  RC_PRE(w.limit.empty());
  ExploreResult b = explore_program(c->code, dpor_options(fault));
  RC_TAG(w.races.size() < 3 ? "< 3 races" : "3 or more races");
  RC_ASSERT(b.races.size() == w.races.size());
  for (size_t n = 0; n < w.races.size(); ++n) {
    RC_ASSERT(race_key(b.races[n].report) == race_key(w.races[n].report));
    RC_ASSERT(b.races[n].witness == w.races[n].witness);
    RC_ASSERT(b.races[n].first_on_witness == w.races[n].first_on_witness);
  }
}

// Two DPOR searches of one program found the same: outcomes, traces, search nodes, executions
// run and blocked, and races in order with their witnesses.
void assert_same_search(const ExploreResult& x, const ExploreResult& w) {
  RC_ASSERT(outcomes(x) == outcomes(w));
  RC_ASSERT(x.traces == w.traces);
  RC_ASSERT(x.states == w.states);
  RC_ASSERT(x.executions_run == w.executions_run);
  RC_ASSERT(x.redundant == w.redundant);
  RC_ASSERT(x.races.size() == w.races.size());
  for (size_t n = 0; n < w.races.size(); ++n) {
    RC_ASSERT(race_key(x.races[n].report) == race_key(w.races[n].report));
    RC_ASSERT(x.races[n].witness == w.races[n].witness);
  }
}

// Each new step is checked against the earlier steps the index of objects returns
// (interp/dependence_index.h), not against every earlier step: the search explores, counts and
// reports exactly what the whole scan does, witnesses and search nodes included.
void check_indexed_scan(DporFault fault, const testing::ConcurrentGenConfig& config) {
  std::string text = *testing::gen_concurrent_source(config);
  RC_LOG() << text;
  auto c = compile(text);
  RC_ASSERT(c != nullptr);
  ExploreOptions whole = dpor_options();
  whole.dependence_scan = DependenceScan::Whole;
  ExploreResult w = explore_program(c->code, whole);
  RC_PRE(w.limit.empty());
  ExploreOptions indexed = dpor_options(fault);
  indexed.dependence_scan = DependenceScan::IndexedAlways; // (the default scans short lists)
  ExploreResult x = explore_program(c->code, indexed);
  RC_ASSERT(x.limit.empty());
  assert_same_search(x, w);
}

// A reversed race whose sequence a frame has handled already in its branch in progress is not
// handled again (interp/reversal_keys.h): that must change nothing at all, so the search that
// keys every sequence runs the same executions in the same order as the one that keys none,
// with the same outcomes, races, witnesses and search nodes.
void check_repeated_reversals(DporFault fault, const testing::ConcurrentGenConfig& config) {
  std::string text = *testing::gen_concurrent_source(config);
  RC_LOG() << text;
  auto c = compile(text);
  RC_ASSERT(c != nullptr);
  std::vector<Schedule> listed[2];
  ExploreOptions none = dpor_options();
  none.reversal_keying = ReversalKeying::Never;
  none.on_execution = [&listed](const Schedule& s) { listed[0].push_back(s); };
  ExploreResult n = explore_program(c->code, none);
  RC_PRE(n.limit.empty());
  ExploreOptions keyed = dpor_options(fault);
  keyed.on_execution = [&listed](const Schedule& s) { listed[1].push_back(s); };
  ExploreResult k = explore_program(c->code, keyed);
  RC_ASSERT(k.limit.empty());
  RC_TAG(k.reversals_repeated > 0 ? "reversals skipped" : "none skipped");
  RC_ASSERT(n.reversals_repeated == 0u);
  RC_ASSERT(listed[1] == listed[0]);
  assert_same_search(k, n);
}

// With the default keying (sequences of races more than 32 frames before the end): two
// threads race on x, store to a cell of their own 16 times, and race on y. Below each order of
// the stores to x both orders of those to y are explored, and the race on x is reversed again
// at each of those ends with a sequence equivalent to the one before (the later steps happen
// after its first step, so they are not in it).
TEST(DporReversalKeys, LongExecutionsSkipRepeatedSequencesAndFindTheSame) {
  std::string text = "shared x;\nshared y;\nshared own[2];\n";
  for (int t = 1; t <= 2; ++t)
    text += "spawn " + std::to_string(t) + " { store " + std::to_string(t) +
            " x; i := 0; while (i < 16) { store i own[" + std::to_string(t - 1) +
            "]; i := i + 1; } store " + std::to_string(t) + " y; }\n";
  text += "wait 1;\nwait 2;\n";
  ExploreOptions keyed = dpor_options();
  keyed.reversal_keying = ReversalKeying::WhereItPays;
  ExploreResult k = explore_text(text, keyed);
  ExploreOptions none = dpor_options();
  none.reversal_keying = ReversalKeying::Never;
  ExploreResult n = explore_text(text, none);
  EXPECT_EQ(k.traces, 4u); // each pair of stores in both orders
  EXPECT_EQ(k.traces, n.traces);
  EXPECT_EQ(k.states, n.states);
  EXPECT_EQ(k.executions_run, n.executions_run);
  EXPECT_GT(k.reversals_repeated, 0u);
  EXPECT_EQ(n.reversals_repeated, 0u);
}

RC_GTEST_PROP(DporGenerated, RepeatedReversalsSkippedChangeNothing, ()) {
  check_repeated_reversals(DporFault::None, kCounted);
}

RC_GTEST_PROP(DporGeneratedSync, RepeatedReversalsSkippedChangeNothing, ()) {
  check_repeated_reversals(DporFault::None, kSync);
}

RC_GTEST_PROP(DporGenerated, IndexedScanIsTheWholeScan, ()) {
  check_indexed_scan(DporFault::None, kCounted);
}

RC_GTEST_PROP(DporGeneratedSync, IndexedScanIsTheWholeScan, ()) {
  check_indexed_scan(DporFault::None, kSync);
}

RC_GTEST_PROP(DporGenerated, BoundedWitnessesAreTheWholeOnes, ()) {
  check_bounded_witnesses(DporFault::None, kCounted);
}

RC_GTEST_PROP(DporGenerated, WitnessesAreTheLeastLinearisations, ()) {
  check_witnesses_least(DporFault::None, kCounted);
}

RC_GTEST_PROP(DporGeneratedSync, WitnessesAreTheLeastLinearisations, ()) {
  check_witnesses_least(DporFault::None, kSync);
}

// The enumeration's relation once missed this (found by the property above with seed 7): a
// thread's last step that only runs local code (after a barrier released it, say) carries no
// label, and a wait for that thread was ordered after it only through the other step's labels,
// so the normal form put the wait first, which no execution can do.
TEST(DporBruteForceRelation, AWaitDependsOnTheUnlabelledStepThatFinishesItsThread) {
  Step last{1, 1, {}, false, false, {}, {1}}; // thread 1's last step: no label, finishes it
  Step wait{0, 0, {Label{LabelKind::Join, 0, 1}}, false, false, {}, {}};
  EXPECT_TRUE(dependent(last, wait));
  EXPECT_TRUE(dependent(wait, last));
}

// Every distinct race (location and both sites) of the naive search, by every strategy.
void check_naive_races(const testing::ConcurrentGenConfig& config) {
  std::string text = *testing::gen_concurrent_source(config);
  RC_LOG() << text;
  auto c = compile(text);
  RC_ASSERT(c != nullptr);
  ExploreOptions naive;
  naive.strategy = ExploreStrategy::Naive;
  naive.max_states = 20'000;
  ExploreResult n = explore_program(c->code, naive);
  RC_PRE(n.limit.empty());
  // A race is its key: the location and both accesses' sites and kinds. Which access a report
  // names as the current one is its witness's order (DPOR's witness rule, docs/explore.md).
  std::set<RaceKey> expected;
  for (const ExploreRace& r : n.races) expected.insert(race_key(r.report));
  for (ExploreStrategy s : {ExploreStrategy::States, ExploreStrategy::Dpor}) {
    ExploreOptions o = naive;
    o.strategy = s;
    ExploreResult r = explore_program(c->code, o);
    std::set<RaceKey> got;
    for (const ExploreRace& race : r.races) got.insert(race_key(race.report));
    RC_ASSERT(got == expected);
  }
}

RC_GTEST_PROP(DporGenerated, EveryStrategyReportsEveryNaiveRace, ()) {
  check_naive_races(kCounted);
}

RC_GTEST_PROP(DporGeneratedSync, EveryStrategyReportsEveryNaiveRace, ()) {
  check_naive_races(kSync);
}

// ---- Teeth ---------------------------------------------------------------------------------

// find_failure for a broken variant. Witnesses are causal pasts by the dependence relation,
// so under a broken one some do not replay: the gtest expectations that say so are the fault
// caught too, and are kept out of the teeth test's own result.
template <typename Property> bool caught(Property property, int cases) {
  ::testing::TestPartResultArray replays;
  ::testing::ScopedFakeTestPartResultReporter quiet(
      ::testing::ScopedFakeTestPartResultReporter::INTERCEPT_ONLY_CURRENT_THREAD, &replays);
  return verify::find_failure(property, cases).has_value();
}

TEST(DporTeeth, IgnoringLockDependencesIsCaught) {
  EXPECT_NE(traces_of(lockinc(3), DporFault::IgnoreLocks), 6u);
  EXPECT_TRUE(caught([] { check_dpor_exact(DporFault::IgnoreLocks); }, 500));
}

// The scan for races reads each earlier event's key (thread, position, footprint summary) from
// a flat array kept beside the frames; a frame reused after backtracking that kept the key of
// the event it held before misses or invents dependences.
TEST(DporTeeth, StaleEventKeysAreCaught) {
  EXPECT_TRUE(caught([] { check_dpor_exact(DporFault::StaleEventKeys); }, 500));
}

// The index of earlier steps by object (interp/dependence_index.h): one that files prints
// under nothing never checks two prints for dependence, so their orders are one trace (the
// generated programs do not print); one that files reads under nothing loses the races of a
// write with the reads before it.
TEST(DporTeeth, IndexesMissingStepsAreCaught) {
  // (main's stores first: the tests' index files the steps from the fourth on)
  const std::string prints = "shared x;\nstore 1 x;\nstore 2 x;\nstore 3 x;\nstore 4 x;\n"
                             "spawn 1 { print(1); }\nspawn 2 { print(2); }\n";
  EXPECT_EQ(traces_of(prints), 2u);
  ExploreOptions indexed = dpor_options(DporFault::IndexLeavesOutPrints);
  indexed.dependence_scan = DependenceScan::IndexedAlways;
  EXPECT_EQ(explore_text(prints, indexed).traces, 1u);
  EXPECT_TRUE(caught([] { check_indexed_scan(DporFault::IndexLeavesOutReads, kCounted); }, 500));
}

// The weak-initial test of a thread with no step in a reversed race's sequence asks the same
// index which of the sequence's frames its step may depend on (explore_dpor.cpp, weak_initial);
// an answer that leaves the race's next frame out lets insertions pass a sleeper or a branch
// that does not cover them.
TEST(DporTeeth, AnIndexAskedFromTooLateIsCaught) {
  EXPECT_TRUE(
      caught([] { check_indexed_scan(DporFault::IndexAskedFromTheNextFrame, kCounted); }, 500));
}

// A sequence keyed by its steps' threads and positions alone (not their footprints and clocks)
// is taken for one handled already when the same threads' steps touch other cells this time:
// the reversal is dropped, and traces are lost (the brute-force comparison catches it as well
// as the comparison with the search that keys nothing).
TEST(DporTeeth, ReversalKeysWithoutFootprintsAreCaught) {
  EXPECT_TRUE(caught(
      [] { check_repeated_reversals(DporFault::ReversalKeysWithoutFootprints, kCounted); }, 500));
  EXPECT_TRUE(caught([] { check_dpor_exact(DporFault::ReversalKeysWithoutFootprints); }, 500));
}

// After a backtrack the race observer is rebuilt from a copy kept at an earlier backtrack
// point and the path's steps below it; one that skips the first of those steps leaves the
// detector without it, and reports races (or misses them) that the state-caching search does
// not.
TEST(DporTeeth, ObserverCopiesMissingAStepAreCaught) {
  EXPECT_TRUE(caught([] { check_dpor_exact(DporFault::ObserverCopySkipsAStep); }, 500));
}

// A sequence being inserted carries its steps' footprint summaries, and a thread whose step
// shares no bit with them is taken to commute with all of it without a look at the labels;
// a summary left out (here the race's second step, the one appended last) makes a sleeper or
// branch that depends only on it look like a weak initial, and the reversal is dropped.
TEST(DporTeeth, SummaryMissingAStepIsCaught) {
  EXPECT_TRUE(caught([] { check_dpor_exact(DporFault::SummaryMissesLast); }, 500));
}

// Witnesses built as valid schedules of their causal past, but taking the greatest ready
// thread first: every witness still replays, and the witness rule catches them.
TEST(DporTeeth, WitnessesNotTheLeastAreCaught) {
  EXPECT_TRUE(caught([] { check_witnesses_least(DporFault::WitnessNotLeast, kCounted); }, 500));
}

TEST(DporTeeth, WitnessesStoppedTooSoonAreCaught) {
  EXPECT_TRUE(caught(
      [] { check_bounded_witnesses(DporFault::WitnessBoundKeepsComparing, kCounted); }, 2000));
}

TEST(DporTeeth, CommutingWritesIsCaught) {
  EXPECT_NE(traces_of(double_writers(2), DporFault::WritesCommute), 6u);
  EXPECT_TRUE(caught([] { check_dpor_exact(DporFault::WritesCommute); }, 500));
}

// Without wakeup trees (source sets alone) the search is still complete but no longer
// optimal: it begins executions that sleep sets then block, more work than one per trace.
TEST(DporTeeth, DroppingWakeupTreesIsCaught) {
  ExploreResult r = explore_text(lastzero(4), dpor_options(DporFault::NoWakeupTrees));
  EXPECT_EQ(r.traces, 28u);
  EXPECT_GT(r.executions_run, r.traces.value_or(0));
}

// Waits and notifies of one condition treated as independent: DPOR misses the order in which
// a notify comes before the wait (a lost wake-up, a deadlock) or after it.
TEST(DporTeeth, IgnoringConditionDependencesIsCaught) {
  auto failure =
      verify::find_failure([] { check_dpor_exact(DporFault::IgnoreConditions, kSync); }, 500);
  ASSERT_TRUE(failure.has_value());
  std::cout << "counterexample:\n" << failure->description << "\n";
  for (const auto& [type, value] : failure->counterExample) std::cout << value << "\n";
}

// Two arrivals at one barrier treated as independent: DPOR misses which arrival fills it.
TEST(DporTeeth, IgnoringBarrierDependencesIsCaught) {
  auto failure =
      verify::find_failure([] { check_trace_count(DporFault::IgnoreBarriers, kSync); }, 500);
  ASSERT_TRUE(failure.has_value());
  std::cout << "counterexample:\n" << failure->description << "\n";
  for (const auto& [type, value] : failure->counterExample) std::cout << value << "\n";
}

// A failing step keeps the footprint and clock it had where it failed when a race moves it
// earlier, where it may read another value and not fail (or a barrier arrival may park instead
// of filling): an existing branch of the wakeup tree then looks unrelated to the reversal, and
// the same trace is explored twice (the brute-force count is exceeded).
TEST(DporTeeth, StaleEndingStepsAreCaught) {
  // Programs the trace-count property found with random seeds (shrunk by RapidCheck, then by
  // hand): thread 1's load may read main's 1 and fail the assert, or read 0 once a reversal
  // moves it before main's store; thread 1 may fill the barrier and fail, or park once moved
  // before main's arrival. (A generated search for such a program depends on the compiler's
  // argument evaluation order, so the teeth are these programs themselves.) The first replaces
  // an earlier one that the fault no longer made wrong once races were reversed at the end of
  // each execution (docs/explore.md): there the stale branch was covered another way.
  const std::string reread = R"(shared buf[2];
assert (v < 1);
i := 0;
spawn 1 {
  v := load buf[1];
  assert (v < 1);
}
v := load buf[i];
spawn 2 {
  store v + 0 buf[0];
  assert (v < 1);
}
store v + 1 buf[1];
)";
  const std::string barrier = R"(shared x;
shared y;
shared buf[2];
mutex m;
volatile va[2];
barrier bar(2);
lock m; v := load y; store v + 0 buf[1]; unlock m;
spawn 1 {
  v := load y; store 1 va[1];
  v := load buf[i];
  await bar;
  assert (v < 1);
}
store v + 1 buf[0];
v := load x;
spawn 2 { v := load va[1]; }
await bar;
)";
  for (const std::string& text : {reread, barrier}) {
    auto c = compile(text);
    ASSERT_NE(c, nullptr) << text;
    BruteForce b = brute_force(c->code, 1'000, 100'000);
    ASSERT_TRUE(b.complete);
    EXPECT_EQ(traces_of(text), b.traces.size()) << text;
    EXPECT_GT(traces_of(text, DporFault::StaleEndingSteps), b.traces.size()) << text;
  }
}

TEST(DporTeeth, EndRacesTriedAloneAreCaught) {
  // Found by the trace-count property with seed 99: thread 1's load reads 2 and fails, unless
  // main's or thread 3's store of buf[0] comes first. Thread 3's steps after its store, each
  // then thread 1's failure, are 5 of the 26 traces; with the race with the end tried as thread
  // 3's step alone, main's store (asleep there, independent of the step) was a weak initial of
  // it and they were skipped, although main's branch stores before the load, which then
  // passes (21 traces). Since races are reversed at the end of each execution (docs/explore.md)
  // those traces are also reached another way here, and no generated program was found in
  // which the end race alone loses one (6,000 cases, six seeds): the fault is caught together
  // with the old reversal at each race's step, which alone still finds all 26.
  const std::string text = R"(shared x;
shared buf[2];
mutex m;
mutex n;
store v + 2 buf[0];
spawn 1 {
  v := load buf[0];
  assert (v < 1);
}
spawn 2 {
}
wait 2;
spawn 3 {
  v := load buf[0];
  store v + 1 buf[i];
  lock n; lock m; store v + 2 x; unlock m; unlock n;
}
store v + 0 buf[i];
wait 1;
wait 3;
)";
  auto c = compile(text);
  ASSERT_NE(c, nullptr);
  BruteForce b = brute_force(c->code, 1'000, 100'000);
  ASSERT_TRUE(b.complete);
  EXPECT_EQ(traces_of(text), b.traces.size());
  EXPECT_EQ(traces_of(text, DporFault::RacesReversedAtTheirStep), b.traces.size());
  EXPECT_LT(traces_of(text, DporFault::EndRaceAloneAndRacesAtTheirStep), b.traces.size());
}

TEST(DporTeeth, RacesReversedAtTheirStepAreCaught) {
  // Reduced from a program the split search found one trace more in than the unsplit one
  // (seed 1 of the split-vs-unsplit comparison): thread 1's first load of b races with thread
  // 3's store. Reversed as the store is taken, v is notdep cut at the store, and main's
  // `lock n`, asleep at the load's prefix, commutes with all of it: a weak initial, so nothing
  // was inserted. In a later execution through the same prefix thread 2 takes m and n after
  // the store: the whole execution's v holds those steps, main's lock depends on thread 2's,
  // and the paper's Algorithm 2 inserts v. Reversed at their step, one of the 12 traces was
  // never explored.
  const std::string text = R"(shared b;
mutex m;
mutex n;
spawn 1 {
  v := load b;
  v := load b;
}
spawn 2 {
  lock m; lock n; unlock n; unlock m;
}
spawn 3 {
  store 0 b;
  lock m; unlock m;
}
lock n; unlock n;
)";
  auto c = compile(text);
  ASSERT_NE(c, nullptr);
  BruteForce b = brute_force(c->code, 1'000, 100'000);
  ASSERT_TRUE(b.complete);
  EXPECT_EQ(b.traces.size(), 12u);
  EXPECT_EQ(traces_of(text), b.traces.size());
  EXPECT_LT(traces_of(text, DporFault::RacesReversedAtTheirStep), b.traces.size());
}

// ---- The machine's peek, the thread bound, overflowing counts ------------------------------

void check_peek(const testing::ConcurrentGenConfig& config);

// next_label is the label step() then emits; peek is advance() without taking it.
RC_GTEST_PROP(MachinePeek, NextLabelAndPeekForetellTheStep, ()) {
  check_peek(kCounted);
}

// The same for the synchronisation steps: a wait's release and park, a notify's wake-ups, a
// barrier's arrival and departures, an assume that parks.
RC_GTEST_PROP(MachinePeek, NextLabelAndPeekForetellTheSyncSteps, ()) {
  check_peek(kSync);
}

void check_peek(const testing::ConcurrentGenConfig& config) {
  std::string text = *testing::gen_concurrent_source(config);
  auto c = compile(text);
  RC_ASSERT(c != nullptr);
  Machine m(c->code);
  m.start(1000);
  for (int i = 0; i < 200 && !m.failure(); ++i) {
    std::vector<uint32_t> runnable = m.runnable();
    if (runnable.empty()) break;
    uint32_t k = *rc::gen::elementOf(runnable);
    MachineState before = m.state();
    StepPreview preview = m.peek(k, 1000);
    RC_ASSERT(m.state() == before);
    if (*rc::gen::arbitrary<bool>()) {
      StepResult r = m.advance(k, 1000);
      RC_ASSERT(r.status == preview.status);
      RC_ASSERT(m.events() == preview.events);
    } else {
      Label label = m.next_label(k);
      StepResult r = m.step(k);
      if (r.status == StepStatus::Done) RC_ASSERT(r.step.label == label);
    }
  }
}

TEST(DporBound, SpinLoopsAreCutAndSaidSo) {
  std::string spin = "shared flag;\nspawn 1 { f := 0; while (f == 0) { f := load flag; } }\n";
  std::string text = spin + "wait 1;\n";
  ExploreOptions o = dpor_options();
  o.thread_bound = 20;
  ExploreResult r = explore_text(text, o);
  EXPECT_EQ(r.counts.bounded, 1u);
  EXPECT_EQ(r.counts.finished, 0u);
  EXPECT_TRUE(r.deadlocks.empty());
  auto c = compile(text);
  ExploreOutputOptions out;
  out.program_path = "t.rl";
  std::string json = format_explore_json(r, c->code, o, out);
  EXPECT_NE(json.find("\"bounded_executions\": 1"), std::string::npos) << json;
  EXPECT_NE(json.find("\"thread_bound\": 20"), std::string::npos) << json;
  std::string textout = format_explore_text(r, c->code, *c->file, o, out);
  EXPECT_NE(textout.find("--thread-bound"), std::string::npos) << textout;
  // A flag someone sets: the spins that read it late are cut, the others finish.
  o.thread_bound = 10;
  ExploreResult set = explore_text(spin + "store 1 flag;\nwait 1;\n", o);
  EXPECT_GT(set.counts.bounded, 0u);
  EXPECT_GT(set.counts.finished, 0u);
}

// Two threads of 34 independent stores each: C(68, 34) > 2^64 interleavings, 35^2 states.
TEST(ExploreCounts, AnOverflowingCountSaysSo) {
  std::string text = "shared x;\nshared y;\n"
                     "spawn 1 { i := 0; while (i < 34) { store i x; i := i + 1; } }\n"
                     "spawn 2 { i := 0; while (i < 34) { store i y; i := i + 1; } }\n"
                     "wait 1;\nwait 2;\n";
  ExploreOptions o;
  o.detector = std::nullopt;
  ExploreResult r = explore_text(text, o);
  ASSERT_TRUE(r.counts.saturated);
  auto c = compile(text);
  ExploreOutputOptions out;
  out.program_path = "t.rl";
  std::string json = format_explore_json(r, c->code, o, out);
  EXPECT_NE(json.find("\"overflow\": true"), std::string::npos) << json;
  EXPECT_NE(json.find("\"executions\": \"overflow\""), std::string::npos) << json;
  EXPECT_EQ(json.find("18446744073709551615"), std::string::npos) << json;
  std::string textout = format_explore_text(r, c->code, *c->file, o, out);
  EXPECT_NE(textout.find("(overflow)"), std::string::npos) << textout;
  // DPOR counts the same program's traces exactly: the stores commute.
  EXPECT_EQ(traces_of(text), 1u);
}

} // namespace
} // namespace racelang
