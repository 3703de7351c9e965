// The JIT's properties on real threads, each with a deliberately broken code generator that
// fails it:
// - race-free programs with a schedule-independent final state end with the interpreter's
//   shared memory and output, uninstrumented and instrumented (and the instrumentation finds no
//   race); broken: `wait` that does not wait.
// - for any generated concurrent program, what a JIT run ends with (its first race, failure,
//   deadlock, or final memory) is one of the outcomes the explorer finds over every schedule;
//   broken: `unlock` that keeps the lock.
// - programs racy on every schedule are reported racy on every one of 20 runs; broken:
//   instrumentation checks compiled as no-ops.
// - the synchronisation (volatiles, cas, fetch_add, conditions, barriers, assume), run
//   uninstrumented (the JIT's own lowering; instrumented runs of it are the goldens' RUN-JIT
//   lines over programs/sync under every pass): generated race-free programs on it end
//   with the interpreter's memory (broken: a barrier that releases a phase one arrival early),
//   and the JIT's verdict on generated concurrent programs with it (lost wake-ups, barriers
//   that never fill, discarded runs included) is one the explorer finds (broken: the same
//   barrier); a few of the race-free programs also go through emit-c, which must print the
//   same memory.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <set>

#include "emitc/emit_c.h"
#include "interp/explore_output.h"
#include "tests/emitc/c_harness.h"
#include "tests/interp/concurrent_gen.h"
#include "tests/jit/jit_harness.h"
#include "tests/jit/jit_program_gen.h"
#include "verify/property_runner.h"

namespace racelang {
namespace {

using namespace racelang::testing;

constexpr int kRacyRuns = 20;

// Emit-c's final memory for `c` (gcc -O1, one run), as `explore` prints a final state; a
// RapidCheck failure if it does not build or run cleanly.
std::string emit_c_final_memory(const Compiled& c) {
  EmitCOptions emit;
  emit.print_final_memory = true;
  std::string exe = emitc_test::scratch_dir() + "/race_free";
  auto error = emitc_test::compile_c(emit_c(c.program, c.info, *c.file, emit), exe, {"-O1"});
  RC_ASSERT(!error.has_value());
  emitc_test::Outcome native = emitc_test::run_process({exe}, "", 60);
  RC_ASSERT(native.exit_code == 0);
  return native.out;
}

// `instrument`: also run the VectorClock instrumentation (not for the synchronisation);
// `emit_c`: also compare with the C backend's final memory (a C compilation per program).
void check_race_free(const std::string& source, jit::Fault fault, bool instrument = true,
                     bool emit_c = false) {
  auto c = compile(source, "race_free.rl");
  RC_ASSERT(c != nullptr);
  InterpreterOptions options;
  options.detector = std::nullopt;
  TracedRun interp = run_seed(*c, 1, options);
  RC_ASSERT(interp.result.outcome == Outcome::Finished);
  jit::CodegenOptions codegen;
  codegen.fault = fault;
  for (bool vc : {false, true}) {
    if (vc && !instrument) continue;
    auto s = jit_compile(*c, vc, kPropertyOptLevel, codegen);
    RC_ASSERT(s != nullptr);
    JitRun j = jit_run(*s);
    RC_ASSERT(describe(*s, j.result, true) == "");
    RC_ASSERT(original_memory(*s, j.result.memory) == interp.result.memory);
    RC_ASSERT(j.output == interp.output);
  }
  if (emit_c) {
    std::string expected;
    for (const std::string& line : interp.output) expected += line + "\n";
    expected += "final memory: " + format_shared_memory(c->code, interp.result.memory) + "\n";
    RC_ASSERT(emit_c_final_memory(*c) == expected);
  }
}

RC_GTEST_PROP(JitConcurrency, RaceFreeProgramsEndWithTheInterpretersMemory, ()) {
  check_race_free(*gen_race_free_source(), jit::Fault::None);
}

TEST(JitConcurrency, WaitThatDoesNotWaitFailsTheRaceFreeProperty) {
  auto failure = verify::find_failure(
      [] { check_race_free(*gen_race_free_source(), jit::Fault::WaitDoesNotBlock); }, 100);
  ASSERT_TRUE(failure.has_value());
}

// Everything the explorer says a program can end with, described as the harness does.
struct Possible {
  std::set<std::string> exact, by_kind; // races, failures (exactly / by kind), deadlocks
  std::set<std::vector<int64_t>> memories;
};

Possible possible_outcomes(const Compiled& c, const ExploreResult& e) {
  Possible p;
  auto both = [&](const std::string& exact, const std::string& by_kind) {
    p.exact.insert(exact);
    p.by_kind.insert(by_kind);
  };
  for (const ExploreRace& r : e.races)
    both(describe_race(r.report, c.info), describe_race(r.report, c.info));
  for (const auto* failures : {&e.assertion_failures, &e.runtime_errors})
    for (const ExploreFailure& f : *failures)
      both(describe_failure(f.failure, true), describe_failure(f.failure, false));
  for (const ExploreDeadlock& d : e.deadlocks)
    both(describe_deadlock(d.blocked, c.info), describe_deadlock(d.blocked, c.info));
  for (const FinalState& f : e.final_states) p.memories.insert(f.memory.to_vector());
  if (e.counts.discarded > 0) both("discarded", "discarded");
  return p;
}

// `instrument`: also run the VectorClock instrumentation (not for the synchronisation).
void check_explorer_allows(const std::string& source, jit::Fault fault, bool instrument = true) {
  auto c = compile(source, "concurrent.rl");
  RC_ASSERT(c != nullptr);
  ExploreResult e = explore_program(c->code, {});
  RC_SUCCEED_IF(!e.limit.empty() || e.cyclic); // only complete sets of outcomes are evidence
  Possible possible = possible_outcomes(*c, e);
  jit::CodegenOptions codegen;
  codegen.fault = fault;
  for (bool vc : {false, true}) {
    if (vc && !instrument) continue;
    auto s = jit_compile(*c, vc, kPropertyOptLevel, codegen);
    RC_ASSERT(s != nullptr);
    JitRun j = jit_run(*s);
    std::string verdict = describe(*s, j.result, !vc);
    RC_CLASSIFY(!verdict.empty(), verdict.substr(0, verdict.find(' ')));
    if (verdict.empty())
      RC_ASSERT(possible.memories.count(original_memory(*s, j.result.memory)) == 1u);
    else
      RC_ASSERT((vc ? possible.by_kind : possible.exact).count(verdict) == 1u);
  }
}

RC_GTEST_PROP(JitConcurrency, EveryVerdictIsOneTheExplorerFinds, ()) {
  check_explorer_allows(*gen_concurrent_source(), jit::Fault::None);
}

TEST(JitConcurrency, UnlockThatKeepsTheLockFailsTheExplorerProperty) {
  auto failure = verify::find_failure(
      [] { check_explorer_allows(*gen_concurrent_source(), jit::Fault::UnlockKeepsLock); }, 100);
  ASSERT_TRUE(failure.has_value());
}

void check_always_racy(const std::string& source, jit::Fault fault) {
  auto c = compile(source, "racy.rl");
  RC_ASSERT(c != nullptr);
  // The generator's promise, checked: every schedule races.
  ExploreResult e = explore_program(c->code, {});
  RC_ASSERT(e.limit.empty());
  RC_ASSERT(e.counts.racy == e.counts.total);
  jit::CodegenOptions codegen;
  codegen.fault = fault;
  auto s = jit_compile(*c, true, kPropertyOptLevel, codegen);
  RC_ASSERT(s != nullptr);
  for (int run = 0; run < kRacyRuns; ++run) {
    JitRun j = jit_run(*s);
    RC_ASSERT(j.result.outcome == Outcome::Race);
    RC_ASSERT(j.result.races.size() == 1u);
  }
}

RC_GTEST_PROP(JitConcurrency, AlwaysRacyProgramsAreReportedOnEveryRun, ()) {
  check_always_racy(*gen_always_racy_source(), jit::Fault::None);
}

TEST(JitConcurrency, IgnoredChecksFailTheAlwaysRacyProperty) {
  auto failure = verify::find_failure(
      [] { check_always_racy(*gen_always_racy_source(), jit::Fault::IgnoreRaceChecks); }, 20);
  ASSERT_TRUE(failure.has_value());
}

RC_GTEST_PROP(JitSync, RaceFreeSyncProgramsEndWithTheInterpretersMemory, ()) {
  check_race_free(*gen_race_free_sync_source(), jit::Fault::None, /*instrument=*/false);
}

TEST(JitSync, BarrierThatReleasesEarlyFailsTheRaceFreeProperty) {
  auto failure = verify::find_failure(
      [] {
        check_race_free(*gen_race_free_sync_source(), jit::Fault::BarrierReleasesEarly, false);
      },
      100);
  ASSERT_TRUE(failure.has_value());
}

// The third backend: a few of the same generated programs through emit-c must print the final
// memory the interpreter and the JIT end with. A handful: each costs a C compilation.
constexpr int kEmitCPrograms = 8;

TEST(JitSync, RaceFreeProgramsEndAlikeOnTheInterpreterTheJitAndEmitC) {
  if (!emitc_test::c_compiler()) GTEST_SKIP() << "no C compiler: emit-c cannot be compared";
  auto failure = verify::find_failure(
      [] { check_race_free(*gen_race_free_sync_source(), jit::Fault::None, false, true); },
      kEmitCPrograms);
  EXPECT_FALSE(failure.has_value()) << failure->description;
}

ConcurrentGenConfig with_sync() {
  ConcurrentGenConfig config;
  config.sync = true;
  return config;
}

RC_GTEST_PROP(JitSync, EveryVerdictIsOneTheExplorerFinds, ()) {
  check_explorer_allows(*gen_concurrent_source(with_sync()), jit::Fault::None,
                        /*instrument=*/false);
}

// (A notify that wakes every waiter does not fail this property within 100 programs: the
// generated waits rarely have company. sync_test.cpp's NotifyWakesExactlyOneWaiter catches it.)
TEST(JitSync, BarrierThatReleasesEarlyFailsTheExplorerProperty) {
  auto failure = verify::find_failure(
      [] {
        check_explorer_allows(*gen_concurrent_source(with_sync()), jit::Fault::BarrierReleasesEarly,
                              false);
      },
      100);
  ASSERT_TRUE(failure.has_value());
}

} // namespace
} // namespace racelang
