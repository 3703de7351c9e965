// A small, strict command-line option parser shared by the subcommands: `--name=value`,
// `--name value`, boolean `--flag`, and positional arguments. Unknown options and missing
// values are usage errors with a message naming the command.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace racelang {

struct OptionSpec {
  std::string name; // without the leading dashes
  bool takes_value;
  std::string help; // one line for --help
  std::string metavar = "VALUE";
};

struct ParsedOptions {
  std::map<std::string, std::string> values; // flags map to "1"
  std::vector<std::string> positional;
  bool help = false;

  bool has(const std::string& name) const { return values.count(name) > 0; }
  std::optional<std::string> get(const std::string& name) const;
};

// Parses `args` for `command`; on error prints `racelang <command>: error: ...` and returns
// nothing.
std::optional<ParsedOptions> parse_options(const std::string& command,
                                           const std::vector<OptionSpec>& specs,
                                           const std::vector<std::string>& args);

// The --help text for a command: its usage line, description and options.
std::string format_help(const std::string& usage, const std::string& description,
                        const std::vector<OptionSpec>& specs);

} // namespace racelang
