// The instrumentation's properties over generated programs (properties.h): each property
// explores every program under all schedules. RapidCheck prints the seed of every run and, on
// a failure, the shrunk program as racelang source.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "verify/properties.h"

namespace racelang {
namespace {

using verify::gen_paper_program;

// Each generated program is checked under every pass of the table (its default variant), so a
// pass added there runs these properties with no change here; with the default check
// eliminations (elide/) or, for about half of the programs, none.
void for_every_pass(void (*check)(const verify::PaperProgram&, const PassOptions&)) {
  verify::PaperProgram program = *gen_paper_program();
  for (const PassInfo& pass : instrumentation_passes()) {
    bool eliminate = *rc::gen::arbitrary<bool>();
    PassOptions options{pass.kind, "", std::nullopt};
    if (!eliminate) options.elide = std::vector<std::string>{};
    RC_LOG() << "pass " << pass.name << ", elide " << elimination_names(options) << "\n";
    check(program, options);
  }
}

RC_GTEST_PROP(InstrumentationProperties, Theorem4RaceFreeFinalStates, ()) {
  for_every_pass(verify::check_theorem4);
}

RC_GTEST_PROP(InstrumentationProperties, Theorem5FirstRaces, ()) {
  for_every_pass(verify::check_theorem5);
}

RC_GTEST_PROP(InstrumentationProperties, Lemmas3And8To10SmallStepIsBiggerStep, ()) {
  for_every_pass(verify::check_lemmas_3_8_10);
}

RC_GTEST_PROP(InstrumentationProperties, Lemma4Noninterference, ()) {
  for_every_pass(verify::check_lemma4);
}

} // namespace
} // namespace racelang
