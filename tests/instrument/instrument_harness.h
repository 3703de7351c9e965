// Test harness for the instrumentation: a program and its instrumented form, each checked and
// compiled and kept alive together; the projections that compare their states (everything but
// the instrumentation's `__` metadata and temporaries); and the explorations the properties of
// docs/instrumentation.md ("Properties") run on them.
#pragma once

#include <memory>
#include <set>
#include <string>
#include <vector>

#include "frontend/ast.h"
#include "frontend/check.h"
#include "frontend/source.h"
#include "instrument/vector_clock_pass.h"
#include "interp/code.h"
#include "interp/explore.h"

namespace racelang::testing {

// A program, checked and compiled. Not movable: Code points into Program and ProgramInfo.
struct CompiledProgram {
  Program program;
  ProgramInfo info;
  Code code;
};

// The original program (parsed from source, so statements have positions, which race checks
// record) and its instrumentation, built in memory (statements keep their groups).
struct Subject {
  std::unique_ptr<SourceFile> file;
  CompiledProgram original;
  CompiledProgram instrumented;
};

// nullptr (with a message in `error`) if the source does not parse or check, or if the
// instrumented program does not check.
std::unique_ptr<Subject> make_subject(const std::string& source, const InstrumentOptions& options,
                                      std::string& error);

// A projection of a machine state onto the original program, as text (so that sets of them
// compare and print): the shared cells and every thread's locals by name, leaving out the
// instrumentation's names; with `positions`, also every thread's status and the source
// position of its next instruction.
std::string project(const CompiledProgram& p, const std::vector<int64_t>& memory,
                    const std::vector<int64_t>& locals, const MachineState* positions = nullptr);
std::string project(const CompiledProgram& p, const MachineState& state, bool positions);

// What identifies a race for the theorems: the thread, the location and the kind of the
// access that races, and the thread and kind of the earlier access.
std::string race_identity(const CompiledProgram& p, int64_t thread, const RaceReport& race);
std::string race_identity(const CompiledProgram& p, const Failure& check);

// The explorations: the original under the labelled semantics with VectorClock, race-free
// paths apart (ExploreOptions::split_race_free); the instrumented program without a detector
// (its checks do the detecting) in the small-step semantics with the independence reduction,
// or in the bigger-step semantics.
enum class Semantics { SmallStep, SmallStepUnreduced, BiggerStep };
ExploreResult explore_original(const Subject& s);
ExploreResult explore_instrumented(const Subject& s, Semantics semantics,
                                   bool with_detector = false);

// Projections of explore results.
std::set<std::string> finals(const CompiledProgram& p, const std::vector<FinalState>& states);
// (projected state before, race identity) of each first race / failed check.
std::set<std::string> first_race_points(const CompiledProgram& p, const ExploreResult& r,
                                        bool positions);
std::set<std::string> check_failure_points(const CompiledProgram& p, const ExploreResult& r,
                                           bool positions);
// The same for the small-step semantics, after completing the instrumentation section of
// every other thread whose instruction has already run (the reordering of Lemmas 6-8: those
// remaining steps touch only that thread's metadata, its temporaries and X[x], and commute
// with the failing check), and running the thread-local instructions that follow it. Without
// this, a thread stopped between its store and the `unlock X[x]` after it would show locals
// that no state of the bigger-step semantics has (assignments after the store not yet run).
std::set<std::string> completed_check_failure_points(const CompiledProgram& p,
                                                     const ExploreResult& r);
// Only the identities.
std::set<std::string> first_race_identities(const CompiledProgram& p, const ExploreResult& r);
std::set<std::string> check_failure_identities(const CompiledProgram& p, const ExploreResult& r);

// "{a, b}" for a set, one element per line, for messages.
std::string show(const std::set<std::string>& set);

} // namespace racelang::testing
