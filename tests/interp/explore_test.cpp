// Tests of exhaustive exploration: the issue's acceptance programs (a racy and a locked
// store/load pair, N locked increments, naive dining philosophers), replay of every witness
// through run_program exactly as the printed `racelang run` command would, limits, and the
// exactness of state caching (the same results with and without it, on generated programs).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <set>

#include "detect/vector_clock.h"
#include "interp/explore_output.h"
#include "interp/race_observer.h"
#include "interp/report.h"
#include "tests/interp/concurrent_gen.h"
#include "tests/interp/interp_harness.h"
#include "verify/property_runner.h"

namespace racelang {
namespace {

using testing::compile;
using testing::Compiled;
using testing::expect_witnesses_replay;

// The shared values of final states, projected to the named locations and thread locals.
std::set<std::vector<int64_t>>
projected(const Compiled& c, const ExploreResult& r, const std::vector<std::string>& shared,
          const std::vector<std::pair<int64_t, std::string>>& locals) {
  std::set<std::vector<int64_t>> out;
  for (const FinalState& f : r.final_states) {
    MachineState s;
    s.memory = f.memory;
    s.locals = f.locals;
    std::vector<int64_t> v;
    for (const std::string& name : shared) v.push_back(testing::shared_value(c, s, name));
    for (const auto& [id, name] : locals) v.push_back(testing::local_value(c, s, id, name));
    out.insert(v);
  }
  return out;
}

const char* kStoreLoad = R"(shared x;
spawn 1 {
  store 1 x;
}
spawn 2 {
  v := load x;
}
wait 1;
wait 2;
)";

const char* kStoreLoadLocked = R"(shared x;
mutex m;
spawn 1 {
  lock m;
  store 1 x;
  unlock m;
}
spawn 2 {
  lock m;
  v := load x;
  unlock m;
}
wait 1;
wait 2;
)";

TEST(ExploreAcceptance, UnsynchronisedStoreAndLoadRace) {
  auto c = compile(kStoreLoad);
  ASSERT_TRUE(c);
  ExploreOptions options;
  ExploreResult r = explore_program(c->code, options);
  EXPECT_TRUE(r.limit.empty());
  ASSERT_EQ(r.races.size(), 1u);
  EXPECT_EQ(c->info.cell_name(r.races[0].report.cell), "x");
  EXPECT_GT(r.counts.racy, 0u);
  EXPECT_EQ(r.counts.racy, r.counts.total); // every schedule races (no synchronisation at all)
  // Exactly two final states of (x, thread 2's v): the load saw 0 or 1.
  EXPECT_EQ(projected(*c, r, {"x"}, {{2, "v"}}), (std::set<std::vector<int64_t>>{{1, 0}, {1, 1}}));
  EXPECT_EQ(r.final_states.size(), 2u);
  EXPECT_EQ(explore_exit_code(r), 66);
  expect_witnesses_replay(*c, r, options);
}

TEST(ExploreAcceptance, LockedStoreAndLoadAreRaceFree) {
  auto c = compile(kStoreLoadLocked);
  ASSERT_TRUE(c);
  ExploreResult r = explore_program(c->code, {});
  EXPECT_TRUE(r.races.empty());
  EXPECT_EQ(r.counts.racy, 0u);
  EXPECT_EQ(projected(*c, r, {"x"}, {{2, "v"}}), (std::set<std::vector<int64_t>>{{1, 0}, {1, 1}}));
  EXPECT_EQ(explore_exit_code(r), 0);
}

std::string locked_increments(int n) {
  std::string text = "shared x;\nmutex m;\n";
  for (int t = 1; t <= n; ++t)
    text += "spawn " + std::to_string(t) +
            " {\n  lock m;\n  v := load x;\n  store v + 1 x;\n"
            "  unlock m;\n}\n";
  for (int t = 1; t <= n; ++t) text += "wait " + std::to_string(t) + ";\n";
  return text;
}

TEST(ExploreAcceptance, LockedIncrementsHaveOneFinalState) {
  const uint64_t factorial[] = {1, 1, 2, 6, 24};
  for (int n = 2; n <= 4; ++n) {
    auto c = compile(locked_increments(n));
    ASSERT_TRUE(c);
    ExploreResult r = explore_program(c->code, {});
    EXPECT_TRUE(r.limit.empty());
    EXPECT_TRUE(r.races.empty()) << n;
    EXPECT_EQ(projected(*c, r, {"x"}, {}), (std::set<std::vector<int64_t>>{{n}})) << n;
    // Told apart by the locals, the final states are the n! orders of the critical sections:
    // each order gives the threads' `v` a different assignment of 0..n-1.
    EXPECT_EQ(r.final_states.size(), factorial[n]) << n;
    // Executions count every interleaving of the scheduling steps (spawns, waits and each
    // thread's lock, load, store, unlock), so there are more than n! of them; the count is
    // exact although far fewer states are explored.
    EXPECT_GT(r.counts.total, factorial[n]);
    EXPECT_EQ(r.counts.finished, r.counts.total);
    ::testing::Test::RecordProperty("executions_" + std::to_string(n),
                                    std::to_string(r.counts.total));
    ::testing::Test::RecordProperty("states_" + std::to_string(n), std::to_string(r.states));
    if (n <= 3) { // the plain search agrees (it runs every interleaving)
      ExploreOptions plain;
      plain.cache = false;
      ExploreResult p = explore_program(c->code, plain);
      EXPECT_EQ(p.counts.total, r.counts.total);
      EXPECT_EQ(p.final_states, r.final_states);
    }
  }
}

const char* kNaivePhilosophers = R"(mutex fork[3];
spawn 1 {
  lock fork[0];
  lock fork[1];
  unlock fork[1];
  unlock fork[0];
}
spawn 2 {
  lock fork[1];
  lock fork[2];
  unlock fork[2];
  unlock fork[1];
}
spawn 3 {
  lock fork[2];
  lock fork[0];
  unlock fork[0];
  unlock fork[2];
}
wait 1;
wait 2;
wait 3;
)";

TEST(ExploreAcceptance, NaiveDiningPhilosophersDeadlock) {
  auto c = compile(kNaivePhilosophers);
  ASSERT_TRUE(c);
  ExploreOptions options;
  ExploreResult r = explore_program(c->code, options);
  ASSERT_FALSE(r.deadlocks.empty());
  // The classic deadlock: every philosopher holds its first fork.
  bool classic = false;
  for (const ExploreDeadlock& d : r.deadlocks) {
    std::set<int64_t> lock_waiters;
    for (const BlockedThread& b : d.blocked)
      if (b.blocker.kind == Blocker::Lock) lock_waiters.insert(b.thread);
    classic = classic || lock_waiters == std::set<int64_t>{1, 2, 3};
  }
  EXPECT_TRUE(classic);
  EXPECT_GT(r.counts.deadlocked, 0u);
  EXPECT_GT(r.counts.finished, 0u);
  EXPECT_EQ(explore_exit_code(r), 1);
  expect_witnesses_replay(*c, r, options);
}

TEST(ExploreWitnesses, EveryWitnessReplays) {
  const char* programs[] = {
      kStoreLoad,
      kStoreLoadLocked,
      kNaivePhilosophers,
      // several races, some never first on their witness
      "shared x;\nshared y;\nspawn 1 {\n  store 1 x;\n  store 1 y;\n}\nstore 2 x;\nstore 2 "
      "y;\nwait 1;\n",
      // assertion failures depending on the schedule, and a runtime error
      "shared x;\nspawn 1 {\n  store 1 x;\n}\nv := load x;\nassert(v == 0);\nw := 10 / v;\n",
      // a spin loop (a cycle) handing over a value under a lock
      "shared f;\nshared d;\nmutex m;\nspawn 1 {\n  store 7 d;\n  lock m;\n  store 1 f;\n  "
      "unlock m;\n}\ng := 0;\nwhile (g == 0) {\n  lock m;\n  g := load f;\n  unlock m;\n}\ne := "
      "load d;\nassert(e == 7);\n",
      // a thread that never stops between scheduling points
      "shared x;\nspawn 1 {\n  store 1 x;\n  i := 0;\n  while (i >= 0) {\n    i := (i + 1) % "
      "5;\n  }\n}\nv := load x;\n",
  };
  for (const char* text : programs) {
    auto c = compile(text);
    ASSERT_TRUE(c);
    for (auto kind : {detect::DetectorKind::VectorClock, detect::DetectorKind::FastTrack}) {
      ExploreOptions options;
      options.detector = kind;
      options.max_steps = 200;
      ExploreResult r = explore_program(c->code, options);
      EXPECT_TRUE(r.limit.empty()) << text;
      expect_witnesses_replay(*c, r, options);
    }
  }
}

// Threads spawned in descending and in mixed id order: the witnesses replay through the same
// replay scheduler `racelang run --schedule-string` uses, whatever order the runnable ids are in.
TEST(ExploreWitnesses, WitnessesReplayForAnySpawnOrder) {
  const char* programs[] = {
      // descending, racy
      "shared x;\nspawn 2 {\n  store 2 x;\n}\nspawn 1 {\n  store 1 x;\n}\nwait 1;\nwait 2;\n",
      // mixed, with an assertion that fails on some schedules and a deadlock on others
      "shared x;\nmutex a;\nmutex b;\nspawn 3 {\n  lock a;\n  lock b;\n  store 3 x;\n  unlock "
      "b;\n  unlock a;\n}\nspawn 1 {\n  lock b;\n  lock a;\n  store 1 x;\n  unlock a;\n  "
      "unlock b;\n}\nspawn 2 {\n  lock a;\n  v := load x;\n  unlock a;\n  assert(v != "
      "3);\n}\nwait 2;\nwait 1;\nwait 3;\n",
  };
  for (const char* text : programs) {
    auto c = compile(text);
    ASSERT_TRUE(c);
    ExploreOptions options;
    ExploreResult r = explore_program(c->code, options);
    EXPECT_TRUE(r.limit.empty()) << text;
    EXPECT_FALSE(r.races.empty() && r.deadlocks.empty() && r.assertion_failures.empty()) << text;
    expect_witnesses_replay(*c, r, options);
  }
}

// A thread spinning on a flag nobody sets while the main thread waits for it: no schedule
// ends. That is a non-terminating outcome with a witness (exit 1), not a successful search.
TEST(ExploreNonTermination, ASpinOnAFlagNobodySetsNeverEnds) {
  auto c = compile("shared f;\nspawn 1 {\n  g := 0;\n  while (g == 0) {\n    g := load "
                   "f;\n  }\n}\nwait 1;\n");
  ASSERT_TRUE(c);
  ExploreOptions options;
  ExploreResult r = explore_program(c->code, options);
  EXPECT_TRUE(r.limit.empty());
  EXPECT_TRUE(r.cyclic);
  EXPECT_EQ(r.counts.total, 0u);
  ASSERT_EQ(r.non_terminations.size(), 1u);
  const ExploreNonTermination& nt = r.non_terminations[0];
  ASSERT_EQ(nt.threads.size(), 2u);
  EXPECT_EQ(nt.threads[0].id, 0);
  EXPECT_FALSE(nt.threads[0].can_step); // waits for thread 1
  EXPECT_EQ(nt.threads[0].range.begin, (SourceLoc{8, 1}));
  EXPECT_EQ(nt.threads[1].id, 1);
  EXPECT_TRUE(nt.threads[1].can_step);
  EXPECT_EQ(nt.threads[1].range.begin.line, 5u);
  EXPECT_EQ(explore_exit_code(r), 1);
  expect_witnesses_replay(*c, r, options);
}

// Only the schedules where thread 1 reads g before it is set are trapped; the others finish.
TEST(ExploreNonTermination, ATrapOnSomeSchedulesOnly) {
  auto c = compile("shared g;\nshared f;\nmutex m;\nspawn 1 {\n  lock m;\n  v := load g;\n  "
                   "unlock m;\n  if (v == 0) {\n    w := 0;\n    while (w == 0) {\n      w := "
                   "load f;\n    }\n  }\n}\nlock m;\nstore 1 g;\nunlock m;\nwait 1;\n");
  ASSERT_TRUE(c);
  ExploreOptions options;
  ExploreResult r = explore_program(c->code, options);
  EXPECT_TRUE(r.limit.empty());
  EXPECT_GT(r.counts.finished, 0u);
  ASSERT_FALSE(r.non_terminations.empty());
  for (const ExploreNonTermination& nt : r.non_terminations)
    for (const auto& t : nt.threads) {
      if (t.id == 1) {
        EXPECT_EQ(t.range.begin.line, 11u); // the load in the loop
      }
    }
  EXPECT_EQ(explore_exit_code(r), 1);
  expect_witnesses_replay(*c, r, options);
}

// Spin loops that some schedule leaves are not reported: every thread can still finish.
TEST(ExploreNonTermination, ASpinSomeoneEndsIsNotReported) {
  auto c = compile("shared f;\nspawn 1 {\n  store 1 f;\n}\ng := 0;\nwhile (g == 0) {\n  g := "
                   "load f;\n}\nwait 1;\n");
  ASSERT_TRUE(c);
  ExploreResult r = explore_program(c->code, {});
  EXPECT_TRUE(r.cyclic);
  EXPECT_TRUE(r.non_terminations.empty());
}

TEST(ExploreWitnesses, SpinLoopsAreCycles) {
  auto c = compile("shared f;\nspawn 1 {\n  store 1 f;\n}\ng := 0;\nwhile (g == 0) {\n  g := load "
                   "f;\n}\n");
  ASSERT_TRUE(c);
  ExploreResult r = explore_program(c->code, {});
  EXPECT_TRUE(r.cyclic);
  EXPECT_TRUE(r.limit.empty());
  EXPECT_EQ(r.final_states.size(), 1u);
  EXPECT_EQ(r.races.size(), 1u);
}

TEST(ExploreLimits, StopWithPartialResults) {
  auto c = compile(locked_increments(4));
  ASSERT_TRUE(c);
  ExploreOptions options;
  options.max_states = 50;
  ExploreResult r = explore_program(c->code, options);
  EXPECT_EQ(r.limit, "max-states");
  EXPECT_EQ(r.states, 50u);
  EXPECT_EQ(explore_exit_code(r), 1);
  options.max_states = 1'000'000;
  options.max_executions = 3;
  ExploreResult e = explore_program(c->code, options);
  EXPECT_EQ(e.limit, "max-executions");
  EXPECT_EQ(e.executions_run, 3u);
}

// The state cache's detector fingerprint costs what the touched locations cost: a big array
// whose cells are mostly never accessed adds nothing per state (it used to add two clocks for
// every cell, 37 s and 3.9 GB to explore 11 states of a 10^7-cell program). Every detector.
TEST(ExploreCache, FingerprintsLeaveUntouchedLocationsOut) {
  for (auto kind : {detect::DetectorKind::VectorClock, detect::DetectorKind::FastTrack,
                    detect::DetectorKind::Djit, detect::DetectorKind::MultiJoinVectorClock}) {
    RaceObserver observer(kind);
    LabelledStep write{{LabelKind::Write, 1, 5}, {}};
    LabelledStep read{{LabelKind::Read, 0, 7}, {}};
    observer.observe(write);
    observer.observe(read);
    RaceObserver::Cells small, large;
    for (uint32_t x = 0; x < 16; ++x) small.locations.push_back(x);
    for (uint32_t x = 0; x < 200'000; ++x) large.locations.push_back(x);
    std::string a, b;
    ASSERT_TRUE(observer.fingerprint({0, 1}, small, a));
    ASSERT_TRUE(observer.fingerprint({0, 1}, large, b));
    EXPECT_EQ(a, b) << detect::detector_kind_option(kind);
    EXPECT_LT(b.size(), 200u) << detect::detector_kind_option(kind);
    // Still exact: touching another location changes it.
    observer.observe({{LabelKind::Write, 1, 9}, {}});
    std::string c;
    ASSERT_TRUE(observer.fingerprint({0, 1}, large, c));
    EXPECT_NE(b, c) << detect::detector_kind_option(kind);
  }
}

// A fingerprint holds each clock value's rank among its component's values, not the value
// (ClockSnapshot::canonical): states whose clocks are ordered alike are one state, which is
// what closes a spin loop into a cycle. Ranks come from a table indexed by value, or from a
// sort when the values are too far apart for a table; a thread that locks three times and one
// that locks three thousand times take the two ways and must give the same fingerprint, and
// a state ordered otherwise (the other thread taking the lock after the first round, not the
// last) another one. Every detector.
TEST(ExploreCache, FingerprintsRankClockValuesHoweverFarApart) {
  constexpr uint32_t kLock = 20, kCell = 5;
  auto fingerprint = [](detect::DetectorKind kind, int rounds, int other_after) {
    RaceObserver observer(kind);
    for (int r = 1; r <= rounds; ++r) {
      observer.observe({{LabelKind::Acquire, 0, kLock}, {}});
      observer.observe({{LabelKind::Release, 0, kLock}, {}});
      if (r == other_after) {
        observer.observe({{LabelKind::Acquire, 1, kLock}, {}});
        observer.observe({{LabelKind::Release, 1, kLock}, {}});
      }
    }
    observer.observe({{LabelKind::Write, 0, kCell}, {}});
    RaceObserver::Cells cells;
    cells.locks = {kLock};
    cells.locations = {kCell};
    std::string out;
    EXPECT_TRUE(observer.fingerprint({0, 1}, cells, out));
    return out;
  };
  for (auto kind : {detect::DetectorKind::VectorClock, detect::DetectorKind::FastTrack,
                    detect::DetectorKind::Djit, detect::DetectorKind::MultiJoinVectorClock}) {
    SCOPED_TRACE(detect::detector_kind_option(kind));
    std::string few = fingerprint(kind, 3, 3);
    EXPECT_EQ(few, fingerprint(kind, 3000, 3000));
    EXPECT_NE(few, fingerprint(kind, 3, 1));
    EXPECT_NE(fingerprint(kind, 3000, 3000), fingerprint(kind, 3000, 1));
  }
}

// Detector metadata is allocated by pages where locations are accessed: an access to the last
// cell of a 10^7-cell array used to grow every table to ten million clocks (a fresh detector
// is built many times during a search). Every detector.
TEST(ExploreCache, DetectorsAllocateMetadataOnlyNearAccessedLocations) {
  for (auto kind : {detect::DetectorKind::VectorClock, detect::DetectorKind::FastTrack,
                    detect::DetectorKind::Djit, detect::DetectorKind::MultiJoinVectorClock}) {
    RaceObserver observer(kind);
    observer.observe({{LabelKind::Write, 1, 9'999'999}, {}});
    observer.observe({{LabelKind::Read, 0, 3}, {}});
    RaceObserver::Cells cells;
    for (uint32_t x = 0; x < 10'000'000; ++x) cells.locations.push_back(x);
    std::string key;
    ASSERT_TRUE(observer.fingerprint({0, 1}, cells, key));
    EXPECT_LT(key.size(), 200u) << detect::detector_kind_option(kind);
  }
  detect::VectorClockDetector vc;
  vc.step(detect::Event::write(0, 9'999'999));
  std::vector<uint32_t> touched = vc.locations_with_metadata();
  EXPECT_LE(touched.size(), 256u);
  EXPECT_TRUE(std::binary_search(touched.begin(), touched.end(), 9'999'999u));
}

TEST(ExploreOutput, JsonHasTheDocumentedKeys) {
  auto c = compile(kStoreLoad, "p.rl");
  ASSERT_TRUE(c);
  ExploreOptions options;
  ExploreResult r = explore_program(c->code, options);
  ExploreOutputOptions output;
  output.program_path = "p.rl";
  output.locals = true;
  std::string json = format_explore_json(r, c->code, options, output);
  for (const char* key : {"\"executions\": ", "\"final_states\": [{\"x\": 1}]",
                          "\"final_states_with_locals\": ", "\"races\": ", "\"location\": \"x\"",
                          "\"accesses\": [{\"thread\": ", "\"schedule\": [",
                          "\"assertion_failures\": []", "\"deadlocks\": []"})
    EXPECT_NE(json.find(key), std::string::npos) << key << "\n" << json;
}

// Final states in text print a run of ten or more equal values once, as gdb does; JSON keeps
// every value (a consumer parses it), and both keep shorter runs whole.
TEST(ExploreOutput, TextFoldsLongRunsAndJsonKeepsEveryValue) {
  auto c = compile("shared a[13];\nshared b[9];\nstore 1 a[2];\n", "p.rl");
  ASSERT_TRUE(c);
  ExploreOptions options;
  ExploreResult r = explore_program(c->code, options);
  ExploreOutputOptions output;
  output.program_path = "p.rl";
  std::string text = format_explore_text(r, c->code, *c->file, options, output);
  EXPECT_NE(text.find("a = [0, 0, 1, 0 <repeats 10 times>], b = [0, 0, 0, 0, 0, 0, 0, 0, 0]"),
            std::string::npos)
      << text;
  std::string json = format_explore_json(r, c->code, options, output);
  EXPECT_NE(json.find("\"a\": [0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]"), std::string::npos) << json;
  EXPECT_EQ(json.find("repeats"), std::string::npos) << json;
}

// Caching is exact: on generated loop-free programs, the search with and without it reports
// the same final states, races, failures and deadlocks, and the same execution counts, for
// every detector. `broken` caches by the machine state alone (the negative control).
void check_cache_exact(bool broken) {
  std::string text = *testing::gen_concurrent_source();
  RC_LOG() << text;
  auto c = compile(text);
  RC_ASSERT(c != nullptr);
  auto kind =
      *rc::gen::element(detect::DetectorKind::VectorClock, detect::DetectorKind::FastTrack,
                        detect::DetectorKind::Djit, detect::DetectorKind::MultiJoinVectorClock);
  ExploreOptions cached;
  cached.detector = kind;
  cached.max_states = 5000;
  ExploreOptions plain = cached;
  plain.cache = false;
  cached.incomplete_cache_key = broken;
  ExploreResult a = explore_program(c->code, cached);
  RC_PRE(a.limit.empty());
  ExploreResult b = explore_program(c->code, plain);
  RC_PRE(b.limit.empty());
  RC_TAG(a.races.empty() ? "race-free" : "racy");
  RC_TAG(a.deadlocks.empty() ? "no deadlock" : "deadlock");
  RC_ASSERT(a.final_states == b.final_states);
  RC_ASSERT(a.counts.total == b.counts.total);
  RC_ASSERT(a.counts.racy == b.counts.racy);
  RC_ASSERT(a.counts.finished == b.counts.finished);
  RC_ASSERT(a.counts.failed == b.counts.failed);
  RC_ASSERT(a.counts.deadlocked == b.counts.deadlocked);
  RC_ASSERT(a.races.size() == b.races.size());
  for (size_t i = 0; i < a.races.size(); ++i) {
    RC_ASSERT(a.races[i].report == b.races[i].report);
    RC_ASSERT(a.races[i].witness == b.races[i].witness);
  }
  RC_ASSERT(a.deadlocks.size() == b.deadlocks.size());
  RC_ASSERT(a.states <= b.states);
}

RC_GTEST_PROP(ExploreCache, SameResultsWithAndWithoutCaching, ()) {
  check_cache_exact(false);
}

TEST(ExploreCache, PropertyCatchesAnIncompleteKey) {
  // Leaving the detector's state and the access history out of the key merges states whose
  // futures report different races: the property must notice.
  auto failure = verify::find_failure([] { check_cache_exact(true); }, 500);
  ASSERT_TRUE(failure.has_value());
}

// Every witness of every generated program replays to its outcome, spin loops included.
RC_GTEST_PROP(ExploreWitnesses, GeneratedWitnessesReplay, ()) {
  std::string text = *testing::gen_concurrent_source({.loops = true});
  RC_LOG() << text;
  auto c = compile(text);
  RC_ASSERT(c != nullptr);
  ExploreOptions options;
  options.max_states = 5000;
  options.detector =
      *rc::gen::element(detect::DetectorKind::VectorClock, detect::DetectorKind::FastTrack);
  ExploreResult r = explore_program(c->code, options);
  RC_TAG(r.races.empty() ? "race-free" : "racy", r.cyclic ? "cyclic" : "acyclic");
  expect_witnesses_replay(*c, r, options);
  RC_ASSERT(!::testing::Test::HasFailure());
}

} // namespace
} // namespace racelang
