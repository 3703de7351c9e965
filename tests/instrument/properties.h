// The properties of docs/instrumentation.md ("Properties"), each a check of one generated
// program under one variant of the pass, stated with RapidCheck's RC_ASSERT so that the same
// check runs as a property (properties_test.cpp) and inside the negative and positive controls
// (controls_test.cpp), which must see broken variants fail it.
#pragma once

#include "instrument/vector_clock_pass.h"
#include "tests/instrument/paper_program_gen.h"

namespace racelang::testing {

// (1) Theorem 4: the final states of the instrumented program (small-step) are exactly the
// final states of the race-free executions of the original under the labelled semantics
// with VectorClock (projected: no metadata, no temporaries).
void check_theorem4(const testgen::PaperProgram& program, const InstrumentOptions& options);

// (2) Theorem 5: the instrumented program can fail a check iff some execution of the original
// races; the states just before a failing bigger step are exactly the states where a race-free
// execution of the original meets its first race (projected, thread positions included), with
// the same racing thread, location, access kind and earlier access; and in the small-step
// semantics the failing checks name exactly the first races of the original.
void check_theorem5(const testgen::PaperProgram& program, const InstrumentOptions& options);

// (3) Lemmas 3 and 8-10: the small-step and bigger-step semantics of the instrumented program
// reach the same projected final states, and the same projected states before a failing
// check, with the same race.
void check_lemmas_3_8_10(const testgen::PaperProgram& program, const InstrumentOptions& options);

// (4) Lemma 4 (noninterference): in every small-step execution of the instrumented program,
// VectorClock over the labels of the instrumented program finds no race on a metadata
// location.
void check_lemma4(const testgen::PaperProgram& program, const InstrumentOptions& options);

} // namespace racelang::testing
