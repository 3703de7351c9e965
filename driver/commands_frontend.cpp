// `racelang check` and `racelang fmt`: the frontend on its own.
#include <iostream>

#include "driver/commands.h"
#include "driver/compile.h"
#include "driver/exit_codes.h"
#include "driver/output.h"
#include "frontend/print.h"

namespace racelang {

const char* version_string() {
  return "0.1.0 (language v1)";
}

int command_check(const std::vector<std::string>& args) {
  auto specs = common_program_options();
  auto options = parse_options("check", specs, args);
  if (!options) return kExitUsage;
  if (options->help) {
    std::cout << format_help("racelang check [options] FILE",
                             "Parses and checks FILE. Prints nothing and exits 0 if it is a valid "
                             "racelang program;\notherwise prints every error clang-style and "
                             "exits 2.",
                             specs);
    return kExitSuccess;
  }
  auto color = color_choice("check", *options);
  auto path = single_file_argument("check", *options);
  if (!color || !path) return kExitUsage;
  CheckOptions check_options{options->has("allow-reserved")};
  auto compiled = load_program(*path, *color, /*check=*/true, check_options);
  return compiled ? kExitSuccess : kExitUsage;
}

int command_fmt(const std::vector<std::string>& args) {
  auto specs = common_program_options();
  specs.push_back({"in-place", false, "rewrite FILE instead of printing to stdout"});
  auto options = parse_options("fmt", specs, args);
  if (!options) return kExitUsage;
  if (options->help) {
    std::cout << format_help("racelang fmt [options] FILE",
                             "Prints FILE as canonical racelang source: two-space indentation, one "
                             "statement per line,\nminimal parentheses, comments kept. The program "
                             "must parse; it is not otherwise checked.",
                             specs);
    return kExitSuccess;
  }
  auto color = color_choice("fmt", *options);
  auto path = single_file_argument("fmt", *options);
  if (!color || !path) return kExitUsage;
  auto compiled = load_program(*path, *color, /*check=*/false);
  if (!compiled) return kExitUsage;
  std::string text = print_program(compiled->program);
  if (!options->has("in-place")) {
    std::cout << text;
    return kExitSuccess;
  }
  std::string error;
  if (!write_output_file(*path, text, error)) {
    std::cerr << error << "\n";
    return kExitUsage;
  }
  return kExitSuccess;
}

} // namespace racelang
