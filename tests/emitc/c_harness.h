// Test support for the C backend: running processes with captured output and a timeout,
// finding and invoking the C compiler, scratch directories, and reading the `// RUN:` and
// `// EXPECT-EXIT:` lines of golden-style program files. The tests compare what a C program
// emitted by racelang does with what `racelang run` does on the same program.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace racelang::emitc_test {

struct Outcome {
  int exit_code = -1; // 128 + signal when killed by one
  std::string out, err;
  bool timed_out = false;
};

// Runs argv[0] (a path, or a name looked up in PATH) with `env` added to the environment,
// in `cwd` when given; kills it after `timeout_seconds`.
Outcome run_process(const std::vector<std::string>& argv, const std::string& cwd = "",
                    int timeout_seconds = 60, const std::vector<std::string>& env = {});

// The C compiler the tests use: $RACELANG_TEST_CC, else gcc from PATH; nothing if absent.
std::optional<std::string> c_compiler();
// Whether `flags` (e.g. -fsanitize=thread) compile and link a trivial program.
bool compiler_supports(const std::string& flags);

// Compiles C source to an executable with -std=c11 -pthread, warnings as errors, and
// `flags`. Returns the compiler's diagnostics if it fails.
std::optional<std::string> compile_c(const std::string& c_source, const std::string& exe,
                                     const std::vector<std::string>& flags);

// A fresh directory under the system temp dir, removed when the test process exits.
std::string scratch_dir();

// What a program file says about itself.
struct ProgramSpec {
  std::string path;                  // relative to the source root, as the goldens use it
  std::vector<std::string> run_args; // the RUN line's arguments with %s replaced
  bool has_expected_exit = false;
  int expected_exit = 0;
};
// Test names show the path, not the bytes.
void PrintTo(const ProgramSpec& spec, std::ostream* os);
ProgramSpec read_program_spec(const std::string& root, const std::string& relative_path);
// The .rl files directly in root/dir, sorted, as paths relative to root.
std::vector<std::string> list_programs(const std::string& root, const std::string& dir);
// The programs directly in source_root()/dir that are racy (named race_*, as failing ones are
// named fail_*) or not, read as specs.
std::vector<ProgramSpec> corner_programs(const std::string& dir, bool racy);

// The interpreter's stderr without its "To replay:" line (a C program cannot replay).
std::string without_replay_hint(const std::string& err);

std::string read_text(const std::string& path);
void write_text(const std::string& path, const std::string& text);

// The racelang tool and the source root, from the build.
std::string racelang_tool();
std::string source_root();

} // namespace racelang::emitc_test
