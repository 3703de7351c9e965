// The bigger-step semantics (CPP'17, Figure 11; MachineOptions::bigger_step): a group (a
// source instruction and its instrumentation) runs as one scheduling step, so an instrumented
// program has the scheduling points of its original; blocking is allowed only at a group's
// first visible instruction, which the pass respects; groups survive printing through their
// marker comments (instrument/groups.h); without markers the mode is the small-step semantics.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <climits>
#include <map>

#include "frontend/print.h"
#include "instrument/groups.h"
#include "instrument/instrument.h"
#include "instrument/vector_clock_pass.h"
#include "tests/interp/interp_harness.h"
#include "tests/support/program_gen.h"
#include "verify/program_gen.h"
#include "verify/property_runner.h"
#include "verify/subject.h"

namespace racelang {
namespace {

InterpreterOptions bigger_step(std::optional<detect::DetectorKind> detector = std::nullopt) {
  InterpreterOptions options;
  options.detector = detector;
  options.machine.bigger_step = true;
  return options;
}

const char* kRacy = "shared x;\n"
                    "spawn 1 {\n"
                    "  store 42 x;\n"
                    "}\n"
                    "spawn 2 {\n"
                    "  a := load x;\n"
                    "  print(a);\n"
                    "}\n"
                    "wait 1;\n"
                    "wait 2;\n";

const char* kLocked = "shared x;\n"
                      "spawn 1 {\n"
                      "  lock m;\n"
                      "  store 42 x;\n"
                      "  unlock m;\n"
                      "}\n"
                      "spawn 2 {\n"
                      "  lock m;\n"
                      "  a := load x;\n"
                      "  unlock m;\n"
                      "}\n"
                      "wait 1;\n"
                      "a := load x;\n"
                      "wait 2;\n"
                      "store 1 x;\n";

TEST(BiggerStep, AGroupIsOneSchedulingStep) {
  std::string error;
  auto s = verify::make_subject(kRacy, paper_pass_options(), error);
  ASSERT_NE(s, nullptr) << error;
  Machine m(s->instrumented.code, {.bigger_step = true});
  ASSERT_EQ(m.start(1000).status, StepStatus::Done);
  // The prologue (C[t][t] := 1 for t = 0, 1, 2) in one step.
  ASSERT_EQ(m.advance(0, 1000).status, StepStatus::Done);
  EXPECT_EQ(m.events().size(), 3u);
  for (const LabelledStep& e : m.events()) EXPECT_EQ(e.label.kind, LabelKind::Write);
  // `spawn 1` with its instrumentation: C[1] := C[0] ⊔ C[1] (3 entries: 2 reads and a write
  // each), C[0][0] += 1 (a read and a write), the fork.
  ASSERT_EQ(m.advance(0, 1000).status, StepStatus::Done);
  ASSERT_EQ(m.events().size(), 3u * 3 + 2 + 1);
  EXPECT_EQ(m.events().back().label.kind, LabelKind::Fork);
  // Thread 1's store with its instrumentation: lock X, 6 checks (2 reads each), the record of
  // the access (a read and two writes), the store, unlock X; then thread 1 has finished.
  ASSERT_EQ(m.advance(1, 1000).status, StepStatus::Done);
  EXPECT_EQ(m.events().front().label.kind, LabelKind::Acquire);
  EXPECT_EQ(m.events().size(), 1u + 12 + 3 + 1 + 1 + 1);
  EXPECT_EQ(m.events().back().label.kind, LabelKind::Exit);
  EXPECT_EQ(m.status(1), ThreadStatus::Finished);
}

TEST(BiggerStep, InstrumentedProgramsHaveTheOriginalsSchedulingPoints) {
  std::string error;
  auto s = verify::make_subject(kRacy, paper_pass_options(), error);
  ASSERT_NE(s, nullptr) << error;
  for (uint64_t seed = 0; seed < 50; ++seed) {
    auto original = make_random_scheduler(seed);
    RunResult a = run_program(s->original.code, *original, InterpreterOptions{});
    auto instrumented = make_random_scheduler(seed);
    RunResult b = run_program(s->instrumented.code, *instrumented, bigger_step());
    // The same choices, after the prologue's forced one; the same verdict at the same point.
    ASSERT_FALSE(b.schedule.empty());
    EXPECT_EQ(a.schedule, Schedule(b.schedule.begin() + 1, b.schedule.end())) << seed;
    ASSERT_EQ(a.races.size(), b.races.size()) << seed;
    if (!a.races.empty()) {
      EXPECT_TRUE(b.races[0].from_instrumentation);
      EXPECT_EQ(race_key(a.races[0]), race_key(b.races[0])) << seed;
    }
  }
}

TEST(BiggerStep, ADetectorSeesEveryEventOfAGroup) {
  // Running the instrumented program with VectorClock observing it too: the detector sees
  // every metadata access of every group (as many events as a small-step run of this
  // straight-line, race-free program) and finds no race (Lemma 4; x is under X[x]).
  std::string error;
  auto s = verify::make_subject(kLocked, paper_pass_options(), error);
  ASSERT_NE(s, nullptr) << error;
  auto count_events = [&](InterpreterOptions options, uint64_t seed, RunResult& result) {
    size_t events = 0;
    options.detector = detect::DetectorKind::VectorClock;
    options.keep_going = true;
    options.on_event = [&](const LabelledStep&) { ++events; };
    auto scheduler = make_random_scheduler(seed);
    result = run_program(s->instrumented.code, *scheduler, options);
    return events;
  };
  size_t finished = 0, racy = 0;
  for (uint64_t seed = 0; seed < 30; ++seed) {
    RunResult big, small;
    size_t big_events = count_events(bigger_step(), seed, big);
    for (const RaceReport& race : big.races) EXPECT_TRUE(race.from_instrumentation) << seed;
    racy += !big.races.empty();
    if (big.outcome != Outcome::Finished) continue;
    ++finished;
    for (uint64_t other = 0;; ++other) {
      ASSERT_LT(other, 100u);
      size_t small_events = count_events({}, other, small);
      if (small.outcome != Outcome::Finished) continue;
      EXPECT_EQ(big_events, small_events) << seed;
      break;
    }
  }
  EXPECT_EQ(finished, 30u);
  EXPECT_EQ(racy, 0u);
}

TEST(BiggerStep, BlockingInsideAGroupIsARuntimeError) {
  auto c = testing::compile("spawn 1 {\n"
                            "  lock n;\n"
                            "  store 1 x;\n"
                            "  unlock n;\n"
                            "}\n"
                            "// @group(2) two locks in one step\n"
                            "lock m;\n"
                            "lock n;\n"
                            "unlock n;\n"
                            "unlock m;\n"
                            "wait 1;\n");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(restore_groups(c->program), 1u);
  c->code = compile_program(c->program, c->info);
  // main spawns 1; thread 1 takes n; main's group takes m, then blocks on n.
  auto run = testing::run_schedule(*c, {0, 1, 0}, bigger_step());
  ASSERT_EQ(run.result.outcome, Outcome::RuntimeError);
  EXPECT_NE(run.result.failure->message.find("inside an atomic group"), std::string::npos)
      << run.result.failure->message;
  EXPECT_EQ(run.result.failure->range.begin.line, 8u);
  // Small-step, the same program just waits for n.
  auto small = testing::run_schedule(*c, {0, 1, 0, 1, 1, 0, 0, 0, 0}, {});
  EXPECT_EQ(small.result.outcome, Outcome::Finished);
}

TEST(BiggerStep, WithoutGroupsItIsTheSmallStepSemantics) {
  auto c = testing::compile(kRacy);
  ASSERT_NE(c, nullptr);
  for (uint64_t seed = 0; seed < 20; ++seed) {
    auto a = testing::run_seed(*c, seed, {});
    InterpreterOptions options;
    options.machine.bigger_step = true;
    auto b = testing::run_seed(*c, seed, options);
    EXPECT_EQ(a.result.schedule, b.result.schedule);
    EXPECT_EQ(a.events, b.events);
    EXPECT_EQ(a.result.races, b.result.races);
  }
}

using verify::is_source_instruction;

// The instrumentation's index guard: an `if` whose only statement is an access at `__i`.
bool is_index_guard(const Stmt& s) {
  const auto* guard = std::get_if<If>(&s.node);
  if (!guard || guard->else_body || guard->then_body.size() != 1) return false;
  const Stmt& only = guard->then_body.front();
  const Location* loc = nullptr;
  if (const auto* load = std::get_if<Load>(&only.node)) loc = &load->loc;
  if (const auto* store = std::get_if<Store>(&only.node)) loc = &store->loc;
  if (const auto* unlock = std::get_if<UnlockStmt>(&only.node)) loc = &unlock->lock;
  if (!loc || !loc->index) return false;
  const auto* index = std::get_if<LocalRef>(&loc->index->node);
  return index && index->name == meta::kIndex;
}

// Every group the pass emits holds exactly one instruction of the original with all of its
// instrumentation (the prologue holds none) on every path through it (FastTrack's groups have
// a fast and a slow path, each with its own copy of the access), and puts the group's blocking
// instruction of the original (lock m, wait u) first among its visible instructions, as the
// bigger-step semantics requires. A location lock X[x] may come later: a group takes and
// releases it within itself, so in the bigger-step semantics no other group ever holds it.
// (Array accesses, whose index guard runs the original access only when it fails, are checked
// by running them, below.) Returns what is wrong, or "".
std::string check_groups(const Code& code) {
  for (const ThreadCode& t : code.threads) {
    size_t i = 0;
    while (i < t.instrs.size()) {
      uint32_t group = t.instrs[i].group;
      size_t end = i;
      while (end < t.instrs.size() && t.instrs[end].group == group) ++end;
      bool seen_visible = false;
      for (size_t k = i; k < end; ++k) {
        const Instr& in = t.instrs[k];
        // The index guard (`if (__i < 0 || __i >= n) { <the access> }`) runs the original
        // access only to fail as the original would: that path ends the run, so the access in
        // it is neither the group's visible instruction nor its source instruction.
        if (in.op == Op::JumpIfFalse && is_index_guard(*in.stmt)) {
          k = in.target - 1;
          continue;
        }
        bool blocking = (in.op == Op::Lock || in.op == Op::Wait) && is_source_instruction(in);
        if (blocking && group != 0 && seen_visible)
          return "thread " + std::to_string(t.id) + ": a group blocks at line " +
                 std::to_string(in.range.begin.line) + ", after a visible instruction";
        seen_visible = seen_visible || is_visible(in.op);
      }
      // The fewest and the most instructions of the original on a path through the group
      // (a group holds no loop, so its paths form a DAG), the index guard's failing path left
      // out.
      std::vector<std::pair<int, int>> from(end - i + 1, {0, 0});
      for (size_t k = end; k-- > i;) {
        const Instr& in = t.instrs[k];
        int own = is_source_instruction(in) ? 1 : 0;
        std::pair<int, int> rest{INT32_MAX, 0};
        auto take = [&](uint32_t next) {
          std::pair<int, int> r = next > k && next < end ? from[next - i] : std::pair{0, 0};
          rest = {std::min(rest.first, r.first), std::max(rest.second, r.second)};
        };
        if (in.op == Op::JumpIfFalse && is_index_guard(*in.stmt))
          take(in.target);
        else
          for_each_successor(t, static_cast<uint32_t>(k), take);
        if (rest.first == INT32_MAX) rest = {0, 0};
        from[k - i] = {own + rest.first, own + rest.second};
      }
      bool prologue = t.id == 0 && i == 0;
      int expected = prologue ? 0 : 1;
      if (group != 0 && seen_visible && (from[0].first != expected || from[0].second != expected))
        return "thread " + std::to_string(t.id) + ": a group at line " +
               std::to_string(t.instrs[i].range.begin.line) + " holds " +
               std::to_string(from[0].first) + " to " + std::to_string(from[0].second) +
               " instructions of the original";
      i = end;
    }
  }
  return "";
}

RC_GTEST_PROP(BiggerStep, GroupsHoldOneInstructionAndBlockOnlyFirst, ()) {
  verify::PaperProgram program = *verify::gen_paper_program();
  std::string error;
  auto s = verify::make_subject(program.source, {}, error);
  RC_ASSERT(s != nullptr);
  std::string wrong = check_groups(s->instrumented.code);
  if (!wrong.empty()) RC_FAIL(wrong);
}

TEST(BiggerStep, GroupCheckCatchesBadGroups) {
  // Two instructions of the original in one group, the second blocking.
  auto c = testing::compile("// @group(2)\n"
                            "store 1 x;\n"
                            "lock m;\n"
                            "unlock m;\n");
  ASSERT_NE(c, nullptr);
  restore_groups(c->program);
  c->code = compile_program(c->program, c->info);
  EXPECT_NE(check_groups(c->code), "");
}

RC_GTEST_PROP(BiggerStep, GeneralProgramsNeverBlockInsideAGroup, ()) {
  testgen::GenConfig config;
  Program original = *testgen::gen_program(config);
  auto c = testing::compile(original);
  RC_ASSERT(c != nullptr);
  std::string error;
  auto instrumented = instrument_program(c->program, c->info, PassOptions{}, error);
  RC_ASSERT(instrumented != nullptr);
  auto i = testing::compile(instrumented->program, CheckOptions{true});
  RC_ASSERT(i != nullptr);
  restore_groups(i->program);
  i->code = compile_program(i->program, i->info);
  for (uint64_t seed = 0; seed < 5; ++seed) {
    InterpreterOptions options = bigger_step();
    options.max_steps = 20'000;
    auto run = testing::run_seed(*i, seed, options);
    if (run.result.failure)
      RC_ASSERT(run.result.failure->message.find("atomic group") == std::string::npos);
  }
}

// Groups through printing: the markers give back exactly the groups of more than one
// statement (a group of one statement runs as one step anyway).
void expect_same_groups(const Block& built, const Block& parsed,
                        const std::map<uint32_t, int>& sizes,
                        std::map<uint32_t, uint32_t>& mapping) {
  RC_ASSERT(built.size() == parsed.size());
  for (size_t k = 0; k < built.size(); ++k) {
    uint32_t g = built[k].group;
    uint32_t expected = g != 0 && sizes.at(g) > 1 ? g : 0;
    if (expected == 0) {
      RC_ASSERT(parsed[k].group == 0u);
    } else {
      auto [it, inserted] = mapping.try_emplace(expected, parsed[k].group);
      RC_ASSERT(it->second == parsed[k].group);
      RC_ASSERT(parsed[k].group != 0u);
    }
    std::visit(
        Overloaded{
            [&](const Spawn& sp) {
              expect_same_groups(sp.body, std::get<Spawn>(parsed[k].node).body, sizes, mapping);
            },
            [&](const If& i) {
              const If& j = std::get<If>(parsed[k].node);
              expect_same_groups(i.then_body, j.then_body, sizes, mapping);
              if (i.else_body) expect_same_groups(*i.else_body, *j.else_body, sizes, mapping);
            },
            [&](const While& w) {
              expect_same_groups(w.body, std::get<While>(parsed[k].node).body, sizes, mapping);
            },
            [&](const auto&) {},
        },
        built[k].node);
  }
}

// How many top-level statements of a block each group has. Statements nested in a grouped
// `if` (the index guard) share its group but are not top-level; other bodies hold statements
// of their own groups.
void count_group_sizes(const Block& block, uint32_t enclosing, std::map<uint32_t, int>& sizes) {
  for (const Stmt& s : block) {
    if (enclosing == 0 || s.group != enclosing) ++sizes[s.group];
    std::visit(Overloaded{
                   [&](const Spawn& sp) { count_group_sizes(sp.body, 0, sizes); },
                   [&](const If& i) {
                     count_group_sizes(i.then_body, s.group, sizes);
                     if (i.else_body) count_group_sizes(*i.else_body, s.group, sizes);
                   },
                   [&](const While& w) { count_group_sizes(w.body, s.group, sizes); },
                   [&](const auto&) {},
               },
               s.node);
  }
}

// Removes the group markers (the negative control: printing without them loses groups).
void drop_markers(Block& block) {
  for (Stmt& s : block) {
    auto& leading = s.comments.leading;
    std::erase_if(leading, [](const std::string& c) { return c.rfind("// @group(", 0) == 0; });
    std::visit(Overloaded{
                   [&](Spawn& sp) { drop_markers(sp.body); },
                   [&](If& i) {
                     drop_markers(i.then_body);
                     if (i.else_body) drop_markers(*i.else_body);
                   },
                   [&](While& w) { drop_markers(w.body); },
                   [&](auto&) {},
               },
               s.node);
  }
}

void check_markers(bool broken) {
  Program original = *testgen::gen_program(testgen::GenConfig{});
  auto c = testing::compile(original);
  RC_ASSERT(c != nullptr);
  std::string error;
  auto instrumented = instrument_program(c->program, c->info, PassOptions{}, error);
  RC_ASSERT(instrumented != nullptr);
  Program printed = instrumented->program;
  if (broken) drop_markers(printed.body);
  auto parsed = testing::compile(printed, CheckOptions{true}); // prints and parses
  RC_ASSERT(parsed != nullptr);
  restore_groups(parsed->program);
  std::map<uint32_t, int> sizes;
  count_group_sizes(instrumented->program.body, 0, sizes);
  std::map<uint32_t, uint32_t> mapping;
  expect_same_groups(instrumented->program.body, parsed->program.body, sizes, mapping);
}

RC_GTEST_PROP(Groups, MarkersGiveBackTheGroupsAfterPrinting, ()) {
  check_markers(false);
}

TEST(Groups, PropertyCatchesLostMarkers) {
  EXPECT_TRUE(verify::find_failure([] { check_markers(true); }, 100).has_value());
}

} // namespace
} // namespace racelang
