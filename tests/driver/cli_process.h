// Running the real `racelang` tool in the driver tests: a temporary directory for their files,
// and a process with its standard output sent to a file, to /dev/full or closed, and its
// standard error to a file. The tool's path comes from CMake (RACELANG_CLI).
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <string>
#include <vector>

namespace racelang::testing {

namespace fs = std::filesystem;

// This process's directory for files, removed when the process exits.
fs::path temp_dir();
std::string read_file(const fs::path& path);
// Writes `text` to temp_dir() / name and returns the path.
fs::path write_file(const std::string& name, const std::string& text);

struct CliResult {
  int exit_code = -1; // -1 if it did not exit normally
  std::string out, err;
};

// Where the tool's standard output goes.
enum class Stdout { File, DevFull, Closed };

// racelang started with `args` (stdin /dev/null); wait() for its result.
struct Process {
  pid_t pid = -1;
  fs::path out = temp_dir() / "stdout.txt", err = temp_dir() / "stderr.txt";

  explicit Process(const std::vector<std::string>& args, Stdout where = Stdout::File);
  CliResult wait();
};

CliResult run_cli(const std::vector<std::string>& args, Stdout where = Stdout::File);

// CPU time a process has used, in clock ticks (utime + stime in /proc/PID/stat): tests wait
// until the tool is well into its work before they interrupt it.
long cpu_ticks(pid_t pid);
// Waits (at most 20 s) until process `pid` has used `seconds` of CPU time.
void wait_for_cpu(pid_t pid, double seconds);

} // namespace racelang::testing
