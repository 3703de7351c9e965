// Implementation of the shared option parser.
#include "driver/options.h"

#include <iostream>

namespace racelang {

std::optional<std::string> ParsedOptions::get(const std::string& name) const {
  auto it = values.find(name);
  if (it == values.end()) return std::nullopt;
  return it->second;
}

std::optional<ParsedOptions> parse_options(const std::string& command,
                                           const std::vector<OptionSpec>& specs,
                                           const std::vector<std::string>& args) {
  ParsedOptions out;
  auto fail = [&](const std::string& message) -> std::optional<ParsedOptions> {
    std::cerr << "racelang " << command << ": error: " << message << "\n"
              << "Run 'racelang " << command << " --help' for usage.\n";
    return std::nullopt;
  };
  bool only_positional = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (only_positional || arg.size() < 2 || arg[0] != '-') {
      out.positional.push_back(arg);
      continue;
    }
    if (arg == "--") {
      only_positional = true;
      continue;
    }
    if (arg == "--help" || arg == "-h") {
      out.help = true;
      continue;
    }
    std::string body = arg.substr(arg[1] == '-' ? 2 : 1);
    std::optional<std::string> inline_value;
    if (auto eq = body.find('='); eq != std::string::npos) {
      inline_value = body.substr(eq + 1);
      body = body.substr(0, eq);
    }
    const OptionSpec* spec = nullptr;
    for (const OptionSpec& s : specs)
      if (s.name == body) spec = &s;
    if (!spec) return fail("unknown option '" + arg + "'");
    if (!spec->takes_value) {
      if (inline_value) return fail("option '--" + body + "' takes no value");
      out.values[body] = "1";
      continue;
    }
    if (!inline_value) {
      if (i + 1 >= args.size()) return fail("option '--" + body + "' needs a value");
      inline_value = args[++i];
    }
    out.values[body] = *inline_value;
  }
  return out;
}

std::string format_help(const std::string& usage, const std::string& description,
                        const std::vector<OptionSpec>& specs) {
  std::string out = "Usage: " + usage + "\n\n" + description + "\n";
  if (!specs.empty()) out += "\nOptions:\n";
  for (const OptionSpec& s : specs) {
    std::string left = "  --" + s.name + (s.takes_value ? "=" + s.metavar : "");
    if (left.size() < 28)
      left.append(28 - left.size(), ' ');
    else
      left += "  ";
    out += left + s.help + "\n";
  }
  out += "  --help                    show this help\n";
  return out;
}

} // namespace racelang
