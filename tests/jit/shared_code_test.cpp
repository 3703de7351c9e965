// Shared instrumentation code (jit/README.md, "Shared instrumentation code") against the
// interpreter. The instrumented form (either pass, without eliminations) of a generated
// single-threaded program is run by the JIT, its repeated runs of instrumentation compiled as
// calls of shared functions, and by the interpreter; both must end the same way with every
// cell of shared memory equal — the metadata included, so a shared function that checked or
// updated another occurrence's location, clock row or site is caught even where no race
// follows. The code generator that keeps the first occurrence's literals
// (jit::Fault::SharedCodeIgnoresLiterals) fails it. A fixed program pins that sharing
// happens at all and that a race found inside shared code names the calling occurrence's
// location, site and thread, also when the occurrences check different arrays of one size
// (jit::Fault::SharedCodeReportsFirstLocation fails that). The property's programs share runs
// of accesses' slow paths too (jit/README.md, "Slow paths"), and a race found by a check that
// the top of two slow paths share names the calling one.
#include <algorithm>
#include <functional>
#include <vector>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "frontend/print.h"
#include "tests/jit/jit_harness.h"
#include "tests/support/program_gen.h"
#include "verify/property_runner.h"

namespace racelang {
namespace {

using namespace racelang::testing;

constexpr int kOptLevel = 2;

// `min_weight`: CodegenOptions::min_shared_weight. Generated programs are small and have one
// thread, so their runs are short; the properties share runs down to a single statement, so
// that every statement kind is compiled as shared code. Their locations are all thread-local,
// so the instrumentation is without eliminations (which would remove every check), by either
// pass, with clock operations unrolled or as loops. Returns how many calls of shared code the
// JIT's code makes in slow paths (jit::CompileTimes::slow_path_shared_calls).
// Runs the instrumented program of `s` on the JIT and in the interpreter (its reserved names
// allowed): both must finish, with the same memory, metadata included. Returns the
// interpreter's memory (empty if the instrumented program does not compile).
std::vector<int64_t> expect_ends_as_in_the_interpreter(const JitSubject& s) {
  CheckOptions reserved;
  reserved.allow_reserved_names = true;
  auto instrumented = compile(s.program(), reserved);
  EXPECT_TRUE(instrumented);
  if (!instrumented) return {};
  TracedRun interp = interpret(*instrumented, 100'000);
  JitRun j = jit_run(s);
  EXPECT_EQ(interp.result.outcome, Outcome::Finished);
  EXPECT_EQ(j.result.outcome, Outcome::Finished);
  EXPECT_EQ(j.result.memory, interp.result.memory);
  return interp.result.memory;
}

size_t check_shared_code_matches_interpreter(const Program& program, jit::Fault fault,
                                             size_t min_weight) {
  PassOptions pass;
  pass.pass = *rc::gen::element(PassKind::FastTrack, PassKind::VectorClock);
  pass.elide = std::vector<std::string>{};
  pass.clock_loop_threshold = *rc::gen::element<int64_t>(0, kDefaultClockLoopThreshold);
  pass.outer_clock_loop_threshold = *rc::gen::element<int64_t>(0, kDefaultOuterClockLoopThreshold);
  auto c = compile(program);
  RC_ASSERT(c != nullptr);
  jit::CodegenOptions codegen;
  codegen.fault = fault;
  codegen.min_shared_weight = min_weight;
  // Mostly the default: functions no synchronising loop calls compiled quickly.
  codegen.quick_rare_code = *rc::gen::element(true, true, true, false);
  auto s = jit_compile(*c, true, kOptLevel, codegen, pass);
  RC_ASSERT(s != nullptr);
  RC_CLASSIFY(s->jitted->times().quick_shared_functions > 0, "shared code compiled quickly");
  CheckOptions reserved;
  reserved.allow_reserved_names = true;
  auto instrumented = compile(s->program(), reserved);
  RC_ASSERT(instrumented != nullptr);
  size_t slow_path_calls = s->jitted->times().slow_path_shared_calls;
  TracedRun interp = interpret(*instrumented, 200'000);
  RC_SUCCEED_IF(interp.result.outcome == Outcome::StepLimit);
  JitRun j = jit_run(*s);
  RC_ASSERT(j.result.outcome == interp.result.outcome);
  RC_ASSERT(j.result.races.size() == interp.result.races.size());
  RC_ASSERT(j.output == interp.output);
  if (j.result.outcome == Outcome::Finished) RC_ASSERT(j.result.memory == interp.result.memory);
  return slow_path_calls;
}

RC_GTEST_PROP(JitSharedCode, InstrumentedProgramsEndAsInTheInterpreter, ()) {
  size_t min_weight = *rc::gen::inRange<size_t>(1, 17);
  RC_TAG(min_weight);
  size_t slow_path_calls = check_shared_code_matches_interpreter(
      *testgen::gen_program(single_threaded()), jit::Fault::None, min_weight);
  RC_CLASSIFY(slow_path_calls > 0, "slow paths shared");
}

// The property above must reach the runs of slow paths (jit/README.md, "Slow paths"): its
// programs are single-threaded and instrumented without eliminations, so every access has a
// slow path, and some of them lie outside loops that synchronise. Searching for a case whose
// code calls shared code in a slow path, as for the teeth, must find one.
TEST(JitSharedCode, ThePropertySharesRunsOfSlowPaths) {
  auto found = verify::find_failure(
      [] {
        size_t min_weight = *rc::gen::inRange<size_t>(1, 17);
        RC_ASSERT(check_shared_code_matches_interpreter(*testgen::gen_program(single_threaded()),
                                                        jit::Fault::None, min_weight) == 0u);
      },
      100);
  ASSERT_TRUE(found.has_value()) << "no generated program shared a run of a slow path";
}

// Code is compiled quickly (jit/README.md, "Quick code for rare paths") exactly where no
// synchronising loop runs it: here thread 1's accesses lie in a loop that locks at every
// iteration, so their slow paths stay inline and the functions those share (runs shared down
// to one statement) get the full pipeline; main's accesses, outside every loop, have their slow
// paths compiled as functions of the quick module, and share functions of their own there
// (main's clock row is written another way, so never the same shapes). Without main's accesses
// nothing is compiled quickly, and with the option off nothing either. Each build ends with the
// interpreter's memory, metadata included.
TEST(JitSharedCode, OnlyCodeNoSynchronisingLoopRunsIsCompiledQuickly) {
  const std::string loop = R"(shared x;
shared y;
mutex m;
spawn 1 {
  i := 0;
  while (i < 3) {
    lock m;
    v := load x;
    store v + 1 x;
    u := load x;
    store u + 2 x;
    unlock m;
    i := i + 1;
  }
}
)";
  const std::string main_accesses = R"(v := load y;
store v + 1 y;
u := load y;
store u + 2 y;
)";
  struct Build {
    size_t full = 0;  // shared functions with the full pipeline
    size_t quick = 0; // shared functions in the quick module
    size_t rare = 0;  // slow paths compiled as functions of the quick module
  };
  auto count = [](const std::string& ir, const std::string& prefix) {
    size_t n = 0;
    for (size_t at = ir.find("define "); at != std::string::npos; at = ir.find("define ", at + 1))
      if (ir.compare(ir.find('@', at), prefix.size(), prefix) == 0) ++n;
    return n;
  };
  auto build = [&](const std::string& text, bool quick) {
    Build out;
    auto c = compile(text + "wait 1;\n", "quick.rl");
    EXPECT_TRUE(c);
    if (!c) return out;
    PassOptions pass;
    pass.elide = std::vector<std::string>{};
    jit::CodegenOptions codegen;
    codegen.keep_ir = true;
    codegen.min_shared_weight = 1;
    codegen.quick_rare_code = quick;
    auto s = jit_compile(*c, true, kOptLevel, codegen, pass);
    EXPECT_TRUE(s);
    if (!s) return out;
    const std::string& ir = s->jitted->ir();
    out.full = count(ir, "@racelang_shared.");
    out.quick = count(ir, "@racelang_quick_shared.");
    EXPECT_EQ(out.quick, s->jitted->times().quick_shared_functions);
    out.rare = s->jitted->times().rare_path_functions;
    EXPECT_EQ(out.rare, count(ir, "@racelang_thread_0.rare"));
    expect_ends_as_in_the_interpreter(*s);
    return out;
  };
  Build in_loop_only = build(loop, true);
  EXPECT_GT(in_loop_only.full, 0u);
  EXPECT_EQ(in_loop_only.quick, 0u) << "code a synchronising loop runs was compiled quickly";
  EXPECT_EQ(in_loop_only.rare, 0u) << "a slow path in a synchronising loop was compiled quickly";
  Build both = build(loop + main_accesses, true);
  EXPECT_GT(both.full, 0u);
  EXPECT_GT(both.quick, 0u) << "main's shared code, outside every loop, was not compiled quickly";
  EXPECT_EQ(both.rare, 4u) << "main's four slow paths were not compiled quickly";
  Build off = build(loop + main_accesses, false);
  EXPECT_EQ(off.quick + off.rare, 0u);
  EXPECT_GT(off.full, both.full);
}

// The quick module is compiled on a thread of its own beside the program's module when more
// than one compile thread is allowed, and before it on the same thread with one
// (CodegenOptions::compile_threads; jit/README.md, "Quick code for rare paths"): both end with
// the interpreter's memory, metadata included, and --stats' thread count says which ran.
TEST(JitSharedCode, TheQuickModuleCompiledBesideTheProgramEndsAsCompiledBeforeIt) {
  auto c = compile(R"(shared x;
shared a[4];
store 2 a[3];
u := load a[0];
store u + 3 x;
spawn 1 {
  store 1 a[1];
  v := load x;
  store v + 1 a[2];
}
wait 1;
w := load a[2];
store w x;
)",
                   "beside.rl");
  ASSERT_TRUE(c);
  PassOptions pass;
  pass.elide = std::vector<std::string>{};
  for (unsigned threads : {1u, 2u}) {
    SCOPED_TRACE(std::to_string(threads) + " compile threads");
    jit::CodegenOptions codegen;
    codegen.compile_threads = threads;
    auto s = jit_compile(*c, true, kOptLevel, codegen, pass);
    ASSERT_TRUE(s);
    EXPECT_GT(s->jitted->times().rare_path_functions, 0u) << "nothing was compiled quickly";
    EXPECT_EQ(s->jitted->times().compile_threads, threads);
    expect_ends_as_in_the_interpreter(*s);
  }
}

TEST(JitSharedCode, KeepingTheFirstLiteralsFailsTheProperty) {
  auto failure = verify::find_failure(
      [] {
        check_shared_code_matches_interpreter(*testgen::gen_program(single_threaded()),
                                              jit::Fault::SharedCodeIgnoresLiterals, 1);
      },
      500);
  ASSERT_TRUE(failure.has_value()) << "shared code with the first occurrence's literals went "
                                      "unnoticed";
}

// Main's clock operations at its spawns and waits lie outside every loop, so with more threads
// than kDefaultOuterClockLoopThreshold (here: with that threshold 0) they are loops over the
// clock's entries, runs of about 12 statements, below the default minimum weight: they are
// shared anyway (CodegenOptions::min_spawn_wait_shared_weight), and the run ends with the
// interpreter's memory, metadata included. Without the lower weight for spawns and waits they
// are not shared; with the first occurrence's literals (jit::Fault::SharedCodeIgnoresLiterals)
// the second spawn copies main's clock into the first child's row, and the memory differs.
TEST(JitSharedCode, SpawnAndWaitClockLoopsAreSharedAtTheDefaultWeight) {
  auto c = compile(R"(shared a[3];
spawn 1 { store 1 a[1]; }
spawn 2 { store 2 a[2]; }
wait 1;
wait 2;
x := load a[1];
store x a[0];
)",
                   "fork.rl");
  ASSERT_TRUE(c);
  PassOptions pass;
  pass.elide = std::vector<std::string>{}; // every check kept: no elimination proves it away
  pass.outer_clock_loop_threshold = 0;
  auto s = jit_compile(*c, true, kOptLevel, {}, pass);
  ASSERT_TRUE(s);
  EXPECT_NE(print_program(s->program()).find("while (__k < 3)"), std::string::npos);
  // Two spawns and two waits; the threads' slow paths share a function too.
  EXPECT_EQ(s->jitted->times().shared_calls - s->jitted->times().slow_path_shared_calls, 4u);
  std::vector<int64_t> expected = expect_ends_as_in_the_interpreter(*s);
  ASSERT_FALSE(expected.empty());
  jit::CodegenOptions broken;
  broken.fault = jit::Fault::SharedCodeIgnoresLiterals;
  auto first_literals = jit_compile(*c, true, kOptLevel, broken, pass);
  ASSERT_TRUE(first_literals);
  JitRun b = jit_run(*first_literals);
  EXPECT_NE(b.result.memory, expected) << "shared clock loops with the first "
                                          "occurrence's literals went unnoticed";
  jit::CodegenOptions without;
  without.min_spawn_wait_shared_weight = jit::kDefaultMinSharedWeight;
  auto inline_clocks = jit_compile(*c, true, kOptLevel, without, pass);
  ASSERT_TRUE(inline_clocks);
  EXPECT_EQ(inline_clocks->jitted->times().shared_calls,
            inline_clocks->jitted->times().slow_path_shared_calls);
}

// The fixed programs below race between a write by main, made after a delay, and a read by
// another thread. On real threads either may come second, and only the second finds the race:
// when main's write comes second (the usual order) it finds the read in the slow path that its
// store shares with an earlier occurrence, called with main's site and location, which is what
// these tests are about; when the read comes second it finds the write in inline code. So each
// run is classified by which access found the race: the tests go on until the write has found
// it in enough runs, every run's report must be right, and a broken variant must get one wrong
// (with the first location's literals, the write's check and its record of the write use
// another thread's clock row and site, which a later read names even when the write did not
// find the race; reporting the first location is wrong only in runs the write found it). The
// delay is a loop LLVM cannot fold (a hash of its counter, stored where only main looks), so
// the write is second in nearly every run even on a loaded machine; the tests run until they
// have seen enough such runs. (Timing used to be trusted here: a run in the other order failed
// CI once, with a loop the optimiser had removed.)
constexpr const char* kDelay = R"(k := 0;
h := 1;
while (k < 3000000) { h := (h * 31 + k) % 1000003; k := k + 1; }
store h delay;
)";

// Thread 2 writes y and ends; main joins it, spawns thread 1, which reads y, and writes y again
// after the delay: a race between the read (line 8) and main's write (line 14). When the write
// finds it, it finds the read in y's read epoch, in the part of its slow path that the two
// stores share (shared down to one statement here; thread 2's store is the first occurrence).
// Either way the report names y, the read by thread 1 at line 8 and the write by thread 0 at
// line 14. (Thread 2 is spawned inside an `if` so that the eliminations cannot order it by
// main's phases and leave its store unchecked, elide/README.md.)
// The first six lines of the programs below: thread 2 writes y, main joins it.
constexpr const char* kThread2WritesY = R"(shared y;
shared delay;
if (1 == 1) {
  spawn 2 { store 1 y; }
}
wait 2;
)";
const std::string kRaceInSharedCode = std::string(kThread2WritesY) + R"(spawn 1 {
  v := load y;
}
)" + kDelay + R"(store 2 y;
wait 1;
)";

// What the runs of a fixed program reported: how many runs the delayed write by main found the
// race in (the reading thread did not), and how many runs reported a race other than the
// expected one (a run that reported none, or more than one, counts as wrong).
struct RunsByOrder {
  int found_by_write = 0;
  int wrong = 0;
  size_t shared_calls = 0;    // jit::CompileTimes::shared_calls of the program
  size_t slow_path_calls = 0; // jit::CompileTimes::slow_path_shared_calls of the program
};

// Runs `program`, instrumented with its runs shared down to `min_weight` statements, until
// main's write has found the race in `wanted` runs (at most 20 * wanted runs). `expected` judges
// each report, given the first cell of `location`; `readers` are the threads whose reads race
// with the write.
RunsByOrder
run_until_the_write_finds_it(const std::string& program, jit::Fault fault, int wanted,
                             const char* location,
                             const std::function<bool(const RaceReport&, uint32_t)>& expected,
                             const std::vector<int64_t>& readers, size_t min_weight = 1) {
  RunsByOrder runs;
  auto c = compile(program, "race.rl");
  EXPECT_TRUE(c);
  if (!c) return runs;
  jit::CodegenOptions codegen;
  codegen.keep_ir = true;
  codegen.fault = fault;
  codegen.min_shared_weight = min_weight;
  codegen.min_spawn_wait_shared_weight = min_weight; // share what the weight says, no more
  auto s = jit_compile(*c, true, kOptLevel, codegen);
  EXPECT_TRUE(s);
  if (!s) return runs;
  EXPECT_GT(s->jitted->times().shared_calls, 0u) << "nothing was shared";
  runs.shared_calls = s->jitted->times().shared_calls;
  runs.slow_path_calls = s->jitted->times().slow_path_shared_calls;
  uint32_t cell = s->info().find_symbol(location)->first_cell;
  for (int run = 0; run < 20 * wanted && runs.found_by_write < wanted; ++run) {
    JitRun j = jit_run(*s);
    if (j.result.races.size() != 1) {
      ++runs.wrong;
      continue;
    }
    const RaceReport& r = j.result.races[0];
    // Read by the reading threads, not by the report's site: a broken variant may misname
    // the writer's thread or site, but not the reader's, whose check is inline.
    if (std::find(readers.begin(), readers.end(), r.current.thread) == readers.end())
      ++runs.found_by_write;
    if (!expected(r, cell)) ++runs.wrong;
  }
  return runs;
}

// Whether a report is a race on `cell` between two threads, thread 1's access at line
// `line_of_1` and the other's at `line_of_other`, in either order.
bool is_the_race_between(const RaceReport& r, uint32_t cell, uint32_t line_of_1,
                         uint32_t line_of_other) {
  auto line_of = [&](int64_t thread) { return thread == 1 ? line_of_1 : line_of_other; };
  return r.cell == cell && r.current.thread != r.previous.thread &&
         r.current.range.begin.line == line_of(r.current.thread) &&
         r.previous.range.begin.line == line_of(r.previous.thread);
}

// Whether a report is the race on y between thread 1's read and main's write, in either order.
bool is_the_race_on_y(const RaceReport& r, uint32_t y) {
  return is_the_race_between(r, y, 8, 14);
}

TEST(JitSharedCode, ARaceInSharedCodeNamesTheCallingOccurrence) {
  RunsByOrder right = run_until_the_write_finds_it(kRaceInSharedCode, jit::Fault::None, 10, "y",
                                                   is_the_race_on_y, {1});
  EXPECT_EQ(right.found_by_write, 10);
  EXPECT_EQ(right.wrong, 0);
  RunsByOrder broken = run_until_the_write_finds_it(
      kRaceInSharedCode, jit::Fault::SharedCodeIgnoresLiterals, 3, "y", is_the_race_on_y, {1});
  EXPECT_GT(broken.wrong, 0) << "shared code with the first occurrence's literals went unnoticed";
}

// Thread 2 writes y and ends; main joins it and spawns thread 1, which writes y, and thread 3,
// which writes y after the delay: a race between the writes of thread 1 (line 8) and thread 3
// (line 15). When thread 3's write finds it, it does so with the first check of its slow path,
// which compares y's write epoch with thread 3's clock: a check at the top of the slow path, in
// the run that the three stores' slow paths share (no loop encloses them; threads 1 and 2 are
// one thread group, thread 3 with its delay is not, and main's slow paths, which read its clock
// row as `__C[__u]`, have another shape). Shared down to `kSlowPathOnlyWeight` statements, at
// which that run is the only code shared (the clock copies of the spawns weigh less), so the
// broken variant below is caught by the shared code of a slow path or not at all.
const std::string kWriteRaceInSharedSlowPath = std::string(kThread2WritesY) + R"(spawn 1 {
  store 3 y;
}
spawn 3 {
)" + kDelay + R"(store 2 y;
}
wait 1;
wait 3;
)";
constexpr size_t kSlowPathOnlyWeight = 22;

// Whether a report is the race on y between the writes of threads 1 and 3, in either order.
bool is_the_write_race_on_y(const RaceReport& r, uint32_t y) {
  return is_the_race_between(r, y, 8, 15);
}

TEST(JitSharedCode, ARaceFoundInASharedSlowPathNamesTheCallingOccurrence) {
  RunsByOrder right =
      run_until_the_write_finds_it(kWriteRaceInSharedSlowPath, jit::Fault::None, 10, "y",
                                   is_the_write_race_on_y, {1}, kSlowPathOnlyWeight);
  EXPECT_GT(right.slow_path_calls, 0u) << "no slow path was shared";
  EXPECT_EQ(right.shared_calls, right.slow_path_calls) << "code outside slow paths was shared";
  EXPECT_EQ(right.found_by_write, 10);
  EXPECT_EQ(right.wrong, 0);
  RunsByOrder broken = run_until_the_write_finds_it(
      kWriteRaceInSharedSlowPath, jit::Fault::SharedCodeIgnoresLiterals, 3, "y",
      is_the_write_race_on_y, {1}, kSlowPathOnlyWeight);
  EXPECT_GT(broken.wrong, 0) << "shared code with the first occurrence's literals went unnoticed";
}

// Threads 1 and 2 read a[0], threads 3 and 4 read b[0], so both become read-shared; main
// writes a[0] after joining 1 and 2, which is ordered, and b[0] after the delay, racing with
// the reads of 3 and 4. Both writes check a shared read vector, by one shared function (runs
// shared down to one statement here) written from the first occurrence, a[0]'s: arrays of one
// size share it, their first cells being a literal of the run (shared_code.h, ShapeLiteral).
// The race must name b[0], not a[0]. (The threads are spawned inside an `if` so that the
// eliminations cannot order them by main's phases and leave the writes unchecked,
// elide/README.md.)
const std::string kRaceInCodeSharedByTwoArrays = std::string(R"(shared a[2];
shared b[2];
shared delay;
if (1 == 1) {
  spawn 1 { v := load a[0]; }
  spawn 2 { v := load a[0]; }
  spawn 3 { w := load b[0]; }
  spawn 4 { w := load b[0]; }
}
wait 1;
wait 2;
store 1 a[0];
)") + kDelay + R"(store 2 b[0];
wait 3;
wait 4;
)";

// The same with scalars: checks of two scalars share code the same way.
const std::string kRaceInCodeSharedByTwoScalars = std::string(R"(shared a;
shared b;
shared delay;
if (1 == 1) {
  spawn 1 { v := load a; }
  spawn 2 { v := load a; }
  spawn 3 { w := load b; }
  spawn 4 { w := load b; }
}
wait 1;
wait 2;
store 1 a;
)") + kDelay + R"(store 2 b;
wait 3;
wait 4;
)";

// Whether a report is a race on b (b[0]) between main and another thread, in either order.
bool is_a_race_on_b(const RaceReport& r, uint32_t b) {
  return r.cell == b && (r.current.thread == 0) != (r.previous.thread == 0);
}

TEST(JitSharedCode, ARaceInCodeSharedByTwoLocationsNamesTheCallersOne) {
  for (const std::string& program : {kRaceInCodeSharedByTwoArrays, kRaceInCodeSharedByTwoScalars}) {
    RunsByOrder right =
        run_until_the_write_finds_it(program, jit::Fault::None, 10, "b", is_a_race_on_b, {3, 4});
    EXPECT_EQ(right.found_by_write, 10) << program;
    EXPECT_EQ(right.wrong, 0) << program;
    RunsByOrder broken = run_until_the_write_finds_it(
        program, jit::Fault::SharedCodeReportsFirstLocation, 3, "b", is_a_race_on_b, {3, 4});
    EXPECT_GT(broken.wrong, 0) << program;
  }
}

} // namespace
} // namespace racelang
