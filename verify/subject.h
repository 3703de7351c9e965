// The subject of an instrumentation property: a program and its instrumented form, each
// checked and compiled and kept alive together; the projections that compare their states
// (everything but the instrumentation's `__` metadata and temporaries); and the explorations
// the properties of docs/instrumentation.md ("Properties") run on them. Shared by the test
// suite and `racelang verify`.
#pragma once

#include <memory>
#include <set>
#include <string>
#include <vector>

#include "frontend/ast.h"
#include "frontend/check.h"
#include "frontend/source.h"
#include "instrument/instrument.h"
#include "interp/code.h"
#include "interp/explore.h"
#include "interp/run.h"
#include "interp/scheduler.h"

namespace racelang::verify {

// A program, checked and compiled for the interpreter. Not movable: Code points into Program
// and ProgramInfo.
struct RunnableProgram : CheckedProgram {
  Code code;
};

// The original program (parsed from source, so statements have positions, which race checks
// record) and its instrumentation, built in memory (statements keep their groups).
struct Subject {
  std::unique_ptr<SourceFile> file;
  PassOptions pass; // what instrumented it
  RunnableProgram original;
  RunnableProgram instrumented;
};

// nullptr (with a message in `error`) if the source does not parse or check, or if the
// instrumented program does not check.
std::unique_ptr<Subject> make_subject(const std::string& source, const PassOptions& pass,
                                      std::string& error);

// A projection of a machine state onto the original program, as text (so that sets of them
// compare and print): the shared cells and every thread's locals by name, leaving out the
// instrumentation's names; with `positions`, also every thread's status and the source
// position of its next instruction.
std::string project(const RunnableProgram& p, const Cells& memory,
                    const std::vector<int64_t>& locals, const MachineState* positions = nullptr);
std::string project(const RunnableProgram& p, const MachineState& state, bool positions);

// What identifies a race for the theorems: the thread, the location and the kind of the
// access that races, and the thread and kind of the earlier access.
std::string race_identity(const RunnableProgram& p, int64_t thread, const RaceReport& race);
std::string race_identity(const RunnableProgram& p, const Failure& check);

// The explorations: the original under the labelled semantics with the pass's reference
// detector (PassInfo::reference), race-free paths apart (ExploreOptions::split_race_free); the
// instrumented program without a detector (its checks do the detecting) in the small-step semantics
// with the independence reduction, or in the bigger-step semantics.
// SmallStepSourceSteps reduces only the instrumentation's own accesses: every load and store of
// the program's own cells stays a scheduling point, so the states just before them (which the
// bigger-step semantics has) are not skipped where an access was left uninstrumented (elide/).
enum class Semantics { SmallStep, SmallStepSourceSteps, SmallStepUnreduced, BiggerStep };
ExploreResult explore_original(const Subject& s);
ExploreResult explore_instrumented(const Subject& s, Semantics semantics,
                                   bool with_detector = false);
// Every distinct race (location and both accesses' sites) that VectorClock reports in the
// instrumented program under the plain small-step semantics: what Lemma 4 asks. From optimal
// DPOR, which reports every distinct race the exhaustive search does (docs/explore.md,
// "Checking it"): on the paper's programs it takes about 40% of the state cache's time (their
// instrumented threads mostly commute: few traces, many states, each holding the detector's
// clocks). Where DPOR would need more than a bound of search nodes (barriers and clock loops:
// many traces, few states) the state cache answers, with the independence reduction.
ExploreResult explore_instrumented_races(const Subject& s);

// The instruction of the original program in an instrumented group: the load, store, lock,
// unlock, spawn or wait that does not work on metadata.
bool is_source_instruction(const Instr& in);

// Projections of explore results.
std::set<std::string> finals(const RunnableProgram& p, const std::vector<FinalState>& states);
// (projected state before, race identity) of each first race / failed check.
std::set<std::string> first_race_points(const RunnableProgram& p, const ExploreResult& r,
                                        bool positions);
std::set<std::string> check_failure_points(const RunnableProgram& p, const ExploreResult& r,
                                           bool positions);
// The same for the small-step semantics, after completing the instrumentation section of
// every other thread whose instruction has already run (the reordering of Lemmas 6-8: those
// remaining steps touch only that thread's metadata, its temporaries and X[x], and commute
// with the failing check), and running the thread-local instructions that follow it. Without
// this, a thread stopped between its store and the `unlock X[x]` after it would show locals
// that no state of the bigger-step semantics has (assignments after the store not yet run).
// Also used on bigger-step states, where only a thread woken inside the group of a
// wait(c, m) or an await can stand after its group's source instruction (the rest of such a
// group is that thread's next step).
std::set<std::string> completed_check_failure_points(const RunnableProgram& p,
                                                     const ExploreResult& r);
// Only the identities.
std::set<std::string> first_race_identities(const RunnableProgram& p, const ExploreResult& r);
std::set<std::string> check_failure_identities(const RunnableProgram& p, const ExploreResult& r);

// Evidence for a failure message: a schedule of `p` on which the run's projected final state
// (`final_state`, on a run with no race) or its first race or failed check (`race`, a
// race_identity) is the one given: from random schedules with seeds 1 to 1,000, then for a
// final state from a bounded search of every schedule; every schedule returned has been
// replayed to the goal. Small-step semantics unless `bigger_step`; `detector` watches the run
// (the original needs one, an instrumented program detects by itself).
struct WitnessGoal {
  std::optional<std::string> final_state;
  std::optional<std::string> race;
};
std::optional<Schedule> find_witness(const RunnableProgram& p,
                                     std::optional<detect::DetectorKind> detector, bool bigger_step,
                                     const WitnessGoal& goal);

// "{a, b}" for a set, one element per line, for messages.
std::string show(const std::set<std::string>& set);

} // namespace racelang::verify
