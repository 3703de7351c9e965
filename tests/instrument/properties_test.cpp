// The instrumentation's properties over generated programs (properties.h): each property
// explores every program under all schedules. RapidCheck prints the seed of every run and, on
// a failure, the shrunk program as racelang source. Built twice: as instrument_property_tests
// with the passes' default form, and with RACELANG_CLOCK_LOOP_THRESHOLD=0 as
// instrument_loop_property_tests, which checks the same properties on the loop form of every
// operation over clock entries (PassOptions::clock_loop_threshold), whatever the thread count.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "verify/properties.h"

namespace racelang {
namespace {

using verify::gen_paper_program;

// Each generated program is checked under every pass of the table (its default variant), so a
// pass added there runs these properties with no change here; with the default check
// eliminations (elide/) or, for about half of the programs, none.
void for_every_pass(void (*check)(const verify::PaperProgram&, const PassOptions&),
                    [[maybe_unused]] double loop_scale = 0.5) {
#ifdef RACELANG_CLOCK_LOOP_THRESHOLD
  // Smaller programs: the loops' extra steps make exploration several times slower on the
  // largest ones, Lemma 4's (which watches every metadata access) most of all.
  verify::PaperProgram program = *rc::gen::scale(loop_scale, gen_paper_program());
#else
  verify::PaperProgram program = *gen_paper_program();
#endif
  for (const PassInfo& pass : instrumentation_passes()) {
    bool eliminate = *rc::gen::arbitrary<bool>();
    PassOptions options{pass.kind, "", std::nullopt};
#ifdef RACELANG_CLOCK_LOOP_THRESHOLD
    options.clock_loop_threshold = RACELANG_CLOCK_LOOP_THRESHOLD;
#endif
    if (!eliminate) options.elide = std::vector<std::string>{};
    RC_LOG() << "pass " << pass.name << ", elide " << elimination_names(options) << "\n";
    check(program, options);
  }
}

// The suite's name says which form it checks (the two binaries' tests are listed together).
#define RACELANG_INSTRUMENTATION_PROPERTIES(Suite)                                                 \
  RC_GTEST_PROP(Suite, Theorem4RaceFreeFinalStates, ()) {                                          \
    for_every_pass(verify::check_theorem4);                                                        \
  }                                                                                                \
  RC_GTEST_PROP(Suite, Theorem5FirstRaces, ()) {                                                   \
    for_every_pass(verify::check_theorem5);                                                        \
  }                                                                                                \
  RC_GTEST_PROP(Suite, Lemmas3And8To10SmallStepIsBiggerStep, ()) {                                 \
    for_every_pass(verify::check_lemmas_3_8_10);                                                   \
  }                                                                                                \
  RC_GTEST_PROP(Suite, Lemma4Noninterference, ()) {                                                \
    for_every_pass(verify::check_lemma4);                                                          \
  }

#ifdef RACELANG_CLOCK_LOOP_THRESHOLD
RACELANG_INSTRUMENTATION_PROPERTIES(InstrumentationPropertiesClockLoops)
#else
RACELANG_INSTRUMENTATION_PROPERTIES(InstrumentationProperties)
#endif

} // namespace
} // namespace racelang
