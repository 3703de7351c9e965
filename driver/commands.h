// The subcommands of the `racelang` tool. Each takes the arguments after its name and
// returns the process exit code (driver/exit_codes.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

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

} // namespace racelang
