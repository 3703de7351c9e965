// How `racelang explore` presents its results: text for people, JSON for tools, and for every
// witness the exact `racelang run` invocation that replays it. ReplaySpec is the structured
// form of that invocation, so tests can replay witnesses through run_program exactly as the
// printed command would (docs/interpreter.md, "Exploration", has the formats).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "detect/detector.h"
#include "frontend/source.h"
#include "interp/code.h"
#include "interp/explore.h"
#include "interp/report.h"

namespace racelang {

// A `racelang run` invocation that replays one witness.
struct ReplaySpec {
  Schedule schedule;
  std::optional<detect::DetectorKind> detector; // nullopt: --detector=none
  bool keep_going = false;
  std::optional<uint64_t> max_steps; // only for step-limit witnesses
};

// Races replay with explore's detector (and --keep-going when an earlier race on the witness
// would stop the run first); failures, deadlocks and step limits replay with --detector=none,
// so a race earlier on the same schedule does not end the run before the outcome.
ReplaySpec replay_spec(const ExploreRace& race, const ExploreOptions& options);
ReplaySpec replay_spec(const ExploreFailure& failure);
ReplaySpec replay_spec(const ExploreDeadlock& deadlock);
ReplaySpec replay_spec(const ExploreStepLimit& limit, const ExploreOptions& options);
// A cycle no schedule leaves replays to the step limit, set to stop where the cycle closes.
ReplaySpec replay_spec(const ExploreNonTermination& cycle);

// InterpreterOptions for a replay (detector, keep-going, max-steps).
InterpreterOptions replay_run_options(const ReplaySpec& spec);

struct ExploreOutputOptions {
  std::string program_path; // as given on the command line
  bool locals = false;      // show (and tell final states apart by) thread locals too
  // Non-empty: witnesses are written there as schedule files and replayed with --replay=FILE;
  // empty: they are given inline with --schedule-string=.
  std::string witness_dir;
  std::vector<std::string> extra_run_args; // e.g. --allow-reserved, given to every replay
  // The detector `racelang run` uses on this file without --detector (none for an
  // instrumented file): a replay names its detector only when it differs.
  std::optional<detect::DetectorKind> run_default_detector = detect::DetectorKind::VectorClock;
  // Where races found by instrumentation checks point (report.h); nullptr: this file.
  const CheckSites* sites = nullptr;
};

// The arguments after `racelang` that replay `spec` ("run FILE --schedule-string=0,1 ...").
// `schedule_file` replaces the inline schedule when not empty.
std::string replay_command(const ReplaySpec& spec, const ExploreOutputOptions& output,
                           const std::string& schedule_file = "");

// The witness files of `result` in output.witness_dir: race-N.sched, assertion-N.sched,
// error-N.sched, deadlock-N.sched, step-limit-N.sched, non-terminating-N.sched, each a path and
// its contents (schedule files, scheduler.h). Fills `files` with the paths in the order the
// output lists them. Writing them is the caller's (the driver checks and writes every output).
struct WitnessFiles {
  std::vector<std::string> races, assertion_failures, runtime_errors, deadlocks, step_limits,
      non_terminations;
};
struct WitnessFile {
  std::string path;
  std::string text;
};
std::vector<WitnessFile> witness_files(const ExploreResult& result,
                                       const ExploreOutputOptions& output, WitnessFiles& files);

// "x = 1, a = [0, 2]": the shared locations (locks left out) of a memory of `code`'s layout.
std::string format_shared_memory(const Code& code, const std::vector<int64_t>& memory);

std::string format_explore_text(const ExploreResult& result, const Code& code,
                                const SourceFile& file, const ExploreOptions& options,
                                const ExploreOutputOptions& output,
                                const WitnessFiles* files = nullptr);
std::string format_explore_json(const ExploreResult& result, const Code& code,
                                const ExploreOptions& options, const ExploreOutputOptions& output,
                                const WitnessFiles* files = nullptr);

// 66 if any execution races, else 1 if any failed, deadlocked, hit a limit or can never end
// (or the search hit a limit, or the thread bound cut an execution), else 0.
int explore_exit_code(const ExploreResult& result);

} // namespace racelang
