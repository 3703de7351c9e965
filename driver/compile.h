// Loading a source file through the whole frontend for any subcommand: read, parse, check,
// with diagnostics on stderr. Every command that takes a program starts here, so they all
// report bad input the same way and with the same exit code (2), and all of them run a file
// that `racelang instrument` wrote as it is: its header allows the reserved names, and when the
// original it names still instruments to the same program, the loaded program is that
// in-memory instrumentation, so every position a report shows is the original's. The options
// every command shares (--color, --allow-reserved, --pass/--variant) are parsed here too.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "driver/options.h"
#include "frontend/ast.h"
#include "frontend/check.h"
#include "frontend/diagnostics.h"
#include "frontend/source.h"
#include "instrument/instrument.h"
#include "interp/code.h"
#include "interp/report.h"

namespace racelang {

// A program read from a file, checked. Not movable (CheckedProgram): hold it by unique_ptr.
struct LoadedProgram : CheckedProgram {
  // The text reports quote: the file itself, or, for an instrumented file mapped back, the
  // original program (under the path its header gives).
  std::unique_ptr<SourceFile> file;
  bool color = false;
  std::optional<InstrumentedFileHeader> instrumented; // the file's instrumentation header
  bool mapped_to_original = false; // positions (and `file`) are the original program's
};

// Options every program-taking command accepts.
std::vector<OptionSpec> common_program_options();

// Whether diagnostics should be coloured, from --color and whether stderr is a terminal.
// Returns nothing (after printing a usage error) for a bad --color value.
std::optional<bool> color_choice(const std::string& command, const ParsedOptions& options);

// Reads and parses `path`; with `check` also expands procedure calls (frontend/procedures.h)
// and runs the semantic checks, so the program holds no procedures. Prints diagnostics
// to stderr. Returns nothing on any error. A file with an instrumentation header is checked
// with reserved names allowed and, with `check`, mapped back to its original when it can be.
std::unique_ptr<LoadedProgram> load_program(const std::string& path, bool color, bool check,
                                            const CheckOptions& check_options = {});

// Refuses, for `backend` ("the JIT", "emit-c", ...), a program that uses the synchronisation
// only the interpreter runs (frontend/sync_support.h): prints `file:line:col: error: ...` at its
// first use and returns true; the caller exits with kExitUsage. Every command that hands a
// program to another backend calls this first, so the refusal is said the same way everywhere.
// A nonempty `why` replaces the standard explanation ("volatile variables " + why).
bool refuse_interpreter_only_sync(const LoadedProgram& loaded, const std::string& backend,
                                  const std::string& why = "");

// Refuses what the instrumentation passes cannot instrument faithfully
// (find_uninstrumentable_sync in instrument/instrument.h: a barrier awaited by more threads than
// its count): `file:line:col: error: ...` at that await, and returns true; the caller exits
// with kExitUsage. `instrument` and `emit-c --detector` call it before instrumenting.
bool refuse_uninstrumentable_sync(const LoadedProgram& loaded);

// Where reports find the positions of a loaded program's race checks (interp/report.h).
CheckSites check_sites(const LoadedProgram& loaded, const Code& code);

// What every command that runs a program does with its output and races: printed lines go
// to stdout, and each race report (stdout flushed first, so the two interleave as they
// happened) to stderr, with `code`'s names and `sites`' positions. `code` and `sites` must
// outlive the options.
void report_to_terminal(RunOptions& run, const LoadedProgram& loaded, const Code& code,
                        const CheckSites& sites);

// The --detector a command uses when none is given: the interpreter's (VectorClock; none for
// an instrumented file, which detects races itself), and the one whose instrumentation the
// JIT and emit-c compile in (the default pass's reference).
std::string default_interp_detector(const LoadedProgram& loaded);
std::string default_pass_detector();
// "vc, fasttrack": the detectors that have an instrumentation pass, for messages.
std::string pass_detector_names();

// --pass and --variant, for the commands that instrument.
std::vector<OptionSpec> pass_option_specs();
// The pass they choose (the default pass without them); prints a usage error and returns
// nothing for a bad name.
std::optional<PassOptions> pass_choice(const std::string& command, const ParsedOptions& options);

// The instrumentation for a --detector that `by_detector` implements: that pass, or the one
// --pass names if no --detector was given, with --variant checked against it. Prints a usage
// error and returns nothing for a bad name, or a --pass and --detector that disagree.
std::optional<PassOptions> pass_for_detector_choice(const std::string& command,
                                                    const ParsedOptions& options,
                                                    const PassInfo& by_detector);

// The program with the chosen instrumentation; prints an internal error and returns nullptr
// if the pass produced a program that does not check.
std::unique_ptr<CheckedProgram>
instrument_loaded(const std::string& command, const LoadedProgram& loaded, const PassOptions& pass);

// Prints `racelang COMMAND: error: MESSAGE` and the pointer to --help; returns kExitUsage.
int usage_error(const std::string& command, const std::string& message);

// Validates that exactly one FILE was given; prints a usage error otherwise.
std::optional<std::string> single_file_argument(const std::string& command,
                                                const ParsedOptions& options);

} // namespace racelang
