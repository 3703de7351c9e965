// The instrumentation's properties over generated programs (properties.h): each property
// explores every program under all schedules. RapidCheck prints the seed of every run and, on
// a failure, the shrunk program as racelang source. Built twice: as instrument_property_tests
// with the passes' default form, and with RACELANG_CLOCK_LOOP_THRESHOLD=0 as
// instrument_loop_property_tests, which checks the same properties on the loop form of every
// operation over clock entries (PassOptions::clock_loop_threshold), whatever the thread count.
// Built a fourth time with RACELANG_PHASE_PROGRAMS as instrument_phase_property_tests, on
// programs whose main may join a thread before it spawns the next (fork/join phases, which the
// `disjoint` elimination relies on), a third of them with striped blocks (array cells accessed
// under their own lock, taken by a computed index, which the `ordered` elimination follows),
// Theorems 4 and 5 only.
// Built a third time with RACELANG_SYNC_PROGRAMS as instrument_sync_property_tests, on the
// programs of verify::sync_program_config() (volatiles, cas, fetch_add, a barrier or a
// condition handoff, assume), under one pass each, in both forms (the loop form for an eighth).
// In the default build one in 32 of Theorem 4's and 5's cases writes the operations that no
// loop encloses as loops and the others unrolled (PassOptions::outer_clock_loop_threshold 0),
// the default's mix above kDefaultOuterClockLoopThreshold threads (a quarter of the cases took
// those two properties from 83 s to 310 s of CI's time, over its budget).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "verify/properties.h"

namespace racelang {
namespace {

using verify::gen_paper_program;

// Each generated program is checked under every pass of the table (its default variant), so a
// pass added there runs these properties with no change here; with the default check
// eliminations (elide/), with those and range coalescing (off by default, and checked against
// Theorem 5's weaker form where it coalesces a loop), or with none, a third of the programs
// each. With `mixed_clock_loops` (in the default build) one case in 32 writes the clock
// operations outside every loop as loops and the others unrolled
// (PassOptions::outer_clock_loop_threshold 0); only the theorems draw it: the lemmas' exploration
// of the loop form is several times slower.
void for_every_pass(void (*check)(const verify::PaperProgram&, const PassOptions&),
                    [[maybe_unused]] bool mixed_clock_loops = false,
                    [[maybe_unused]] double loop_scale = 0.5) {
#if defined(RACELANG_SYNC_PROGRAMS)
  verify::PaperProgram program = *gen_paper_program(verify::sync_program_config());
#elif defined(RACELANG_PHASE_PROGRAMS)
  verify::PaperProgramConfig phases;
  phases.phases = true;
  // A third with striped blocks, a little shorter: their lock pairs make exploration several
  // times slower.
  phases.striped = *rc::gen::inRange(0, 3) == 0;
  if (phases.striped) phases.max_instructions = 3;
  verify::PaperProgram program = *gen_paper_program(phases);
#elif defined(RACELANG_CLOCK_LOOP_THRESHOLD)
  // Smaller programs: the loops' extra steps make exploration several times slower on the
  // largest ones, Lemma 4's (which watches every metadata access) most of all.
  verify::PaperProgram program = *rc::gen::scale(loop_scale, gen_paper_program());
#else
  verify::PaperProgram program = *gen_paper_program();
#endif
  std::vector<const PassInfo*> passes;
  for (const PassInfo& pass : instrumentation_passes()) passes.push_back(&pass);
#ifdef RACELANG_SYNC_PROGRAMS
  // One pass per program, at random: exploring these programs (Lemma 4's above all) costs
  // several times what the paper's programs do, and the passes share the sync rules.
  passes = {
      passes[static_cast<size_t>(*rc::gen::inRange<int>(0, static_cast<int>(passes.size())))]};
#endif
  for (const PassInfo* each : passes) {
    const PassInfo& pass = *each;
    int eliminate = *rc::gen::inRange(0, 3); // none, the default, the default and range
    PassOptions options{pass.kind, "", std::nullopt};
#ifdef RACELANG_CLOCK_LOOP_THRESHOLD
    options.clock_loop_threshold = RACELANG_CLOCK_LOOP_THRESHOLD;
#endif
#if !defined(RACELANG_SYNC_PROGRAMS) && !defined(RACELANG_PHASE_PROGRAMS) &&                       \
    !defined(RACELANG_CLOCK_LOOP_THRESHOLD)
    // Clock operations outside every loop as loops, those inside unrolled (the default above
    // kDefaultOuterClockLoopThreshold threads, which generated programs do not reach).
    if (mixed_clock_loops && *rc::gen::inRange(0, 32) == 0) {
      options.outer_clock_loop_threshold = 0;
      RC_TAG("clock loops outside loops");
    }
#endif
#ifdef RACELANG_SYNC_PROGRAMS
    if (*rc::gen::inRange(0, 8) == 0) options.clock_loop_threshold = 0;
    RC_LOG() << "clock loops above " << options.clock_loop_threshold << " threads\n";
#endif
    if (eliminate == 0) options.elide = std::vector<std::string>{};
    if (eliminate == 2)
      options.elide = std::vector<std::string>{"redundant", "thread-local", "range"};
    RC_LOG() << "pass " << pass.name << ", elide " << elimination_names(options) << "\n";
    check(program, options);
  }
}

// The suite's name says which form it checks (the two binaries' tests are listed together).
#define RACELANG_INSTRUMENTATION_PROPERTIES(Suite)                                                 \
  RC_GTEST_PROP(Suite, Theorem4RaceFreeFinalStates, ()) {                                          \
    for_every_pass(verify::check_theorem4, true);                                                  \
  }                                                                                                \
  RC_GTEST_PROP(Suite, Theorem5FirstRaces, ()) {                                                   \
    for_every_pass(verify::check_theorem5, true);                                                  \
  }                                                                                                \
  RC_GTEST_PROP(Suite, Lemmas3And8To10SmallStepIsBiggerStep, ()) {                                 \
    for_every_pass(verify::check_lemmas_3_8_10);                                                   \
  }                                                                                                \
  RC_GTEST_PROP(Suite, Lemma4Noninterference, ()) {                                                \
    for_every_pass(verify::check_lemma4);                                                          \
  }

#if defined(RACELANG_SYNC_PROGRAMS)
RACELANG_INSTRUMENTATION_PROPERTIES(InstrumentationPropertiesSync)
#elif defined(RACELANG_PHASE_PROGRAMS)
// Fork/join phases are what the `disjoint` elimination orders threads by, and the lock of each
// cell what the `ordered` elimination finds in striped blocks; the eliminations change only
// which checks exist, so the theorems are the properties that matter here.
RC_GTEST_PROP(InstrumentationPropertiesPhases, Theorem4RaceFreeFinalStates, ()) {
  for_every_pass(verify::check_theorem4, true);
}
RC_GTEST_PROP(InstrumentationPropertiesPhases, Theorem5FirstRaces, ()) {
  for_every_pass(verify::check_theorem5, true);
}
#elif defined(RACELANG_CLOCK_LOOP_THRESHOLD)
RACELANG_INSTRUMENTATION_PROPERTIES(InstrumentationPropertiesClockLoops)
#else
RACELANG_INSTRUMENTATION_PROPERTIES(InstrumentationProperties)
#endif

} // namespace
} // namespace racelang
