// Tests of whole runs: the schedulers (seeded random, round-robin, replay) and the schedule
// text format, run outcomes (races with and without --keep-going, deadlocks, the step limit,
// schedule errors), the labels a run produces, and the exact text of the reports.
#include <gtest/gtest.h>

#include <set>

#include "interp/report.h"
#include "interp/scheduler.h"
#include "tests/interp/interp_harness.h"

namespace racelang {
namespace {

using testing::compile;
using testing::label_strings;
using testing::run_schedule;
using testing::run_seed;

const char* kRacyCounter = R"(shared x;
spawn 1 {
  v := load x;
  store v + 1 x;
}
spawn 2 {
  v := load x;
  store v + 1 x;
}
wait 1;
wait 2;
)";

TEST(Scheduler, RandomIsDeterministicForASeed) {
  auto c = compile(kRacyCounter);
  ASSERT_TRUE(c);
  InterpreterOptions options;
  options.detector = std::nullopt;
  std::set<Schedule> seen;
  for (uint64_t seed = 0; seed < 40; ++seed) {
    auto a = run_seed(*c, seed, options);
    auto b = run_seed(*c, seed, options);
    EXPECT_EQ(a.result.schedule, b.result.schedule);
    EXPECT_EQ(a.events, b.events);
    seen.insert(a.result.schedule);
  }
  EXPECT_GT(seen.size(), 3u); // different seeds explore different schedules
}

TEST(Scheduler, RandomChoicesArePinned) {
  // The generator is ours (splitmix64), so a seed means the same schedule everywhere.
  auto s = make_random_scheduler(42);
  std::vector<int64_t> choices;
  for (uint64_t i = 0; i < 8; ++i) choices.push_back(*s->choose({0, 1, 2}, i));
  EXPECT_EQ(choices, (std::vector<int64_t>{1, 1, 0, 0, 1, 0, 1, 2}));
  EXPECT_EQ(s->replay_options(), "--seed=42");
}

TEST(Scheduler, RoundRobinCyclesThroughRunnableThreads) {
  auto s = make_round_robin_scheduler();
  EXPECT_EQ(*s->choose({0}, 0), 0);
  EXPECT_EQ(*s->choose({0, 1, 2}, 1), 1);
  EXPECT_EQ(*s->choose({0, 1, 2}, 2), 2);
  EXPECT_EQ(*s->choose({0, 1, 2}, 3), 0);
  EXPECT_EQ(*s->choose({0, 2}, 4), 2);
  EXPECT_EQ(*s->choose({1}, 5), 1);
  EXPECT_EQ(s->replay_options(), "--schedule=rr");
}

// Without keep_schedule a run keeps no choice (a long run would grow by eight bytes a
// scheduling point) but still counts them, and runs the same.
TEST(Scheduler, RunsWithoutKeepingTheScheduleCountTheirChoices) {
  auto c = compile(kRacyCounter);
  ASSERT_TRUE(c);
  InterpreterOptions options;
  options.detector = std::nullopt;
  auto kept = testing::run_with(*c, *make_round_robin_scheduler(), options);
  options.keep_schedule = false;
  auto counted = testing::run_with(*c, *make_round_robin_scheduler(), options);
  EXPECT_EQ(kept.result.schedule.size(), 8u);
  EXPECT_EQ(kept.result.choices, 8u);
  EXPECT_TRUE(counted.result.schedule.empty());
  EXPECT_EQ(counted.result.choices, 8u);
  EXPECT_EQ(testing::shared_value(*c, counted.final_state, "x"), 2);
}

TEST(Scheduler, RoundRobinRunInterleavesThreads) {
  auto c = compile(kRacyCounter);
  ASSERT_TRUE(c);
  auto s = make_round_robin_scheduler();
  InterpreterOptions options;
  options.detector = std::nullopt;
  auto run = testing::run_with(*c, *s, options);
  // spawn 1, rd(1, x), spawn 2, wr(1, x), rd(2, x), wait 1, wr(2, x), wait 2
  EXPECT_EQ(run.result.schedule, (Schedule{0, 1, 0, 1, 2, 0, 2, 0}));
  EXPECT_EQ(testing::shared_value(*c, run.final_state, "x"), 2);
}

TEST(Scheduler, ReplayReportsWhereItDoesNotFit) {
  auto s = make_replay_scheduler({0, 2}, "--replay=f");
  EXPECT_EQ(*s->choose({0, 1}, 0), 0);
  EXPECT_FALSE(s->choose({0, 1}, 1));
  EXPECT_EQ(s->error(), "at scheduling point 2 the schedule chooses thread 2, which cannot step "
                        "(threads 0, 1 can): the schedule is not one of this program's");
  EXPECT_FALSE(s->exhausted());
  auto t = make_replay_scheduler({0}, "x");
  EXPECT_EQ(*t->choose({0}, 0), 0);
  EXPECT_FALSE(t->choose({0}, 1));
  EXPECT_TRUE(t->exhausted());
}

// Runnable ids come in spawn order, which is not id order when a program spawns `spawn 2`
// before `spawn 1`; neither scheduler may assume they are sorted.
TEST(Scheduler, RoundRobinAndReplayTakeIdsInAnyOrder) {
  auto s = make_round_robin_scheduler();
  EXPECT_EQ(*s->choose({0, 2, 1}, 0), 0);
  EXPECT_EQ(*s->choose({0, 2, 1}, 1), 1);
  EXPECT_EQ(*s->choose({0, 2, 1}, 2), 2);
  EXPECT_EQ(*s->choose({0, 2, 1}, 3), 0);
  EXPECT_EQ(*s->choose({3, 2}, 4), 2);
  auto r = make_replay_scheduler({1, 2, 0}, "x");
  EXPECT_EQ(*r->choose({0, 2, 1}, 0), 1);
  EXPECT_EQ(*r->choose({2, 1}, 1), 2);
  EXPECT_FALSE(r->choose({2, 1}, 2));
  EXPECT_EQ(r->error(), "at scheduling point 3 the schedule chooses thread 0, which cannot step "
                        "(threads 1, 2 can): the schedule is not one of this program's");
}

TEST(Scheduler, RoundRobinRunWithDescendingSpawns) {
  auto c = compile("shared x;\nspawn 2 {\n  store 2 x;\n  store 2 x;\n}\nspawn 1 {\n  store 1 "
                   "x;\n  store 1 x;\n}\nwait 1;\nwait 2;\n");
  ASSERT_TRUE(c);
  auto s = make_round_robin_scheduler();
  InterpreterOptions options;
  options.detector = std::nullopt;
  auto run = testing::run_with(*c, *s, options);
  EXPECT_EQ(run.result.outcome, Outcome::Finished);
  // spawn 2, wr(2, x), spawn 1, then with threads 0, 2 and 1 runnable (in that order) after
  // thread 0: thread 1 (the next id), thread 2, thread 1 (0 waits for it), wait 1, wait 2.
  EXPECT_EQ(run.result.schedule, (Schedule{0, 2, 0, 1, 2, 1, 0, 0}));
}

TEST(ScheduleText, ParsesCommentsCommasAndWhitespace) {
  std::string error;
  auto s = parse_schedule("# racelang schedule v1\n0 1,1\n\t2 # trailing\n3,", error);
  ASSERT_TRUE(s) << error;
  EXPECT_EQ(*s, (Schedule{0, 1, 1, 2, 3}));
  EXPECT_FALSE(parse_schedule("0 1\nx", error));
  EXPECT_EQ(error, "line 2: expected a thread id, found 'x'");
  EXPECT_FALSE(parse_schedule("-1", error));
  EXPECT_FALSE(parse_schedule("99999999999", error));
  EXPECT_EQ(error, "line 1: thread id too large");
}

TEST(ScheduleText, FileFormatRoundTrips) {
  Schedule schedule;
  for (int i = 0; i < 70; ++i) schedule.push_back(i % 3);
  std::string text = format_schedule_file(schedule, "prog.rl", "a comment");
  EXPECT_EQ(text.substr(0, text.find('\n', text.find("prog.rl"))),
            "# racelang schedule v1\n# program: prog.rl");
  std::string error;
  EXPECT_EQ(parse_schedule(text, error), schedule);
  EXPECT_EQ(format_schedule_string({0, 1, 1, 2}), "0,1,1,2");
  EXPECT_EQ(parse_schedule("0,1,1,2", error), (Schedule{0, 1, 1, 2}));
}

TEST(Run, LabelsOfARun) {
  auto c = compile(kRacyCounter);
  ASSERT_TRUE(c);
  InterpreterOptions options;
  options.detector = std::nullopt;
  auto run = run_schedule(*c, {0, 0, 1, 1, 2, 2, 0, 0}, options);
  EXPECT_EQ(run.result.outcome, Outcome::Finished);
  EXPECT_EQ(label_strings(*c, run.events),
            (std::vector<std::string>{"fork(0, 1)", "fork(0, 2)", "rd(1, x)", "wr(1, x)", "exit(1)",
                                      "rd(2, x)", "wr(2, x)", "exit(2)", "join(0, 1)", "join(0, 2)",
                                      "exit(0)"}));
  EXPECT_EQ(testing::shared_value(*c, run.final_state, "x"), 2);
}

TEST(Run, StopsAtTheFirstRace) {
  auto c = compile(kRacyCounter);
  ASSERT_TRUE(c);
  auto run = run_schedule(*c, {0, 0, 1, 1, 2});
  EXPECT_EQ(run.result.outcome, Outcome::Race);
  ASSERT_EQ(run.result.races.size(), 1u);
  const RaceReport& r = run.result.races[0];
  EXPECT_EQ(c->info.cell_name(r.cell), "x");
  EXPECT_EQ(r.current, (RaceAccess{2, AccessKind::Read, {{7, 3}, {7, 15}}}));
  EXPECT_EQ(r.previous, (RaceAccess{1, AccessKind::Write, {{4, 3}, {4, 17}}}));
  EXPECT_EQ(run_exit_code(run.result), 66);
  EXPECT_EQ(run.result.schedule, (Schedule{0, 0, 1, 1, 2}));
}

TEST(Run, KeepGoingReportsEachDistinctRaceOnce) {
  auto c = compile(R"(shared x;
spawn 1 {
  i := 0;
  while (i < 3) {
    store i x;
    i := i + 1;
  }
}
j := 0;
while (j < 3) {
  store j x;
  v := load x;
  j := j + 1;
}
wait 1;
)");
  ASSERT_TRUE(c);
  InterpreterOptions options;
  options.keep_going = true;
  auto run = run_schedule(*c, {0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 0}, options);
  EXPECT_EQ(run.result.outcome, Outcome::Finished);
  std::set<std::pair<uint32_t, uint32_t>> lines;
  for (const RaceReport& r : run.result.races)
    lines.insert({r.current.range.begin.line, r.previous.range.begin.line});
  // Line 5 racing with line 11 later is the same race as 11 with 5: reported once.
  EXPECT_EQ(lines, (std::set<std::pair<uint32_t, uint32_t>>{{11, 5}, {12, 5}}));
  EXPECT_EQ(run_exit_code(run.result), 66);
}

TEST(Run, DeadlockListsEveryBlockedThread) {
  auto c = compile(R"(mutex a;
mutex b;
spawn 1 {
  lock a;
  lock b;
}
lock b;
lock a;
wait 1;
)");
  ASSERT_TRUE(c);
  InterpreterOptions options;
  auto run = run_schedule(*c, {0, 1, 0}, options);
  ASSERT_EQ(run.result.outcome, Outcome::Deadlock);
  ASSERT_EQ(run.result.blocked.size(), 2u);
  EXPECT_EQ(run.result.blocked[0].thread, 0);
  EXPECT_EQ(run.result.blocked[0].blocker.kind, Blocker::Lock);
  EXPECT_EQ(run.result.blocked[0].blocker.holder, 1);
  EXPECT_EQ(run.result.blocked[1].blocker.holder, 0);
  EXPECT_EQ(run_exit_code(run.result), 1);
  EXPECT_EQ(format_deadlock(run.result.blocked, c->code, *c->file, false),
            "t.rl: error: deadlock: threads 0 and 1 are blocked and no thread can continue\n"
            "t.rl:8:1: note: thread 0 waits to lock 'a', held by thread 1\n"
            "lock a;\n"
            "^~~~~~~\n"
            "t.rl:5:3: note: thread 1 waits to lock 'b', held by thread 0\n"
            "  lock b;\n"
            "  ^~~~~~~\n");
}

TEST(Run, SelfDeadlockAndWaitingForAThreadNeverSpawned) {
  auto c = compile("mutex m;\nlock m;\nlock m;\n");
  ASSERT_TRUE(c);
  auto run = run_seed(*c, 1);
  ASSERT_EQ(run.result.outcome, Outcome::Deadlock);
  EXPECT_EQ(testing::label_strings(*c, run.events), (std::vector<std::string>{"acq(0, m)"}));
  EXPECT_NE(format_deadlock(run.result.blocked, c->code, *c->file, false)
                .find("thread 0 waits to lock 'm', which it holds itself (locks are not "
                      "re-entrant)"),
            std::string::npos);
  auto d = compile("i := 0;\nif (i > 0) {\n  spawn 1 { }\n}\nwait 1;\n");
  ASSERT_TRUE(d);
  auto run2 = run_seed(*d, 1);
  ASSERT_EQ(run2.result.outcome, Outcome::Deadlock);
  EXPECT_EQ(format_deadlock(run2.result.blocked, d->code, *d->file, false),
            "t.rl: error: deadlock: thread 0 is blocked and no thread can continue\n"
            "t.rl:5:1: note: thread 0 waits for thread 1, which has not been spawned\n"
            "wait 1;\n"
            "^~~~~~~\n");
}

TEST(Run, StepLimitStopsRunawayLoops) {
  auto c = compile("shared x;\nspawn 1 {\n  while (0 == 0) {\n    v := load x;\n  }\n}\n");
  ASSERT_TRUE(c);
  InterpreterOptions options;
  options.max_steps = 1000;
  auto run = run_seed(*c, 7, options);
  EXPECT_EQ(run.result.outcome, Outcome::StepLimit);
  EXPECT_LE(run.result.steps, 1000u);
  EXPECT_EQ(run_exit_code(run.result), 1);
  ASSERT_EQ(run.result.running.size(), 1u);
  EXPECT_EQ(run.result.running[0].first, 1);
}

TEST(Run, ReplayReproducesARandomRunExactly) {
  auto c = compile(kRacyCounter);
  ASSERT_TRUE(c);
  for (uint64_t seed = 0; seed < 20; ++seed) {
    InterpreterOptions options;
    options.keep_going = true;
    auto original = run_seed(*c, seed, options);
    auto replay = run_schedule(*c, original.result.schedule, options);
    EXPECT_EQ(replay.events, original.events);
    EXPECT_EQ(replay.result.races, original.result.races);
    EXPECT_EQ(replay.final_state, original.final_state);
  }
}

// The JIT deduplicates failed checks by race_check_key before resolving them to statements; the
// key must be the one the resolved report has, for every kind of site a check can carry (an
// access, a position with no access, none at all).
TEST(Run, RaceCheckKeyIsTheKeyOfTheResolvedReport) {
  auto c = compile(kRacyCounter);
  ASSERT_TRUE(c);
  const Block& body = c->program.body;
  std::vector<int64_t> sites{0, 1 * kSiteLineFactor + 1};
  for (const ThreadCode& t : c->code.threads)
    for (const Instr& in : t.instrs)
      if (in.op == Op::Load || in.op == Op::Store)
        sites.push_back(int64_t{in.range.begin.line} * kSiteLineFactor + in.range.begin.col);
  for (int64_t here : sites)
    for (int64_t prev : sites) {
      Failure f;
      f.kind = FailureKind::RaceCheck;
      f.thread = 1;
      f.range = {{9, 2}, {9, 7}};
      f.race = RaceCheckReport{AccessKind::Write, 3, here, AccessKind::Read, 2, prev};
      EXPECT_EQ(race_check_key(f), race_key(race_from_check(body, f))) << here << " " << prev;
    }
}

TEST(Run, ScheduleErrors) {
  auto c = compile(kRacyCounter);
  ASSERT_TRUE(c);
  auto bad = run_schedule(*c, {0, 3});
  EXPECT_EQ(bad.result.outcome, Outcome::ScheduleError);
  EXPECT_EQ(run_exit_code(bad.result), 2);
  auto short_one = run_schedule(*c, {0});
  EXPECT_EQ(short_one.result.outcome, Outcome::ScheduleError);
  EXPECT_TRUE(short_one.result.schedule_exhausted);
  EXPECT_EQ(run_exit_code(short_one.result), 2);
}

TEST(Report, RaceReportFormat) {
  auto c = compile(kRacyCounter, "prog.rl");
  ASSERT_TRUE(c);
  auto run = run_schedule(*c, {0, 0, 1, 2, 2});
  ASSERT_EQ(run.result.races.size(), 1u);
  EXPECT_EQ(format_race_report(run.result.races[0], c->code, *c->file),
            "==================\n"
            "WARNING: data race on 'x'\n"
            "  Write of 'x' by thread 2 at prog.rl:8:3:\n"
            "      store v + 1 x;\n"
            "      ^~~~~~~~~~~~~~\n"
            "  Previous read of 'x' by thread 1 at prog.rl:3:3:\n"
            "      v := load x;\n"
            "      ^~~~~~~~~~~~\n"
            "  Thread 1 was spawned by thread 0 at prog.rl:2:1\n"
            "  Thread 2 was spawned by thread 0 at prog.rl:6:1\n"
            "SUMMARY: racelang: data race on 'x' (prog.rl:8:3 and prog.rl:3:3)\n"
            "==================\n");
}

TEST(Report, EveryDetectorFindsTheRace) {
  auto c = compile(kRacyCounter);
  ASSERT_TRUE(c);
  for (auto kind : {detect::DetectorKind::VectorClock, detect::DetectorKind::FastTrack,
                    detect::DetectorKind::Djit, detect::DetectorKind::MultiJoinVectorClock}) {
    InterpreterOptions options;
    options.detector = kind;
    auto run = run_schedule(*c, {0, 0, 1, 1, 2}, options);
    EXPECT_EQ(run.result.outcome, Outcome::Race) << detect::detector_kind_option(kind);
  }
  InterpreterOptions none;
  none.detector = std::nullopt;
  EXPECT_EQ(run_schedule(*c, {0, 0, 1, 1, 2, 2, 0, 0}, none).result.outcome, Outcome::Finished);
}

TEST(Report, InstrumentationChecksReportRaces) {
  // A failing `__race` check is a race report (exit 66), not an assertion failure.
  auto c = compile(R"(shared x;
shared __site[2];
store 65539 __site[1];
spawn 1 {
  store 1 x;
}
a := 0;
assert(a > 0) __race(write x, 3 * 65536 + 1, read 1, __site[1]);
)",
                   "t.rl", CheckOptions{true});
  ASSERT_TRUE(c);
  auto run = run_schedule(*c, {0, 0, 1});
  ASSERT_EQ(run.result.outcome, Outcome::Race);
  ASSERT_EQ(run.result.races.size(), 1u);
  EXPECT_TRUE(run.result.races[0].from_instrumentation);
  EXPECT_EQ(run.result.races[0].current.range.begin, (SourceLoc{3, 1}));
  EXPECT_EQ(run.result.races[0].previous.thread, 1);
  EXPECT_EQ(run.result.races[0].previous.range.begin, (SourceLoc{1, 3}));
  EXPECT_EQ(run_exit_code(run.result), 66);
}

} // namespace
} // namespace racelang
