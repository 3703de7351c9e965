// The subcommands of the `racelang` tool. Each takes the arguments after its name and
// returns the process exit code (driver/exit_codes.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "driver/options.h"
#include "interp/run.h"

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
int command_test(const std::vector<std::string>& args);

// A decimal count for options like --seed and --max-steps (at most 19 digits, no sign).
std::optional<uint64_t> parse_count(const std::string& text);

// `--timeout=SECONDS` for every command that runs or searches a program: SECONDS is a positive
// decimal number (e.g. 30 or 0.5; at most three decimals, at most kMaxTimeoutSeconds).
inline constexpr uint64_t kMaxTimeoutSeconds = 1'000'000;
OptionSpec timeout_option_spec(const std::string& what);
// Reads --seed into `seed`, or a fresh seed when it is not given; false after a usage error.
bool read_seed(const std::string& command, const ParsedOptions& options, uint64_t& seed);
// "racelang run FILE --keep-going ...": the command that replays an interpreter run made with
// `run`'s options, without the options that choose its schedule (run and test).
std::string replay_run_prefix(const std::string& path, const ParsedOptions& options,
                              const std::string& detector, const std::string& default_detector,
                              const InterpreterOptions& run);

// --depth=d of --schedule=pct (run and test): d - 1 priority-change points, 1 <= d <= 100.
inline constexpr uint32_t kDefaultPctDepth = 3;
OptionSpec pct_depth_option_spec();
// Reads --depth into `depth` (kDefaultPctDepth when not given); a usage error (false) for a bad
// value or for --depth without `pct`.
bool read_pct_depth(const std::string& command, const ParsedOptions& options, bool pct,
                    uint32_t& depth);
// Reads --timeout into `ms` (left as it is when not given); false after a usage error.
bool read_timeout(const std::string& command, const ParsedOptions& options, uint64_t& ms);
// Reads --jobs (1 to 1024) into `jobs`, every core when it is not given (test and explore);
// false after a usage error.
bool read_jobs(const std::string& command, const ParsedOptions& options, uint32_t& jobs);

} // namespace racelang
