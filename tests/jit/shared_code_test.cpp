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
// (jit::Fault::SharedCodeReportsFirstLocation fails that).
#include <functional>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

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
// pass, with clock operations unrolled or as loops.
void check_shared_code_matches_interpreter(const Program& program, jit::Fault fault,
                                           size_t min_weight) {
  PassOptions pass;
  pass.pass = *rc::gen::element(PassKind::FastTrack, PassKind::VectorClock);
  pass.elide = std::vector<std::string>{};
  pass.clock_loop_threshold = *rc::gen::element<int64_t>(0, kDefaultClockLoopThreshold);
  auto c = compile(program);
  RC_ASSERT(c != nullptr);
  jit::CodegenOptions codegen;
  codegen.fault = fault;
  codegen.min_shared_weight = min_weight;
  auto s = jit_compile(*c, true, kOptLevel, codegen, pass);
  RC_ASSERT(s != nullptr);
  CheckOptions reserved;
  reserved.allow_reserved_names = true;
  auto instrumented = compile(s->program(), reserved);
  RC_ASSERT(instrumented != nullptr);
  TracedRun interp = interpret(*instrumented, 200'000);
  RC_SUCCEED_IF(interp.result.outcome == Outcome::StepLimit);
  JitRun j = jit_run(*s);
  RC_ASSERT(j.result.outcome == interp.result.outcome);
  RC_ASSERT(j.result.races.size() == interp.result.races.size());
  RC_ASSERT(j.output == interp.output);
  if (j.result.outcome == Outcome::Finished) RC_ASSERT(j.result.memory == interp.result.memory);
}

RC_GTEST_PROP(JitSharedCode, InstrumentedProgramsEndAsInTheInterpreter, ()) {
  size_t min_weight = *rc::gen::inRange<size_t>(1, 17);
  RC_TAG(min_weight);
  check_shared_code_matches_interpreter(*testgen::gen_program(single_threaded()), jit::Fault::None,
                                        min_weight);
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

// Thread 2 writes y and ends; main joins it, spawns thread 1, which reads y, and writes y again
// after a long loop: a race between the read (line 7) and main's write (line 11). The write
// almost always comes second and finds the read in y's read epoch, in the part of its slow
// path that the two stores share (shared down to one statement here; thread 2's store is the
// first occurrence), called with main's site; in the rare other order the read finds the
// write, in inline code. Either way the report names y, the read by thread 1 at line 7 and the
// write by thread 0 at line 11. (Thread 2 is spawned inside an `if` so that the eliminations
// cannot order it by main's phases and leave its store unchecked, elide/README.md.)
constexpr const char* kRaceInSharedCode = R"(shared y;
if (1 == 1) {
  spawn 2 { store 1 y; }
}
wait 2;
spawn 1 {
  v := load y;
}
k := 0;
while (k < 20000000) { k := k + 1; }
store 2 y;
wait 1;
)";

// Whether `runs` runs of `program`, instrumented with its runs shared down to one statement,
// each report exactly one race, which `expected` accepts given the first cell of `location`.
bool every_run_reports(const char* program, jit::Fault fault, int runs, const char* location,
                       const std::function<bool(const RaceReport&, uint32_t)>& expected) {
  auto c = compile(program, "race.rl");
  EXPECT_TRUE(c);
  if (!c) return false;
  jit::CodegenOptions codegen;
  codegen.keep_ir = true;
  codegen.fault = fault;
  codegen.min_shared_weight = 1;
  auto s = jit_compile(*c, true, kOptLevel, codegen);
  EXPECT_TRUE(s);
  if (!s) return false;
  EXPECT_NE(s->jitted->ir().find("racelang_shared."), std::string::npos) << "nothing was shared";
  uint32_t cell = s->info().find_symbol(location)->first_cell;
  for (int run = 0; run < runs; ++run) {
    JitRun j = jit_run(*s);
    if (j.result.races.size() != 1 || !expected(j.result.races[0], cell)) return false;
  }
  return true;
}

// Whether 20 runs of kRaceInSharedCode each report that race.
bool reports_the_race_on_y(jit::Fault fault) {
  auto line_of = [](int64_t thread) { return thread == 1 ? 7u : 11u; };
  return every_run_reports(kRaceInSharedCode, fault, 20, "y", [&](const RaceReport& r, uint32_t y) {
    return r.cell == y && r.current.thread != r.previous.thread &&
           r.current.range.begin.line == line_of(r.current.thread) &&
           r.previous.range.begin.line == line_of(r.previous.thread);
  });
}

TEST(JitSharedCode, ARaceInSharedCodeNamesTheCallingOccurrence) {
  EXPECT_TRUE(reports_the_race_on_y(jit::Fault::None));
  EXPECT_FALSE(reports_the_race_on_y(jit::Fault::SharedCodeIgnoresLiterals));
}

// Threads 1 and 2 read a[0], threads 3 and 4 read b[0], so both become read-shared; main
// writes a[0] after joining 1 and 2, which is ordered, and b[0] after a long loop, racing with
// the reads of 3 and 4. Both writes check a shared read vector, by one shared function (runs
// shared down to one statement here) written from the first occurrence, a[0]'s: arrays of one
// size share it, their first cells being a literal of the run (shared_code.h, ShapeLiteral).
// The race must name b[0] in each of 10 runs, not a[0]. (The threads are spawned inside an `if`
// so that the eliminations cannot order them by main's phases and leave the writes unchecked,
// elide/README.md.)
constexpr const char* kRaceInCodeSharedByTwoArrays = R"(shared a[2];
shared b[2];
if (1 == 1) {
  spawn 1 { v := load a[0]; }
  spawn 2 { v := load a[0]; }
  spawn 3 { w := load b[0]; }
  spawn 4 { w := load b[0]; }
}
wait 1;
wait 2;
store 1 a[0];
k := 0;
while (k < 20000000) { k := k + 1; }
store 2 b[0];
wait 3;
wait 4;
)";

// The same with scalars: checks of two scalars share code the same way.
constexpr const char* kRaceInCodeSharedByTwoScalars = R"(shared a;
shared b;
if (1 == 1) {
  spawn 1 { v := load a; }
  spawn 2 { v := load a; }
  spawn 3 { w := load b; }
  spawn 4 { w := load b; }
}
wait 1;
wait 2;
store 1 a;
k := 0;
while (k < 20000000) { k := k + 1; }
store 2 b;
wait 3;
wait 4;
)";

// Whether 10 runs of `program` each report the race on b (b[0]), by main.
bool reports_the_race_on_b(const char* program, jit::Fault fault) {
  return every_run_reports(program, fault, 10, "b", [](const RaceReport& r, uint32_t b) {
    return r.cell == b && r.current.thread == 0;
  });
}

TEST(JitSharedCode, ARaceInCodeSharedByTwoLocationsNamesTheCallersOne) {
  for (const char* program : {kRaceInCodeSharedByTwoArrays, kRaceInCodeSharedByTwoScalars}) {
    EXPECT_TRUE(reports_the_race_on_b(program, jit::Fault::None)) << program;
    EXPECT_FALSE(reports_the_race_on_b(program, jit::Fault::SharedCodeReportsFirstLocation))
        << program;
  }
}

} // namespace
} // namespace racelang
