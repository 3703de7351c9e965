// `racelang run --backend=jit` (and `racelang FILE`): compile with the LLVM ORC JIT and run on
// real threads, with VectorClock instrumentation (--detector=vc, the default) or without
// (--detector=none). Reports use the interpreter's formats (interp/report.h) so both backends
// read the same; the replay hint names an interpreter seed that reproduces the outcome when a
// short search finds one (real threads themselves cannot be replayed). command_run dispatches
// here; this file owns the JIT-only options.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "driver/options.h"

namespace racelang {

// The options only the JIT backend takes: --emit=llvm, --opt-level=N (-O0..-O3), --stats.
std::vector<OptionSpec> jit_run_options();

// Rewrites -O0..-O3 as --opt-level=N, so the shared option parser understands them.
std::vector<std::string> normalize_jit_arguments(const std::vector<std::string>& args);

// The first JIT-only option in `options`, if any (the interpreter backend rejects them).
std::optional<std::string> jit_only_option(const ParsedOptions& options);

// Runs FILE with the JIT; returns the exit code.
int run_jit(const std::string& path, const ParsedOptions& options, bool color);

} // namespace racelang
