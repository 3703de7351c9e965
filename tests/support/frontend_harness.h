// Test harness around the frontend: run it on text exactly as `racelang check` does (parse, check,
// diagnostics rendered to a string, the exit code the CLI would return), and the frontend's
// properties as plain functions. Each property function returns nothing when the property holds
// and a readable description (with the source involved) when it does not, so the same function
// serves RapidCheck properties, deterministic loops and "teeth" tests that feed it a broken
// printer or a broken frontend on purpose.
#pragma once

#include <chrono>
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "frontend/ast.h"
#include "frontend/check.h"
#include "frontend/diagnostics.h"

namespace racelang::testing {

// One run of the frontend on one source text.
struct FrontendRun {
  bool parsed = false;   // parse_program returned a program
  bool accepted = false; // parsed and (when checking) check_program returned a layout
  std::optional<Program> program;
  std::vector<Diagnostic> diagnostics;
  std::string output; // what the CLI prints on stderr (no colour)
  int exit_code = 2;  // what `racelang check` (or `fmt` when not checking) would return
};

// Parses (and with `check`, checks) `text` named `path`, as driver/compile.cpp does.
FrontendRun run_frontend(const std::string& text, const std::string& path = "input.rl",
                         bool check = true, const CheckOptions& options = {});

// Shorthands for unit tests: the program, or a failed test assertion's worth of nothing.
std::optional<Program> parse_text(const std::string& text);
std::string error_messages(const FrontendRun& run); // "line:col: severity: message" lines

using ProgramPrinter = std::function<std::string(const Program&)>;
std::string real_printer(const Program& program); // print_program

// Round trip: printing `program` with `printer` gives text that parses to an equal program,
// and printing that again gives the same text. With `comments`, the comments must also come
// back in the same places.
std::optional<std::string> round_trip_problem(const Program& program,
                                              const ProgramPrinter& printer = real_printer,
                                              bool comments = false);

// The printed program passes check_program with no diagnostics at all (no warnings either).
std::optional<std::string> check_clean_problem(const Program& program,
                                               const CheckOptions& options = {});

// Bad input never breaks the frontend: it returns (no crash, exception or hang: under
// `time_limit`), an input that is not accepted gets at least one error and exit code 2, every
// error is rendered `path:line:col: error: ...` with a position inside the file (or without
// one), no internal error is reported, and an accepted input prints and re-parses to an equal
// program with every comment of the source kept.
using Frontend = std::function<FrontendRun(const std::string& text)>;
FrontendRun real_frontend(const std::string& text); // run_frontend with defaults
std::optional<std::string>
robustness_problem(const std::string& input, const Frontend& frontend = real_frontend,
                   std::chrono::milliseconds time_limit = std::chrono::milliseconds(10000));

// Whether `line` is a diagnostic's first line as the CLI prints it for `path`:
// `path:LINE:COL: error|warning|note: message` (or `path: ...: message` without a position,
// unless `need_position`).
bool is_diagnostic_header(std::string_view line, std::string_view path, bool need_position = false);

// The comments in source text, as the lexer finds them (`//` to the end of the line, `/*` to
// the first `*/`); unterminated block comments are left out.
std::vector<std::string> source_comments(const std::string& text);

// A short, printable rendering of arbitrary bytes for failure messages (escapes non-ASCII and
// control bytes; long text is cut in the middle).
std::string printable(const std::string& text, size_t max_len = 2000);

} // namespace racelang::testing

namespace racelang {
// GoogleTest printers (found by argument-dependent lookup): ranges as `1:2-1:5`, trees as source.
void PrintTo(const SourceLoc& loc, std::ostream* os);
void PrintTo(const SourceRange& range, std::ostream* os);
void PrintTo(const Program& program, std::ostream* os);
void PrintTo(const Expr& expr, std::ostream* os);
void PrintTo(const Cond& cond, std::ostream* os);
void PrintTo(const Location& loc, std::ostream* os);
} // namespace racelang
