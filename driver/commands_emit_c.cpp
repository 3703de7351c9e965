// `racelang emit-c`: prints a program translated to C11 with POSIX threads (emitc/), or
// writes it to a file. With --detector=vc the program is first instrumented (instrument/), so
// the C program performs racelang's VectorClock detection natively: a measure of the
// instrumentation's cost without any racelang backend in the way (bench/).
#include <fstream>
#include <iostream>

#include "driver/commands.h"
#include "driver/compile.h"
#include "driver/exit_codes.h"
#include "emitc/emit_c.h"
#include "frontend/check.h"
#include "instrument/vector_clock_pass.h"

namespace racelang {

namespace {

// The variants of `racelang instrument --variant` (same names, same meaning). Some are
// deliberately broken detectors; compiled to C they measure what each part of the
// instrumentation costs (bench/run.py --breakdown), which is all they are good for here.
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

int command_emit_c(const std::vector<std::string>& args) {
  auto specs = common_program_options();
  specs.push_back({"output", true, "write the C program to FILE instead of stdout", "FILE"});
  specs.push_back({"detector", true,
                   "none (default: the program as it is) or vc (with racelang's VectorClock "
                   "instrumentation; a race exits 66)",
                   "NAME"});
  specs.push_back({"variant", true,
                   "with --detector=vc: the instrumentation variant, as for 'racelang "
                   "instrument' (paper, the default, or a deliberately broken one)",
                   "NAME"});
  std::vector<std::string> expanded;
  bool only_positional = false;
  for (size_t i = 0; i < args.size(); ++i) {
    // -o is the one short option: the spelling every C programmer expects.
    if (only_positional || args[i] == "--") {
      only_positional = true;
      expanded.push_back(args[i]);
    } else if (args[i] == "-o") {
      expanded.push_back("--output");
    } else if (args[i].starts_with("-o") && args[i].size() > 2 && args[i][2] != '-') {
      expanded.push_back("--output=" + args[i].substr(2));
    } else {
      expanded.push_back(args[i]);
    }
  }
  auto options = parse_options("emit-c", specs, expanded);
  if (!options) return kExitUsage;
  if (options->help) {
    std::cout << format_help(
        "racelang emit-c [options] FILE [-o OUT]",
        "Translates FILE to C11 with POSIX threads: shared locations as plain globals, locks\n"
        "as pthread mutexes, threads as pthreads. Build the result with 'cc -O2 -pthread'\n"
        "(add -fsanitize=thread for ThreadSanitizer). The C program prints what the program\n"
        "prints and exits like 'racelang run': 1 on an assertion failure or runtime error (the\n"
        "same message), 66 on a race found by --detector=vc. A deadlock hangs, as in C.\n"
        "Racy programs may behave differently in C: see emitc/README.md.",
        specs);
    return kExitSuccess;
  }
  auto color = color_choice("emit-c", *options);
  auto path = single_file_argument("emit-c", *options);
  if (!color || !path) return kExitUsage;
  std::string detector = options->get("detector").value_or("none");
  if (detector != "none" && detector != "vc") {
    std::cerr << "racelang emit-c: error: unknown detector '" << detector
              << "' (none or vc)\nRun 'racelang emit-c --help' for usage.\n";
    return kExitUsage;
  }
  InstrumentOptions instrument_options;
  std::string variant = options->get("variant").value_or("paper");
  if (!apply_variant(variant, instrument_options) || (variant != "paper" && detector != "vc")) {
    std::cerr << "racelang emit-c: error: "
              << (detector != "vc" ? "--variant needs --detector=vc"
                                   : "unknown variant '" + variant + "'")
              << "\nRun 'racelang emit-c --help' for usage.\n";
    return kExitUsage;
  }
  CheckOptions check_options{options->has("allow-reserved")};
  auto compiled = load_program(*path, *color, /*check=*/true, check_options);
  if (!compiled) return kExitUsage;

  std::string c_source;
  if (detector == "vc") {
    Program instrumented =
        instrument_vector_clock(compiled->program, compiled->info, instrument_options);
    DiagnosticEngine diags(*compiled->file, &std::cerr, *color);
    std::optional<ProgramInfo> info = check_program(instrumented, diags, {true});
    if (!info) {
      // Only a bug in the pass gets here; say so rather than emit something wrong.
      std::cerr << "racelang emit-c: internal error: the instrumented program does not check\n";
      return kExitFailure;
    }
    c_source = emit_c(instrumented, *info, *compiled->file);
  } else {
    c_source = emit_c(compiled->program, compiled->info, *compiled->file);
  }

  if (auto out_path = options->get("output")) {
    std::ofstream out(*out_path, std::ios::binary);
    out << c_source;
    out.close();
    if (!out) {
      std::cerr << "racelang emit-c: error: cannot write '" << *out_path << "'\n";
      return kExitFailure;
    }
    return kExitSuccess;
  }
  std::cout << c_source;
  return kExitSuccess;
}

} // namespace racelang
