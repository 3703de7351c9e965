// The properties of docs/instrumentation.md ("Properties"), each a check of one generated
// program under one pass and variant (PassOptions: the pass under test; its reference detector
// comes from the pass table), stated with RapidCheck's RC_ASSERT so that the same check runs
// as a property (tests/instrument/properties_test.cpp), inside the negative and positive
// controls (controls_test.cpp), which must see broken variants fail it, and in `racelang
// verify` (verify.h). A failure message ends with a schedule that shows the disagreement.
#pragma once

#include <string_view>
#include <vector>

#include "instrument/instrument.h"
#include "verify/program_gen.h"

namespace racelang::verify {

// (1) Theorem 4: the final states of the instrumented program (small-step) are exactly the
// final states of the race-free executions of the original under the labelled semantics
// with VectorClock (projected: no metadata, no temporaries).
void check_theorem4(const PaperProgram& program, const PassOptions& pass);

// (2) Theorem 5: the instrumented program can fail a check iff some execution of the original
// races; the states just before a failing bigger step are exactly the states where a race-free
// execution of the original meets its first race (projected, thread positions included), with
// the same racing thread, location, access kind and earlier access; and in the small-step
// semantics the failing checks name exactly the first races of the original. Where the pass
// coalesces a loop into a range check (the `range` elimination), the state-level statement is
// replaced by its race-level part: the failing checks of the bigger-step semantics, too, name
// exactly the first races of the original (docs/instrumentation.md, "Range coalescing").
void check_theorem5(const PaperProgram& program, const PassOptions& pass);

// (3) Lemmas 3 and 8-10: the small-step and bigger-step semantics of the instrumented program
// reach the same projected final states, and the same projected states before a failing
// check, with the same race.
void check_lemmas_3_8_10(const PaperProgram& program, const PassOptions& pass);

// (4) Lemma 4 (noninterference): in every small-step execution of the instrumented program,
// VectorClock over the labels of the instrumented program finds no race on a metadata
// location.
void check_lemma4(const PaperProgram& program, const PassOptions& pass);

} // namespace racelang::verify

namespace racelang::verify {

// Whether a failing check looks for a schedule that shows the failure (on by default). The
// search costs as much as the check again, and RapidCheck runs a failing check many times
// while it shrinks, so verify_pass turns it off until the final counterexample.
void set_failure_evidence(bool on);

using PropertyCheck = void (*)(const PaperProgram& program, const PassOptions& pass);

struct Property {
  std::string_view name;        // --property=NAME
  std::string_view description; // one line
  PropertyCheck check;
};

// Every property, in the order `racelang verify` runs them.
const std::vector<Property>& instrumentation_properties();
const Property* find_property(std::string_view name);

} // namespace racelang::verify
