// `racelang emit-c`: prints a program translated to C11 with POSIX threads (emitc/), or
// writes it to a file. With --detector=vc (or --pass) the program is first instrumented
// (instrument/instrument.h), so the C program performs racelang's detection natively: a
// measure of the instrumentation's cost without any racelang backend in the way (bench/).
// Variants of a pass compile too: the deliberately broken ones measure what each part of
// the instrumentation costs (bench/run.py --breakdown), which is all they are good for here.
#include <iostream>

#include "driver/commands.h"
#include "driver/compile.h"
#include "driver/exit_codes.h"
#include "driver/output.h"
#include "emitc/emit_c.h"
#include "frontend/check.h"
#include "instrument/instrument.h"

namespace racelang {

int command_emit_c(const std::vector<std::string>& args) {
  auto specs = common_program_options();
  specs.push_back({"output", true, "write the C program to FILE instead of stdout", "FILE"});
  specs.push_back({"detector", true,
                   "none (default: the program as it is) or a detector with an instrumentation "
                   "pass (" +
                       pass_detector_names() +
                       "): the program with racelang's checks; a race exits 66",
                   "NAME"});
  for (OptionSpec& spec : pass_option_specs()) specs.push_back(std::move(spec));
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
        "as pthread mutexes, volatiles as C11 atomics, conditions and barriers with a small\n"
        "runtime (not yet with a detector), threads as pthreads. Build the result with\n"
        "'cc -O2 -pthread' (add -fsanitize=thread for ThreadSanitizer). The C program prints\n"
        "what the program prints and exits like 'racelang run': 1 on an assertion failure or\n"
        "runtime error (the same message), 66 on a race found by --detector=vc|fasttrack, 0\n"
        "with a note when an assumption discards the run. A deadlock hangs, as in C.\n"
        "Racy programs may behave differently in C: see emitc/README.md.",
        specs);
    return kExitSuccess;
  }
  auto color = color_choice("emit-c", *options);
  auto path = single_file_argument("emit-c", *options);
  if (!color || !path) return kExitUsage;
  if (!check_outputs({options->get("output")}, {path})) return kExitUsage;
  // --pass, --variant or --elide imply instrumentation; --detector picks the pass that
  // implements it.
  bool explicit_pass = options->has("pass") || options->has("variant") || options->has("elide") ||
                       options->has("no-elide");
  std::string detector =
      options->get("detector").value_or(explicit_pass ? default_pass_detector() : "none");
  std::optional<PassOptions> pass;
  if (detector != "none") {
    auto kind = detect::parse_detector_kind(detector);
    const PassInfo* info = kind ? pass_for_detector(*kind) : nullptr;
    if (!info) {
      return usage_error("emit-c", "unknown detector '" + detector + "' (none, " +
                                       pass_detector_names() + ")");
    }
    pass = pass_for_detector_choice("emit-c", *options, *info);
    if (!pass) return kExitUsage;
  } else if (explicit_pass) {
    return usage_error("emit-c",
                       "--pass, --variant and --elide need a detector; --detector=none has none");
  }
  CheckOptions check_options{options->has("allow-reserved")};
  auto compiled = load_program(*path, *color, /*check=*/true, check_options);
  if (!compiled) return kExitUsage;
  // The instrumented translation refuses what the passes cannot instrument faithfully.
  if (pass && refuse_uninstrumentable_sync(*compiled)) return kExitUsage;
  if (compiled->instrumented && pass) {
    std::cerr << "racelang emit-c: error: '" << *path
              << "' is already instrumented (its header says so); emit it without --detector, "
                 "--pass, --variant or --elide\n";
    return kExitUsage;
  }

  // Metadata a pass reads outside its locks on purpose becomes relaxed atomics, in programs
  // instrumented here and in instrumented files alike (the names exist only there).
  EmitCOptions emit_options;
  emit_options.relaxed_atomic_symbols = unlocked_read_symbols();
  std::string c_source;
  if (pass) {
    auto instrumented = instrument_loaded("emit-c", *compiled, *pass);
    if (!instrumented) return kExitFailure;
    c_source = emit_c(instrumented->program, instrumented->info, *compiled->file, emit_options);
  } else {
    c_source = emit_c(compiled->program, compiled->info, *compiled->file, emit_options);
  }

  if (auto out_path = options->get("output")) {
    std::string error;
    if (!write_output_file(*out_path, c_source, error)) {
      std::cerr << error << "\n";
      return kExitUsage;
    }
    return kExitSuccess;
  }
  std::cout << c_source;
  return kExitSuccess;
}

} // namespace racelang
