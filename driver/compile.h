// Loading a source file through the whole frontend for any subcommand: read, parse, check,
// with diagnostics on stderr. Every command that takes a program starts here, so they all
// report bad input the same way and with the same exit code (2).
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "driver/options.h"
#include "frontend/ast.h"
#include "frontend/check.h"
#include "frontend/diagnostics.h"
#include "frontend/source.h"

namespace racelang {

struct CompiledProgram {
  std::unique_ptr<SourceFile> file;
  Program program;
  ProgramInfo info; // body pointers refer into `program`; keep this object in place
  bool color = false;
};

// Options every program-taking command accepts.
std::vector<OptionSpec> common_program_options();

// Whether diagnostics should be coloured, from --color and whether stderr is a terminal.
// Returns nothing (after printing a usage error) for a bad --color value.
std::optional<bool> color_choice(const std::string& command, const ParsedOptions& options);

// Reads and parses `path`; with `check` also runs the semantic checks. Prints diagnostics
// to stderr. Returns nothing on any error.
std::unique_ptr<CompiledProgram> load_program(const std::string& path, bool color, bool check,
                                              const CheckOptions& check_options = {});

// Validates that exactly one FILE was given; prints a usage error otherwise.
std::optional<std::string> single_file_argument(const std::string& command,
                                                const ParsedOptions& options);

} // namespace racelang
