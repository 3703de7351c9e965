// The subcommands of the `racelang` tool. Each takes the arguments after its name and
// returns the process exit code (driver/exit_codes.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "driver/options.h"

namespace racelang {

const char* version_string();

int command_check(const std::vector<std::string>& args);
int command_fmt(const std::vector<std::string>& args);
int command_instrument(const std::vector<std::string>& args);
int command_run(const std::vector<std::string>& args);
int command_explore(const std::vector<std::string>& args);
int command_emit_c(const std::vector<std::string>& args);
int command_verify(const std::vector<std::string>& args);
int command_predict(const std::vector<std::string>& args);

// A decimal count for options like --seed and --max-steps (at most 19 digits, no sign).
std::optional<uint64_t> parse_count(const std::string& text);

// `--timeout=SECONDS` for every command that runs or searches a program: SECONDS is a positive
// decimal number (e.g. 30 or 0.5; at most three decimals, at most kMaxTimeoutSeconds).
inline constexpr uint64_t kMaxTimeoutSeconds = 1'000'000;
OptionSpec timeout_option_spec(const std::string& what);
// Reads --seed into `seed`, or a fresh seed when it is not given; false after a usage error.
bool read_seed(const std::string& command, const ParsedOptions& options, uint64_t& seed);
// Reads --timeout into `ms` (left as it is when not given); false after a usage error.
bool read_timeout(const std::string& command, const ParsedOptions& options, uint64_t& ms);

} // namespace racelang
