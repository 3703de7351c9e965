// The shared front half of every subcommand (see compile.h).
#include "driver/compile.h"

#include <iostream>
#include <unistd.h>

#include "frontend/parse.h"

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

std::optional<std::string> single_file_argument(const std::string& command,
                                                const ParsedOptions& options) {
  if (options.positional.size() == 1) return options.positional[0];
  std::cerr << "racelang " << command << ": error: "
            << (options.positional.empty() ? "no input file" : "expected exactly one input file")
            << "\nRun 'racelang " << command << " --help' for usage.\n";
  return std::nullopt;
}

std::unique_ptr<CompiledProgram> load_program(const std::string& path, bool color, bool check,
                                              const CheckOptions& check_options) {
  auto compiled = std::make_unique<CompiledProgram>();
  compiled->color = color;
  compiled->file = std::make_unique<SourceFile>(path, "");
  std::string error;
  if (!SourceFile::read(path, *compiled->file, error)) {
    std::cerr << "racelang: error: " << error << "\n";
    return nullptr;
  }
  DiagnosticEngine diags(*compiled->file, &std::cerr, color);
  std::optional<Program> program = parse_program(*compiled->file, diags);
  if (!program) {
    diags.finish();
    return nullptr;
  }
  compiled->program = std::move(*program);
  if (check) {
    std::optional<ProgramInfo> info = check_program(compiled->program, diags, check_options);
    diags.finish();
    if (!info) return nullptr;
    compiled->info = std::move(*info);
  }
  return compiled;
}

} // namespace racelang
