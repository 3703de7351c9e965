// The subcommands of the `racelang` tool. Each takes the arguments after its name and
// returns the process exit code (driver/exit_codes.h).
#pragma once

#include <string>
#include <vector>

namespace racelang {

const char* version_string();

int command_check(const std::vector<std::string>& args);
int command_fmt(const std::vector<std::string>& args);

} // namespace racelang
