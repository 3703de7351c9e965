// Compile time at scale: a 20,000-statement thread and a 64-thread program compile and run on
// the JIT at the default level. Wall-clock bounds are unreliable on the loaded two-core
// machines the tests run on (the old behaviour took seconds here too, not minutes), so what
// these tests pin is the structure that keeps compile time linear — the large thread is split
// into functions of at most CodegenOptions::max_function_statements, and the instrumentation of
// a many-thread program has a size linear in its threads because its clock operations are
// loops (PassOptions::clock_loop_threshold) — plus a generous bound that only a hang would
// exceed; and that a program compiled on several threads (CodegenOptions::compile_threads) ends
// as on one. docs/performance.md ("Compile time at scale") records the timings.
#include <gtest/gtest.h>

#include <sstream>

#include "frontend/ast_walk.h"
#include "tests/jit/jit_harness.h"

namespace racelang {
namespace {

using namespace racelang::testing;

constexpr double kHangBoundMs = 120'000;

size_t statements(const Program& program) {
  size_t n = 0;
  for_each_stmt(program.body, SpawnBodies::Enter, [&](const Stmt&) { ++n; });
  return n;
}

// `n` statements in one thread: v := load a[k]; store v + 1 a[k + 1]; ...
std::string long_thread(size_t n) {
  std::ostringstream out;
  out << "shared a[16];\n";
  for (size_t i = 0; i < n / 2; ++i) {
    size_t k = (2 * i) % 16;
    out << "v := load a[" << k << "];\nstore v + 1 a[" << (k + 1) % 16 << "];\n";
  }
  return out.str();
}

// `threads` threads, each incrementing x under m; main waits for them and prints x.
std::string many_threads(int threads) {
  std::ostringstream out;
  out << "shared x;\nmutex m;\n";
  for (int t = 1; t <= threads; ++t)
    out << "spawn " << t << " { lock m; v := load x; store v + 1 x; unlock m; }\n";
  for (int t = 1; t <= threads; ++t) out << "wait " << t << ";\n";
  out << "r := load x;\nprint(r);\n";
  return out.str();
}

// The interpreter's run of an uninstrumented program (seed 1, no detector).
TracedRun interpret(const Compiled& c) {
  InterpreterOptions options;
  options.detector = std::nullopt;
  return run_seed(c, 1, options);
}

// `c` compiled at -O2 with at most `threads` compile threads (CodegenOptions::compile_threads).
std::unique_ptr<JitSubject> compile_on(const Compiled& c, bool instrument, unsigned threads,
                                       jit::CodegenOptions codegen = {},
                                       const PassOptions& pass = {}) {
  codegen.compile_threads = threads;
  return jit_compile(c, instrument, 2, codegen, pass);
}

// The threads a compile ran on: one per module, the program's `modules` and the quick one if
// any code was compiled quickly (jit/README.md, "Quick code for rare paths").
unsigned compile_threads_of(const jit::CompileTimes& times, unsigned modules) {
  bool quick = times.rare_path_functions + times.quick_shared_functions > 0;
  return modules + (quick ? 1 : 0);
}

TEST(JitScale, LargeThreadCompilesInPartsAndEndsAsInTheInterpreter) {
  auto c = compile(long_thread(20'000), "long.rl");
  ASSERT_TRUE(c);
  TracedRun interp = interpret(*c);
  ASSERT_EQ(interp.result.outcome, Outcome::Finished);

  auto s = jit_compile(*c, false, 2);
  ASSERT_TRUE(s);
  EXPECT_LT(s->compile_ms, kHangBoundMs);
  // 20,000 statements in parts of at most 2,000: at least ten parts.
  EXPECT_GE(s->jitted->times().split_functions, 20'000 / jit::kDefaultMaxFunctionStatements);
  JitRun j = jit_run(*s);
  EXPECT_EQ(j.result.outcome, Outcome::Finished);
  EXPECT_EQ(j.result.memory, interp.result.memory);

  // Instrumented too (one thread: the eliminations leave the accesses bare).
  auto si = jit_compile(*c, true, 2);
  ASSERT_TRUE(si);
  EXPECT_LT(si->compile_ms, kHangBoundMs);
  JitRun ji = jit_run(*si);
  EXPECT_EQ(ji.result.outcome, Outcome::Finished);
  EXPECT_EQ(original_memory(*si, ji.result.memory), interp.result.memory);
}

TEST(JitScale, ManyThreadsInstrumentLinearlyAndRunRaceFree) {
  constexpr int kThreads = 64;
  auto c = compile(many_threads(kThreads), "threads.rl");
  ASSERT_TRUE(c);
  for (PassKind pass : {PassKind::FastTrack, PassKind::VectorClock}) {
    SCOPED_TRACE(pass_info(pass).name);
    // Without the `ordered` elimination, which would leave x (always under m) unchecked.
    PassOptions options{pass, "", std::vector<std::string>{"redundant", "thread-local"}};
    // On two compile threads: the 65 thread functions go into two modules, and the run must
    // not notice.
    auto s = compile_on(*c, true, 2, {}, options);
    ASSERT_TRUE(s);
    EXPECT_EQ(s->jitted->times().compile_threads, compile_threads_of(s->jitted->times(), 2));
    // Unrolled, each lock, unlock, spawn and wait would cost 65 entries' worth of statements
    // (over 40,000 in all); as loops, a few dozen statements per instruction.
    EXPECT_LT(statements(s->program()), 100u * kThreads);
    EXPECT_LT(s->compile_ms, kHangBoundMs);
    JitRun j = jit_run(*s);
    EXPECT_EQ(j.result.outcome, Outcome::Finished);
    EXPECT_TRUE(j.result.races.empty());
    EXPECT_EQ(j.output, std::vector<std::string>{std::to_string(kThreads)});
  }
}

// Compiled on several threads (CodegenOptions::compile_threads), a program's functions are
// spread over modules compiled apart and linked in one JITDylib: the parts of a split thread
// are then called across modules. Whatever the number of threads, the program must end as in
// the interpreter, and a small program must still compile as one module.
TEST(JitScale, CompilingOnSeveralThreadsEndsAsOnOne) {
  auto c = compile(long_thread(6'000), "long.rl");
  ASSERT_TRUE(c);
  TracedRun interp = interpret(*c);
  ASSERT_EQ(interp.result.outcome, Outcome::Finished);
  for (unsigned threads : {1u, 2u, 3u}) {
    SCOPED_TRACE(threads);
    jit::CodegenOptions options;
    options.max_function_statements = 500; // twelve parts, spread over the modules
    auto s = compile_on(*c, false, threads, options);
    ASSERT_TRUE(s);
    EXPECT_EQ(s->jitted->times().compile_threads, threads);
    EXPECT_GE(s->jitted->times().split_functions, 12u);
    JitRun j = jit_run(*s);
    EXPECT_EQ(j.result.outcome, Outcome::Finished);
    EXPECT_EQ(j.result.memory, interp.result.memory);
  }
  auto small = compile(long_thread(100), "short.rl");
  ASSERT_TRUE(small);
  auto s = compile_on(*small, false, 2);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->jitted->times().compile_threads, 1u);
}

TEST(JitScale, ManyThreadsRacingReportTheRace) {
  // Without the lock every pair of increments races; whichever the schedule, a race on x.
  constexpr int kThreads = 64;
  std::string source = many_threads(kThreads);
  for (std::string_view drop : {"unlock m; ", "lock m; "})
    for (size_t at = source.find(drop); at != std::string::npos; at = source.find(drop))
      source.erase(at, drop.size());
  auto c = compile(source, "racy.rl");
  ASSERT_TRUE(c);
  // The thread functions spread over three modules compiled apart still share one memory.
  auto s = compile_on(*c, true, 3);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->jitted->times().compile_threads, compile_threads_of(s->jitted->times(), 3));
  JitRun j = jit_run(*s);
  ASSERT_EQ(j.result.races.size(), 1u);
  EXPECT_EQ(j.result.races[0].cell, s->info().find_symbol("x")->first_cell);
}

} // namespace
} // namespace racelang
