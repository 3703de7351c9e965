// The instrumentation's properties over generated programs (properties.h): each property
// explores every program under all schedules. RapidCheck prints the seed of every run and, on
// a failure, the shrunk program as racelang source.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "verify/properties.h"

namespace racelang {
namespace {

using verify::gen_paper_program;

RC_GTEST_PROP(InstrumentationProperties, Theorem4RaceFreeFinalStates, ()) {
  verify::check_theorem4(*gen_paper_program(), PassOptions{});
}

RC_GTEST_PROP(InstrumentationProperties, Theorem5FirstRaces, ()) {
  verify::check_theorem5(*gen_paper_program(), PassOptions{});
}

RC_GTEST_PROP(InstrumentationProperties, Lemmas3And8To10SmallStepIsBiggerStep, ()) {
  verify::check_lemmas_3_8_10(*gen_paper_program(), PassOptions{});
}

RC_GTEST_PROP(InstrumentationProperties, Lemma4Noninterference, ()) {
  verify::check_lemma4(*gen_paper_program(), PassOptions{});
}

} // namespace
} // namespace racelang
