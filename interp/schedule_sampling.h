// Testing by sampling schedules (`racelang test`): N runs of a program, run i under the
// scheduler that seed S + i selects (seeded random or PCT, pct.h), spread over worker threads,
// and every distinct outcome kept once with how many runs showed it and the first run (lowest
// seed) that did, so that the result, and its replay command, do not depend on the number of
// workers or on which worker ran what. Distinct means: a race by its location and both
// accesses' source positions (RaceKey), an assertion failure or runtime error by position,
// thread and message, a deadlock by every blocked thread and what blocks it, a step limit by the
// running threads' positions, a finished run by its printed output and final shared memory
// (docs/testing.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "interp/code.h"
#include "interp/run.h"
#include "interp/scheduler.h"

namespace racelang {

enum class SampleSchedule : uint8_t { Random, Pct };

struct SampleOptions {
  SampleSchedule schedule = SampleSchedule::Random;
  uint32_t depth = 3; // Pct: the bug depth d
  uint64_t seed = 0;  // run i uses seed + i
  uint64_t iterations = 1000;
  unsigned jobs = 1; // worker threads (at least 1)
  // The runs' options: detector, keep_going, max_steps, timeout_ms (each run's), machine.
  // print, on_race and the other callbacks are ignored: each run's output is kept per run.
  InterpreterOptions run;
  bool broken_pct = false; // tests only: PctOptions::broken_no_priority_change
};

enum class SampleKind : uint8_t {
  Race,
  AssertionFailure,
  RuntimeError,
  Deadlock,
  StepLimit,
  TimeLimit,
  Discarded, // an assumption was false: not a behaviour of the program
  Finished
};

// One distinct outcome; `example` is the run of `first_seed` (its races, failure, blocked
// threads, memory), `output` what that run printed.
struct SampledOutcome {
  SampleKind kind = SampleKind::Finished;
  std::string key; // what makes it distinct, as text (stable, for tests and sorting)
  RaceReport race; // Race: the race
  RunResult example;
  std::vector<std::string> output;
  uint64_t first_seed = 0;
  uint64_t runs = 0; // runs that showed it
};

struct SampleResult {
  uint64_t iterations = 0;
  uint64_t pct_length = 0; // Pct: k, the run length the change points are drawn over
  // Sorted by kind (the order of SampleKind), then by first_seed, then key.
  std::vector<SampledOutcome> outcomes;
};

// The scheduler run `seed` uses (the one `racelang run` builds from the replay options).
std::unique_ptr<Scheduler> make_sample_scheduler(const SampleOptions& options, uint64_t seed,
                                                 uint64_t pct_length);

// The distinct outcomes of one run: (kind, key) for each race and for how it ended.
std::vector<std::pair<SampleKind, std::string>> sample_keys(const RunResult& result,
                                                            const std::vector<std::string>& output);

SampleResult sample_schedules(const Code& code, const SampleOptions& options);

const char* sample_kind_name(SampleKind kind); // "race", "assertion failure", ...

} // namespace racelang
