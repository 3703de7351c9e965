// The shared front half of every subcommand (see compile.h).
#include "driver/compile.h"

#include <iostream>
#include <unistd.h>

#include "driver/exit_codes.h"
#include "frontend/parse.h"
#include "frontend/procedures.h"
#include "frontend/sync_support.h"

namespace racelang {

std::vector<OptionSpec> common_program_options() {
  return {{"color", true, "colour diagnostics: auto, always or never", "WHEN"},
          {"allow-reserved", false, "accept names starting with '__' (instrumented programs)"}};
}

std::optional<bool> color_choice(const std::string& command, const ParsedOptions& options) {
  std::string when = options.get("color").value_or("auto");
  if (when == "always") return true;
  if (when == "never") return false;
  if (when == "auto") return isatty(STDERR_FILENO) == 1 && getenv("NO_COLOR") == nullptr;
  std::cerr << "racelang " << command << ": error: --color must be auto, always or never, not '"
            << when << "'\n";
  return std::nullopt;
}

int usage_error(const std::string& command, const std::string& message) {
  std::cerr << "racelang " << command << ": error: " << message << "\nRun 'racelang " << command
            << " --help' for usage.\n";
  return kExitUsage;
}

std::optional<std::string> single_file_argument(const std::string& command,
                                                const ParsedOptions& options) {
  if (options.positional.size() == 1) return options.positional[0];
  usage_error(command,
              options.positional.empty() ? "no input file" : "expected exactly one input file");
  return std::nullopt;
}

namespace {

// The original program an instrumentation header names, read and checked quietly.
std::unique_ptr<LoadedProgram> read_original(const LoadedProgram& instrumented) {
  auto original = std::make_unique<LoadedProgram>();
  original->file = read_original_source(*instrumented.file, *instrumented.instrumented);
  if (!original->file) return nullptr;
  DiagnosticEngine quiet(*original->file, nullptr);
  auto program = parse_program(*original->file, quiet);
  if (!program || !expand_procedures(*program, quiet)) return nullptr;
  original->program = std::move(*program);
  auto info = check_program(original->program, quiet);
  if (!info) return nullptr;
  original->info = std::move(*info);
  return original;
}

// Replaces an instrumented file's program by the instrumentation of its original, when that
// is the same program (AST equality ignores positions and comments): then every position
// is the original's, and groups are known without their markers. An edited file, or one whose
// original is gone or has changed, keeps its own positions.
void map_to_original(LoadedProgram& loaded) {
  auto original = read_original(loaded);
  if (!original) return;
  std::string error;
  auto instrumented =
      instrument_program(original->program, original->info, loaded.instrumented->pass, error);
  if (!instrumented || !(instrumented->program == loaded.program)) return;
  loaded.program = std::move(instrumented->program);
  // ProgramInfo points into the program: check the moved program again.
  DiagnosticEngine quiet(*original->file, nullptr);
  auto info = check_program(loaded.program, quiet, CheckOptions{.allow_reserved_names = true});
  if (!info) return; // cannot happen: the same program checked before the move
  loaded.info = std::move(*info);
  loaded.file = std::move(original->file);
  loaded.mapped_to_original = true;
}

} // namespace

std::unique_ptr<LoadedProgram> load_program(const std::string& path, bool color, bool check,
                                            const CheckOptions& check_options) {
  auto loaded = std::make_unique<LoadedProgram>();
  loaded->color = color;
  loaded->file = std::make_unique<SourceFile>(path, "");
  std::string error;
  if (!SourceFile::read(path, *loaded->file, error)) {
    std::cerr << path << ": error: " << error << "\n";
    return nullptr;
  }
  loaded->instrumented = read_instrumented_header(*loaded->file);
  CheckOptions options = check_options;
  if (loaded->instrumented) options.allow_reserved_names = true;
  DiagnosticEngine diags(*loaded->file, &std::cerr, color);
  std::optional<Program> program = parse_program(*loaded->file, diags);
  if (!program) {
    diags.finish();
    return nullptr;
  }
  loaded->program = std::move(*program);
  if (check) {
    if (!expand_procedures(loaded->program, diags)) {
      diags.finish();
      return nullptr;
    }
    std::optional<ProgramInfo> info = check_program(loaded->program, diags, options);
    diags.finish();
    if (!info) return nullptr;
    loaded->info = std::move(*info);
    if (loaded->instrumented) map_to_original(*loaded);
  }
  return loaded;
}

bool refuse_interpreter_only_sync(const LoadedProgram& loaded, const std::string& backend,
                                  const std::string& why) {
  std::optional<SyncUse> use = find_interpreter_only_sync(loaded.program, loaded.info);
  if (!use) return false;
  DiagnosticEngine diags(*loaded.file, &std::cerr, loaded.color);
  diags.error(use->range,
              why.empty() ? interpreter_only_message(*use, backend) : use->what + " " + why);
  diags.finish();
  return true;
}

bool refuse_uninstrumentable_sync(const LoadedProgram& loaded) {
  std::optional<UninstrumentableSync> use = find_uninstrumentable_sync(loaded.program, loaded.info);
  if (!use) return false;
  DiagnosticEngine diags(*loaded.file, &std::cerr, loaded.color);
  diags.error(use->range, use->message);
  diags.finish();
  return true;
}

CheckSites check_sites(const LoadedProgram& loaded, const Code& code) {
  if (loaded.mapped_to_original) return CheckSites{}; // positions are in `file` already
  return check_sites_of(*loaded.file, code);
}

void report_to_terminal(RunOptions& run, const LoadedProgram& loaded, const Code& code,
                        const CheckSites& sites) {
  run.print = [](std::string_view line) {
    std::cout.write(line.data(), static_cast<std::streamsize>(line.size()));
    std::cout.put('\n');
  };
  const SourceFile* file = loaded.file.get();
  run.on_race = [file, &code, &sites](const RaceReport& race) {
    std::cout.flush();
    std::cerr << format_race_report(race, code, *file, &sites);
  };
}

std::string default_interp_detector(const LoadedProgram& loaded) {
  // An instrumented file detects races itself: by default no detector watches it as well.
  // Otherwise VectorClock, the reference detector (the JIT's default pass is FastTrack, whose
  // replay hints therefore name --detector=fasttrack).
  if (loaded.instrumented) return "none";
  return std::string(detect::detector_kind_option(detect::DetectorKind::VectorClock));
}

std::string default_pass_detector() {
  return std::string(detect::detector_kind_option(instrumentation_passes().front().reference));
}

std::string pass_detector_names() {
  std::string out;
  for (const PassInfo& pass : instrumentation_passes())
    out += (out.empty() ? "" : ", ") + std::string(detect::detector_kind_option(pass.reference));
  return out;
}

std::vector<OptionSpec> pass_option_specs() {
  std::string eliminations;
  for (const Elimination& e : check_eliminations())
    eliminations += (eliminations.empty() ? "" : ", ") + std::string(e.name);
  std::string variants;
  for (const PassInfo& pass : instrumentation_passes())
    variants +=
        (variants.empty() ? "" : "; ") + std::string(pass.name) + ": " + variant_names(pass);
  return {{"pass", true,
           "the instrumentation pass: " + pass_names() + " (default " +
               std::string(instrumentation_passes().front().name) + ")",
           "NAME"},
          {"variant", true, "a variant of the pass (" + variants + ")", "NAME"},
          {"elide", true,
           "the static check eliminations: all (default), none, or a list of " + eliminations,
           "LIST"},
          {"no-elide", false, "no static check elimination (the same as --elide=none)", ""}};
}

namespace {

// --elide / --no-elide into `pass`; false after a usage error.
bool apply_elide_choice(const std::string& command, const ParsedOptions& options,
                        PassOptions& pass) {
  std::optional<std::string> list = options.get("elide");
  if (options.has("no-elide")) {
    if (list && *list != "none") {
      usage_error(command, "--no-elide and --elide=" + *list + " contradict each other");
      return false;
    }
    list = "none";
  }
  std::string error;
  if (list && !parse_elide_option(*list, pass, error)) {
    usage_error(command, error);
    return false;
  }
  return true;
}

} // namespace

std::optional<PassOptions> pass_choice(const std::string& command, const ParsedOptions& options) {
  std::string error;
  auto pass = parse_pass_options(options.get("pass"), options.get("variant"), error);
  if (!pass) usage_error(command, error);
  if (!pass || !apply_elide_choice(command, options, *pass)) return std::nullopt;
  return pass;
}

std::optional<PassOptions> pass_for_detector_choice(const std::string& command,
                                                    const ParsedOptions& options,
                                                    const PassInfo& by_detector) {
  std::optional<std::string> pass = options.get("pass");
  if (pass && options.has("detector") && *pass != by_detector.name) {
    const PassInfo* named = find_pass(*pass);
    std::string implements =
        named ? " implements --detector=" +
                    std::string(detect::detector_kind_option(named->reference)) + ","
              : "";
    usage_error(command, "--pass=" + *pass + implements + " not --detector=" +
                             *options.get("detector") + "; give one of the two");
    return std::nullopt;
  }
  std::string error;
  auto chosen = parse_pass_options(pass.value_or(std::string(by_detector.name)),
                                   options.get("variant"), error);
  if (!chosen) usage_error(command, error);
  if (!chosen || !apply_elide_choice(command, options, *chosen)) return std::nullopt;
  return chosen;
}

std::unique_ptr<CheckedProgram> instrument_loaded(const std::string& command,
                                                  const LoadedProgram& loaded,
                                                  const PassOptions& pass) {
  std::string error;
  auto instrumented = instrument_program(loaded.program, loaded.info, pass, error);
  if (!instrumented) std::cerr << "racelang " << command << ": " << error;
  return instrumented;
}

} // namespace racelang
