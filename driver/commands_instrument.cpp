// `racelang instrument`: prints a program with a pass's race-detection instrumentation
// (instrument/instrument.h), as racelang source under a header that names the original, the
// pass and the variant. Every racelang command runs the output as it is.
#include <iostream>

#include "driver/commands.h"
#include "driver/compile.h"
#include "driver/exit_codes.h"
#include "frontend/print.h"
#include "instrument/instrument.h"

namespace racelang {

int command_instrument(const std::vector<std::string>& args) {
  auto specs = common_program_options();
  for (OptionSpec& spec : pass_option_specs()) specs.push_back(std::move(spec));
  auto options = parse_options("instrument", specs, args);
  if (!options) return kExitUsage;
  if (options->help) {
    std::cout << format_help(
        "racelang instrument [options] FILE",
        "Prints FILE with race-detection instrumentation (by default the FastTrack pass with\n"
        "every static check elimination; --pass=vc --no-elide is the CPP'17 paper's VectorClock\n"
        "pass exactly), as racelang source. The output starts with a header naming FILE, the\n"
        "pass, the variant and the eliminations: every racelang command runs it as it is, a\n"
        "failing '__race' check is a data race (exit 66), and reports point into FILE. Variants\n"
        "and eliminations marked broken are deliberately wrong, for demonstrations and for\n"
        "'racelang verify'.",
        specs);
    return kExitSuccess;
  }
  auto color = color_choice("instrument", *options);
  auto path = single_file_argument("instrument", *options);
  auto pass = pass_choice("instrument", *options);
  if (!color || !path || !pass) return kExitUsage;
  CheckOptions check_options{options->has("allow-reserved")};
  auto loaded = load_program(*path, *color, /*check=*/true, check_options);
  if (!loaded) return kExitUsage;
  if (refuse_uninstrumentable_sync(*loaded)) return kExitUsage;
  if (loaded->instrumented) {
    std::cerr << "racelang instrument: error: '" << *path
              << "' is already instrumented (its header says so); instrument the original, '"
              << loaded->instrumented->original_path << "'\n";
    return kExitUsage;
  }
  auto instrumented = instrument_loaded("instrument", *loaded, *pass);
  if (!instrumented) return kExitFailure;
  std::cout << instrumented_file_header(*path, *pass) << print_program(instrumented->program);
  return kExitSuccess;
}

} // namespace racelang
