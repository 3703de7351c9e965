// `racelang explore`: runs every schedule of a small program (interp's explore_program) and
// prints its executions, distinct final states, races, assertion failures, runtime errors and
// deadlocks, each with a `racelang run` command that replays a witness. Text or --json on
// stdout; progress on stderr only when stderr is a terminal.
#include <unistd.h>

#include <cstdint>
#include <iostream>
#include <optional>

#include "driver/commands.h"
#include "driver/compile.h"
#include "driver/exit_codes.h"
#include "driver/output.h"
#include "driver/run_views.h"
#include "instrument/groups.h"
#include "interp/co_enabled.h"
#include "interp/code.h"
#include "interp/explore.h"
#include "interp/explore_output.h"
#include "interp/report.h"

namespace racelang {
namespace {

// --co-enabled: interp/co_enabled.h's set, one line a pair. Exit 66 if there is one, 1 if a
// limit stopped the search (the set is partial), else 0.
int print_co_enabled(const Code& code, const SourceFile& file, const ExploreOptions& explore) {
  CoEnabledOptions options;
  options.max_states = explore.max_states;
  options.max_steps = explore.max_steps;
  CoEnabledResult result = co_enabled_pairs(code, options);
  auto access = [&](const CoEnabledAccess& a) {
    return std::string(a.kind == AccessKind::Write ? "write" : "read") + " by thread " +
           std::to_string(a.thread) + " at " + format_position(file, a.at);
  };
  std::cout << "co-enabled racing pairs: " << result.pairs.size() << " (" << result.states
            << " states)\n";
  for (const CoEnabledPair& p : result.pairs)
    std::cout << "  '" << code.info->cell_name(p.cell) << "': " << access(p.first) << " and "
              << access(p.second) << "\n";
  if (!result.limit.empty()) {
    std::cerr << "racelang explore: the --" << result.limit
              << " limit stopped the search; the pairs are partial\n";
    return result.pairs.empty() ? kExitFailure : kExitRace;
  }
  return result.pairs.empty() ? kExitSuccess : kExitRace;
}

// The split search's thresholds (docs/explore.md, "Parts split off while they run" and
// "Planned branches given away"): each option, what it does before its default, what the
// output depends on after it, its field.
struct ThresholdOption {
  const char* name;
  const char* what;
  const char* output;
  uint64_t ExploreOptions::*field;
};
constexpr ThresholdOption kThresholds[] = {
    {"resplit-after",
     "dpor: a part of the split search with sleepers at its root that has run N executions "
     "splits the rest of its search off for idle workers, and again each time its executions "
     "double",
     "the output depends on N, never on --jobs", &ExploreOptions::resplit_executions},
    {"give-after",
     "dpor: a part of the split search without sleepers at its root gives the branches it has "
     "planned at one frame away to idle workers every N executions",
     "one worker gives nothing away; the output depends neither on N nor on --jobs",
     &ExploreOptions::give_executions},
};

} // namespace

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
  specs.push_back({"html-dir", true,
                   "write every witness as an HTML page (race-1.html, deadlock-1.html, ...) "
                   "to DIR (docs/run-view.md)",
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
                   "dpor (default: DPOR, one execution per Mazurkiewicz trace), states "
                   "(state caching; handles spin loops) or naive (every interleaving)",
                   "NAME"});
  specs.push_back({"thread-bound", true,
                   "dpor: scheduling steps one thread may take (default " +
                       std::to_string(explore.thread_bound) + "); executions it cuts are said",
                   "N"});
  specs.push_back({"list-executions", true,
                   "dpor: write every explored execution's schedule to FILE, one a line, in "
                   "exploration order (the search tree's parts in order; bench/explore/split.py)",
                   "FILE"});
  specs.push_back({"jobs", true,
                   "dpor: worker threads (default: every core); the results are the same for "
                   "every number (states and naive run on one)",
                   "J"});
  specs.push_back({"split-parts", true,
                   "dpor: split the search tree at its top into at least N parts where the "
                   "program has that many (default " +
                       std::to_string(explore.split_parts) +
                       ": one part, optimal on every worker; more start every worker at once, "
                       "but those with sleepers run source sets and block executions); the "
                       "output depends on N, never on --jobs",
                   "N"});
  for (const ThresholdOption& t : kThresholds)
    specs.push_back({t.name, true,
                     std::string(t.what) + " (default " + std::to_string(explore.*t.field) +
                         "; 0: never); " + t.output,
                     "N"});
  specs.push_back({"no-cache", false, "the same as --strategy=naive"});
  specs.push_back(timeout_option_spec("the search"));
  specs.push_back({"co-enabled", false,
                   "print the exact racing pairs instead: conflicting accesses enabled together "
                   "in some reachable state"});
  specs.push_back({"bigger-step", false,
                   "run each instruction of an instrumented program with its instrumentation "
                   "(an @group) as one step (the paper's Figure 11)"});
  auto options = parse_options("explore", specs, args);
  if (!options) return kExitUsage;
  if (options->help) {
    std::cout << format_help(
        "racelang explore [options] FILE",
        "Runs every schedule of FILE (a small program) that matters, with the detector\n"
        "observing each: by default one execution per Mazurkiewicz trace (DPOR; see\n"
        "--strategy). Reports the executions, the distinct final states of shared memory, and\n"
        "every distinct data race, assertion failure, runtime error and deadlock with a\n"
        "`racelang run` command replaying a witness. --jobs splits the DPOR search between\n"
        "worker threads; the output does not depend on their number. Exit codes: 66 if any\n"
        "execution races, else 1 if any fails, deadlocks or a limit (the thread bound\n"
        "included) stops the search, else 0.",
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
  if (auto text = options->get("split-parts")) {
    auto v = parse_count(*text);
    if (!v || *v == 0 || *v > UINT32_MAX)
      return usage("--split-parts needs a number from 1 to " + std::to_string(UINT32_MAX) +
                   ", not '" + *text + "'");
    explore.split_parts = static_cast<uint32_t>(*v);
  }
  for (const ThresholdOption& t : kThresholds)
    if (auto text = options->get(t.name)) {
      auto v = parse_count(*text);
      if (!v) return usage(std::string("--") + t.name + " needs a number, not '" + *text + "'");
      explore.*t.field = *v;
    }
  if (!read_timeout("explore", *options, explore.timeout_ms)) return kExitUsage;
  // DPOR always runs split, with one worker too, so that --jobs never changes the output.
  // States and naive take --jobs and run on one thread (docs/explore.md says why).
  if (!read_jobs("explore", *options, explore.jobs)) return kExitUsage;
  if (options->has("co-enabled"))
    for (const char* other : {"bigger-step", "json", "witness-dir", "locals", "detector"})
      if (options->has(other)) return usage(std::string("--co-enabled does not take --") + other);

  explore.machine.bigger_step = options->has("bigger-step");
  if (explore.machine.bigger_step) restore_groups(compiled->program);
  Code code = compile_program(compiled->program, compiled->info);
  if (options->has("co-enabled")) return print_co_enabled(code, *compiled->file, explore);
  CheckSites sites = check_sites(*compiled, code);

  // Written as the search ends (the parts' lists in the parts' order; there may be millions)
  // into a temporary put in place at the end; the schedules are those of `racelang run
  // --schedule-string`.
  OutputFile executions_file;
  if (auto file = options->get("list-executions")) {
    if (explore.strategy != ExploreStrategy::Dpor)
      return usage("--list-executions applies to --strategy=dpor");
    if (!check_outputs({file}, {path})) return kExitUsage;
    std::string error;
    if (!executions_file.open(*file, error)) {
      std::cerr << error << "\n";
      return kExitUsage;
    }
    explore.on_execution = [&executions_file](const Schedule& schedule) {
      executions_file.stream() << format_schedule_string(schedule) << "\n";
    };
  }

  // Final states keep the threads' locals only when the output shows them.
  explore.final_locals = options->has("locals");
  bool progress = isatty(STDERR_FILENO) == 1;
  if (progress)
    explore.progress = [](uint64_t states, uint64_t executions) {
      std::cerr << "\rexploring: " << states << " states, " << executions << " executions"
                << std::flush;
    };
  ExploreResult result = explore_program(code, explore);
  if (progress) std::cerr << "\r\x1b[K" << std::flush;

  if (options->has("list-executions")) {
    std::string error;
    if (!executions_file.commit(error)) {
      std::cerr << error << "\n";
      return kExitUsage;
    }
  }

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
    if (!make_output_dir(output.witness_dir, "witness schedules")) return kExitUsage;
    std::vector<WitnessFile> witnesses = witness_files(result, output, files);
    std::vector<std::optional<std::string>> paths;
    for (const WitnessFile& w : witnesses) paths.push_back(w.path);
    if (!check_outputs(paths, {path})) return kExitUsage;
    for (const WitnessFile& w : witnesses) {
      std::string error;
      if (!write_output_file(w.path, w.text, error)) {
        std::cerr << error << "\n";
        return kExitUsage;
      }
    }
  }
  if (auto dir = options->get("html-dir"))
    if (!write_witness_pages(result, code, *compiled->file, explore, output, *dir, *path))
      return kExitUsage; // an I/O error
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
