// Output safety for every command: nothing the tool writes may destroy an input, lose output
// silently, or leave a half-written file. An output that names an input (the same file, by
// device and inode, so another spelling, a symlink or a hard link counts too) is refused before
// anything is written; files are written whole through a temporary renamed into place; every
// write, and the final flush of standard output, is checked, and a failure is an I/O error
// (exit 2) naming the file; SIGINT and SIGTERM flush what was printed, say so and exit
// 128 + the signal. The commands call these; main() sets up and finishes the process.
#pragma once

#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace racelang {

// For main(), before anything else: keeps the standard descriptors from being reused by files
// the tool opens when the caller closed them (a write to a closed stdout must fail, not land in
// a trace file), and starts the thread that handles SIGINT and SIGTERM.
void start_output_safety();

// For main(), after the command: flushes standard output and checks it and standard error.
// Returns kExitUsage (2, the I/O error code) if either could not be written, after saying so
// when standard error still works; `exit_code` otherwise.
int finish_output(int exit_code);

// Checks every given output (nullopt: not given) against every given input and against the
// other outputs. Prints `OUTPUT: error: ...` and returns false for the first output that is
// an input or another output.
bool check_outputs(const std::vector<std::optional<std::string>>& outputs,
                   const std::vector<std::optional<std::string>>& inputs);

// Writes `text` to `path`: through a temporary in the same directory renamed over it when
// `path` is (or will be) a regular file, so a failure leaves the old file as it was; directly
// when it is a device or FIFO. Returns false with `error` set to `PATH: error: ...`.
bool write_output_file(const std::string& path, std::string_view text, std::string& error);

// Creates directory `dir` (and its parents) for outputs; prints `DIR: error: cannot create the
// directory for WHAT: ...` and returns false if it cannot be made or is not a directory.
bool make_output_dir(const std::string& dir, const std::string& what);

// An output written while a command runs (a trace, say) rather than all at once: the stream
// goes to a temporary in the same directory (or straight to a device or FIFO), and only
// commit() puts it in place. A file never committed (a failed run, an early return, SIGINT or
// SIGTERM) is removed, and the old file, if any, stays as it was.
class OutputFile {
public:
  OutputFile();
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;
  ~OutputFile(); // removes the temporary unless committed

  // Returns false with `error` set to `PATH: error: ...`.
  bool open(const std::string& path, std::string& error);
  std::ostream& stream();
  // Flushes, closes and renames the temporary over the path. Returns false with `error` set
  // (and the temporary removed) if anything written could not be.
  bool commit(std::string& error);

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

} // namespace racelang
