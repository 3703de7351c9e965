// `racelang test`: runs a program under many seeded schedules (random or PCT) on all cores
// (interp/schedule_sampling.h) and prints each distinct outcome once, with how many runs showed
// it and the `racelang run` command that replays the first of them. The output depends only on
// the program, the options and the seed, never on --jobs (docs/testing.md).
#include <iostream>

#include "driver/commands.h"
#include "driver/compile.h"
#include "driver/exit_codes.h"
#include "instrument/groups.h"
#include "interp/explore_output.h"
#include "interp/report.h"
#include "interp/schedule_sampling.h"

namespace racelang {
namespace {

// "runs 3 of 1000" and such: plural-aware.
std::string runs_text(uint64_t n) {
  return std::to_string(n) + (n == 1 ? " run" : " runs");
}

std::string quoted_output(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& line : lines) out += (out.empty() ? "\"" : ", \"") + line + "\"";
  return out.empty() ? "(none)" : out;
}

const char* kTestDescription =
    "Runs FILE under the interpreter N times (--iterations), run i under the schedule seed\n"
    "S + i selects (--seed=S; --schedule=random, the default, or pct: probabilistic\n"
    "concurrency testing with bug depth --depth), on --jobs worker threads, with the\n"
    "detector observing each run. Prints every distinct outcome once: each race (by its\n"
    "location and both accesses), assertion failure, runtime error, deadlock, step limit\n"
    "and final state (shared memory and printed output), with how many runs showed it and\n"
    "the `racelang run` command replaying the first. The output is the same for every\n"
    "--jobs. Exit codes: 66 if any run raced, else 1 if any run failed, deadlocked or hit a\n"
    "limit, else 0; 2 for usage or compile errors.";

} // namespace

int command_test(const std::vector<std::string>& args) {
  auto specs = common_program_options();
  specs.push_back(
      {"detector", true, "vc (default), fasttrack, djit, vc-multijoin or none", "NAME"});
  specs.push_back({"iterations", true, "how many schedules to run (default 1000)", "N"});
  specs.push_back(
      {"schedule", true, "random (default) or pct (probabilistic concurrency testing)", "KIND"});
  specs.push_back(pct_depth_option_spec());
  specs.push_back({"seed", true, "run i uses seed S + i (default: a fresh S, printed)", "S"});
  specs.push_back({"jobs", true, "worker threads (default: every core)", "J"});
  specs.push_back({"keep-going", false, "runs continue past races (every race of a run counts)"});
  specs.push_back(
      {"max-steps", true,
       "stop each run after N instructions (default " + std::to_string(kDefaultMaxSteps) + ")",
       "N"});
  specs.push_back(timeout_option_spec("each run"));
  specs.push_back({"bigger-step", false,
                   "run each instruction of an instrumented program with its instrumentation "
                   "(an @group) as one step (the paper's Figure 11)"});
  auto options = parse_options("test", specs, args);
  if (!options) return kExitUsage;
  if (options->help) {
    std::cout << format_help("racelang test [options] FILE", kTestDescription, specs);
    return kExitSuccess;
  }
  auto usage = [](const std::string& message) { return usage_error("test", message); };
  auto color = color_choice("test", *options);
  auto path = single_file_argument("test", *options);
  if (!color || !path) return kExitUsage;

  SampleOptions sample;
  std::string kind = options->get("schedule").value_or("random");
  if (kind != "random" && kind != "pct")
    return usage("--schedule must be random or pct, not '" + kind + "'");
  sample.schedule = kind == "pct" ? SampleSchedule::Pct : SampleSchedule::Random;
  if (!read_pct_depth("test", *options, kind == "pct", sample.depth)) return kExitUsage;
  if (auto text = options->get("iterations")) {
    auto v = parse_count(*text);
    if (!v || *v == 0) return usage("--iterations needs a positive number, not '" + *text + "'");
    sample.iterations = *v;
  }
  uint32_t jobs = 1;
  if (!read_jobs("test", *options, jobs)) return kExitUsage;
  sample.jobs = jobs;
  if (!read_seed("test", *options, sample.seed)) return kExitUsage;
  // Every run's seed must be one `racelang run --seed` accepts (at most 19 digits).
  constexpr uint64_t kMaxSeed = 9'999'999'999'999'999'999ULL;
  if (sample.iterations - 1 > kMaxSeed - sample.seed)
    return usage("--seed plus --iterations must stay below 10^19");
  InterpreterOptions& run = sample.run;
  run.keep_going = options->has("keep-going");
  if (auto n = options->get("max-steps")) {
    auto v = parse_count(*n);
    if (!v || *v == 0) return usage("--max-steps needs a positive number, not '" + *n + "'");
    run.max_steps = *v;
  }
  if (!read_timeout("test", *options, run.timeout_ms)) return kExitUsage;

  auto compiled =
      load_program(*path, *color, /*check=*/true, CheckOptions{options->has("allow-reserved")});
  if (!compiled) return kExitUsage;
  std::string default_detector = default_interp_detector(*compiled);
  std::string detector = options->get("detector").value_or(default_detector);
  if (detector == "none")
    run.detector = std::nullopt;
  else if (auto d = detect::parse_detector_kind(detector))
    run.detector = *d;
  else
    return usage("unknown detector '" + detector + "' (vc, fasttrack, djit, vc-multijoin, none)");
  run.machine.bigger_step = options->has("bigger-step");
  if (run.machine.bigger_step) restore_groups(compiled->program);
  Code code = compile_program(compiled->program, compiled->info);
  CheckSites sites = check_sites(*compiled, code);
  const SourceFile& file = *compiled->file;

  SampleResult result = sample_schedules(code, sample);

  std::string replay = replay_run_prefix(*path, *options, detector, default_detector, run);
  std::cout << "racelang test: " << runs_text(result.iterations) << " of " << *path << " under "
            << kind;
  if (sample.schedule == SampleSchedule::Pct)
    std::cout << " (depth " << sample.depth << ", " << result.pct_length << " scheduling points)";
  std::cout << ", seeds " << sample.seed << " to " << sample.seed + sample.iterations - 1 << ": "
            << result.outcomes.size() << " distinct outcome"
            << (result.outcomes.size() == 1 ? "" : "s") << "\n";
  bool raced = false, failed = false;
  for (const SampledOutcome& o : result.outcomes) {
    std::cout << "\n"
              << sample_kind_name(o.kind) << " (" << runs_text(o.runs) << ", first with seed "
              << o.first_seed << ")";
    const RunResult& r = o.example;
    switch (o.kind) {
    case SampleKind::Race:
      raced = true;
      std::cout << "\n" << format_race_report(o.race, code, file, &sites);
      break;
    case SampleKind::AssertionFailure:
    case SampleKind::RuntimeError:
      failed = true;
      std::cout << "\n" << format_failure(*r.failure, file, false);
      break;
    case SampleKind::Deadlock:
      failed = true;
      std::cout << "\n" << format_deadlock(r.blocked, code, file, false);
      break;
    case SampleKind::StepLimit:
      failed = true;
      std::cout << "\n" << format_step_limit(r, run.max_steps, file, false);
      break;
    case SampleKind::TimeLimit:
      failed = true;
      std::cout << "\n" << format_time_limit(r, run.timeout_ms, file, false);
      break;
    case SampleKind::Discarded:
      std::cout << "\n" << format_discarded(r.blocked, file, false);
      break;
    case SampleKind::Finished:
      std::cout << ": " << format_shared_memory(code, r.memory)
                << "; output: " << quoted_output(o.output) << "\n";
      break;
    }
    auto scheduler = make_sample_scheduler(sample, o.first_seed, result.pct_length);
    std::cout << "To replay: " << replay << " " << scheduler->replay_options() << "\n";
  }
  return raced ? kExitRace : failed ? kExitFailure : kExitSuccess;
}

} // namespace racelang
