// `racelang instrument`: prints a program with VectorClock race-detection instrumentation, as
// racelang source that checks (with --allow-reserved) and runs like the original under
// `--detector=vc`.
#include <iostream>

#include "driver/commands.h"
#include "driver/compile.h"
#include "driver/exit_codes.h"
#include "frontend/print.h"
#include "instrument/vector_clock_pass.h"
#include "interp/report.h"

namespace racelang {

namespace {

// The deliberately broken (and one harmless) variants, for demonstrations and for the
// negative controls in docs/instrumentation.md.
bool apply_variant(const std::string& name, InstrumentOptions& options) {
  if (name == "paper") return true;
  if (name == "no-location-locks")
    options.location_locks = false;
  else if (name == "no-release-increment")
    options.increment_on_release = false;
  else if (name == "store-skips-reads")
    options.store_checks_reads = false;
  else if (name == "figure9-wait")
    options.increment_on_join = true;
  else if (name == "roadrunner-release")
    options.release_joins_lock = true;
  else
    return false;
  return true;
}

} // namespace

int command_instrument(const std::vector<std::string>& args) {
  auto specs = common_program_options();
  specs.push_back({"variant", true,
                   "paper (default), no-location-locks, no-release-increment, "
                   "store-skips-reads, figure9-wait, roadrunner-release",
                   "NAME"});
  auto options = parse_options("instrument", specs, args);
  if (!options) return kExitUsage;
  if (options->help) {
    std::cout << format_help(
        "racelang instrument [options] FILE",
        "Prints FILE with VectorClock race-detection instrumentation (the CPP'17 paper's pass,\n"
        "with a lock per location), as racelang source. The output uses reserved '__' names:\n"
        "check or run it with --allow-reserved. A failing '__race' check is a data race.",
        specs);
    return kExitSuccess;
  }
  auto color = color_choice("instrument", *options);
  auto path = single_file_argument("instrument", *options);
  if (!color || !path) return kExitUsage;
  InstrumentOptions instrument_options;
  std::string variant = options->get("variant").value_or("paper");
  if (!apply_variant(variant, instrument_options)) {
    std::cerr << "racelang instrument: error: unknown variant '" << variant << "'\n";
    return kExitUsage;
  }
  CheckOptions check_options{options->has("allow-reserved")};
  auto compiled = load_program(*path, *color, /*check=*/true, check_options);
  if (!compiled) return kExitUsage;
  Program instrumented =
      instrument_vector_clock(compiled->program, compiled->info, instrument_options);
  // The first line names the original program: race checks carry its positions, and the
  // reports of `racelang run` read its source lines from there (interp/report.h, CheckSites).
  std::string header = std::string(kInstrumentHeader) + *path +
                       "\n// VectorClock instrumentation, variant " + variant +
                       ". Check or run with --allow-reserved;\n// with --bigger-step each "
                       "@group runs as one atomic step.\n";
  std::cout << header << print_program(instrumented);
  return kExitSuccess;
}

} // namespace racelang
