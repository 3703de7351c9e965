// `racelang explore`: runs every schedule of a small program (interp's explore_program) and
// prints its executions, distinct final states, races, assertion failures, runtime errors and
// deadlocks, each with a `racelang run` command that replays a witness. Text or --json on
// stdout; progress on stderr only when stderr is a terminal.
#include <unistd.h>

#include <iostream>

#include "driver/commands.h"
#include "driver/compile.h"
#include "driver/exit_codes.h"
#include "instrument/groups.h"
#include "interp/code.h"
#include "interp/explore.h"
#include "interp/explore_output.h"

namespace racelang {

int command_explore(const std::vector<std::string>& args) {
  ExploreOptions explore;
  auto specs = common_program_options();
  specs.push_back(
      {"detector", true, "vc (default), fasttrack, djit, vc-multijoin or none", "NAME"});
  specs.push_back({"json", false, "print the results as JSON"});
  specs.push_back({"locals", false, "tell final states apart by the threads' locals too"});
  specs.push_back({"witness-dir", true,
                   "write witness schedules to DIR and replay them with --replay (default: "
                   "inline --schedule-string)",
                   "DIR"});
  specs.push_back(
      {"max-executions", true,
       "stop after running N executions (default " + std::to_string(explore.max_executions) + ")",
       "N"});
  specs.push_back(
      {"max-states", true,
       "stop after N distinct states (default " + std::to_string(explore.max_states) + ")", "N"});
  specs.push_back({"max-steps", true,
                   "instructions a thread may run between scheduling points (default " +
                       std::to_string(explore.max_steps) + ")",
                   "N"});
  specs.push_back({"strategy", true,
                   "dpor (default: optimal DPOR, one execution per Mazurkiewicz trace), states "
                   "(state caching; handles spin loops) or naive (every interleaving)",
                   "NAME"});
  specs.push_back({"thread-bound", true,
                   "dpor: scheduling steps one thread may take (default " +
                       std::to_string(explore.thread_bound) + "); executions it cuts are said",
                   "N"});
  specs.push_back({"no-cache", false, "the same as --strategy=naive"});
  specs.push_back({"bigger-step", false,
                   "run each instruction of an instrumented program with its instrumentation "
                   "(an @group) as one step (the paper's Figure 11)"});
  auto options = parse_options("explore", specs, args);
  if (!options) return kExitUsage;
  if (options->help) {
    std::cout << format_help(
        "racelang explore [options] FILE",
        "Runs every schedule of FILE (a small program) that matters, with the detector\n"
        "observing each: by default one execution per Mazurkiewicz trace (optimal DPOR; see\n"
        "--strategy). Reports the executions, the distinct final states of shared memory, and\n"
        "every distinct data race, assertion failure, runtime error and deadlock with a\n"
        "`racelang run` command replaying a witness. Exit codes: 66 if any execution races,\n"
        "else 1 if any fails, deadlocks or a limit (the thread bound included) stops the\n"
        "search, else 0.",
        specs);
    return kExitSuccess;
  }
  auto usage = [](const std::string& message) { return usage_error("explore", message); };
  auto color = color_choice("explore", *options);
  auto path = single_file_argument("explore", *options);
  if (!color || !path) return kExitUsage;

  auto compiled =
      load_program(*path, *color, /*check=*/true, CheckOptions{options->has("allow-reserved")});
  if (!compiled) return kExitUsage;
  std::string detector = options->get("detector").value_or(default_interp_detector(*compiled));
  if (detector == "none")
    explore.detector = std::nullopt;
  else if (auto kind = detect::parse_detector_kind(detector))
    explore.detector = *kind;
  else
    return usage("unknown detector '" + detector + "' (vc, fasttrack, djit, vc-multijoin, none)");
  for (auto [name, field] : {std::pair{"max-executions", &ExploreOptions::max_executions},
                             std::pair{"max-states", &ExploreOptions::max_states},
                             std::pair{"max-steps", &ExploreOptions::max_steps},
                             std::pair{"thread-bound", &ExploreOptions::thread_bound}}) {
    if (auto text = options->get(name)) {
      auto v = parse_count(*text);
      if (!v || *v == 0)
        return usage(std::string("--") + name + " needs a positive number, not '" + *text + "'");
      explore.*field = *v;
    }
  }
  explore.strategy = ExploreStrategy::Dpor;
  if (auto name = options->get("strategy")) {
    auto strategy = parse_strategy(*name);
    if (!strategy) return usage("unknown strategy '" + *name + "' (dpor, states, naive)");
    explore.strategy = *strategy;
  }
  if (options->has("no-cache")) {
    if (options->get("strategy") && explore.strategy != ExploreStrategy::Naive)
      return usage("--no-cache is --strategy=naive; it contradicts --strategy=" +
                   *options->get("strategy"));
    explore.strategy = ExploreStrategy::Naive;
  }

  explore.machine.bigger_step = options->has("bigger-step");
  if (explore.machine.bigger_step) restore_groups(compiled->program);
  Code code = compile_program(compiled->program, compiled->info);
  CheckSites sites = check_sites(*compiled, code);

  bool progress = isatty(STDERR_FILENO) == 1;
  if (progress)
    explore.progress = [](uint64_t states, uint64_t executions) {
      std::cerr << "\rexploring: " << states << " states, " << executions << " executions"
                << std::flush;
    };
  ExploreResult result = explore_program(code, explore);
  if (progress) std::cerr << "\r\x1b[K" << std::flush;

  ExploreOutputOptions output;
  output.program_path = *path;
  output.locals = options->has("locals");
  output.witness_dir = options->get("witness-dir").value_or("");
  if (options->has("allow-reserved")) output.extra_run_args.push_back("--allow-reserved");
  if (compiled->instrumented) output.run_default_detector = std::nullopt;
  if (explore.machine.bigger_step) output.extra_run_args.push_back("--bigger-step");
  output.sites = &sites;
  WitnessFiles files;
  if (!output.witness_dir.empty()) {
    std::string error;
    if (!write_witness_files(result, output, files, error)) {
      std::cerr << "racelang explore: error: " << error << "\n";
      return kExitUsage; // an I/O error
    }
  }
  const WitnessFiles* witness_files = output.witness_dir.empty() ? nullptr : &files;
  if (options->has("json"))
    std::cout << format_explore_json(result, code, explore, output, witness_files);
  else
    std::cout << format_explore_text(result, code, *compiled->file, explore, output, witness_files);
  if (!result.limit.empty())
    std::cerr << "racelang explore: the --" << result.limit
              << " limit stopped the search; the results are partial\n";
  return explore_exit_code(result);
}

} // namespace racelang
