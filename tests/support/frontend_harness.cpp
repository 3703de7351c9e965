// The frontend harness (see frontend_harness.h): running the frontend like the CLI, and the
// round-trip, check-clean and robustness properties as plain functions.
#include "tests/support/frontend_harness.h"

#include <algorithm>
#include <exception>
#include <sstream>

#include "frontend/parse.h"
#include "frontend/print.h"
#include "frontend/procedures.h"
#include "frontend/source.h"
#include "frontend/utf8.h"
#include "tests/support/program_gen.h"

namespace racelang::testing {
namespace {

const char* severity_word(Severity s) {
  switch (s) {
  case Severity::Error:
    return "error";
  case Severity::Warning:
    return "warning";
  case Severity::Note:
    return "note";
  }
  return "?";
}

// The raw lines of `text` split at '\n' only (as the lexer counts lines), '\r' kept.
std::vector<std::string_view> raw_lines(const std::string& text) {
  std::vector<std::string_view> lines;
  size_t start = 0;
  for (size_t i = 0; i <= text.size(); ++i) {
    if (i == text.size() || text[i] == '\n') {
      lines.push_back(std::string_view(text).substr(start, i - start));
      start = i + 1;
    }
  }
  return lines;
}

} // namespace

FrontendRun run_frontend(const std::string& text, const std::string& path, bool check,
                         const CheckOptions& options) {
  FrontendRun run;
  SourceFile file(path, text);
  std::ostringstream out;
  DiagnosticEngine diags(file, &out, /*color=*/false);
  run.program = parse_program(file, diags);
  run.parsed = run.program.has_value();
  if (run.parsed) {
    // As the driver loads a program: procedure calls are expanded before checking.
    run.accepted = !check || (expand_procedures(*run.program, diags) &&
                              check_program(*run.program, diags, options).has_value());
  }
  diags.finish();
  run.diagnostics = diags.diagnostics();
  run.output = out.str();
  run.exit_code = run.accepted ? 0 : 2;
  return run;
}

std::optional<Program> parse_text(const std::string& text) {
  return run_frontend(text, "input.rl", /*check=*/false).program;
}

std::string error_messages(const FrontendRun& run) {
  std::string out;
  for (const Diagnostic& d : run.diagnostics) {
    out += format_loc(d.range.begin) + ": " + severity_word(d.severity) + ": " + d.message + "\n";
  }
  return out;
}

std::string real_printer(const Program& program) {
  return print_program(program);
}

std::optional<std::string> round_trip_problem(const Program& program, const ProgramPrinter& printer,
                                              bool comments) {
  std::string text = printer(program);
  FrontendRun run = run_frontend(text, "printed.rl", /*check=*/false);
  if (!run.parsed)
    return "the printed program does not parse:\n" + text + "--- diagnostics:\n" + run.output;
  if (!(*run.program == program))
    return "the printed program parses to a different program.\n--- printed:\n" + text +
           "--- parsed back (printed canonically):\n" + print_program(*run.program);
  std::string again = printer(*run.program);
  if (again != text)
    return "printing is not idempotent.\n--- first print:\n" + text + "--- second print:\n" + again;
  if (comments && !testgen::same_comments(program, *run.program)) {
    std::string out = "comments moved or were lost.\n--- printed:\n" + text + "--- before:\n";
    for (const auto& c : testgen::all_comments(program)) out += c + "\n";
    out += "--- after:\n";
    for (const auto& c : testgen::all_comments(*run.program)) out += c + "\n";
    return out;
  }
  return std::nullopt;
}

std::optional<std::string> check_clean_problem(const Program& program,
                                               const CheckOptions& options) {
  std::string text = print_program(program);
  FrontendRun run = run_frontend(text, "printed.rl", /*check=*/true, options);
  if (!run.accepted || !run.diagnostics.empty())
    return "the program does not pass check_program cleanly:\n" + text + "--- diagnostics:\n" +
           run.output;
  return std::nullopt;
}

FrontendRun real_frontend(const std::string& text) {
  return run_frontend(text);
}

std::optional<std::string> robustness_problem(const std::string& input, const Frontend& frontend,
                                              std::chrono::milliseconds time_limit) {
  auto fail = [&](const std::string& what) {
    return std::optional<std::string>(what + "\n--- input (" + std::to_string(input.size()) +
                                      " bytes):\n" + printable(input));
  };
  FrontendRun run;
  auto start = std::chrono::steady_clock::now();
  try {
    run = frontend(input);
  } catch (const std::exception& e) {
    return fail(std::string("the frontend threw: ") + e.what());
  } catch (...) {
    return fail("the frontend threw a non-standard exception");
  }
  auto elapsed = std::chrono::steady_clock::now() - start;
  if (elapsed > time_limit)
    return fail(
        "the frontend took " +
        std::to_string(std::chrono::duration_cast<std::chrono::milliseconds>(elapsed).count()) +
        " ms");

  if (run.exit_code != (run.accepted ? 0 : 2))
    return fail("exit code " + std::to_string(run.exit_code) + " for an input that was " +
                (run.accepted ? "accepted" : "rejected"));
  bool any_error = std::any_of(run.diagnostics.begin(), run.diagnostics.end(),
                               [](const Diagnostic& d) { return d.severity == Severity::Error; });
  if (!run.accepted && !any_error) return fail("rejected without an error diagnostic");
  if (run.accepted && any_error) return fail("accepted despite an error:\n" + run.output);
  if (run.accepted && !(run.parsed && run.program)) return fail("accepted without a program");

  // Every diagnostic names a position inside the file (or none) and renders clang-style.
  std::vector<std::string_view> lines = raw_lines(input);
  SourceFile file("input.rl", input);
  size_t rendered_count = 0;
  for (const Diagnostic& d : run.diagnostics) {
    if (d.message.rfind("internal error", 0) == 0) return fail("internal error: " + d.message);
    if (d.range.begin.line > 0) {
      if (d.range.begin.line > lines.size())
        return fail("diagnostic on line " + std::to_string(d.range.begin.line) + " of " +
                    std::to_string(lines.size()) + ": " + d.message);
      uint32_t len = utf8_length(lines[d.range.begin.line - 1]);
      if (d.range.begin.col < 1 || d.range.begin.col > len + 1)
        return fail("diagnostic at column " + std::to_string(d.range.begin.col) + " of a line of " +
                    std::to_string(len) + " characters: " + d.message);
    }
    // Rendering copies the source line: enough to check the first ones on huge one-liners.
    if (++rendered_count > 50) continue;
    std::string rendered = render_diagnostic(file, d);
    std::string first_line = rendered.substr(0, rendered.find('\n'));
    if (!is_diagnostic_header(first_line, "input.rl", d.range.begin.line > 0))
      return fail("badly rendered diagnostic: " + printable(first_line));
  }
  if (!run.accepted && run.output.find(": error: ") == std::string::npos)
    return fail("rejected, but no error was printed:\n" + run.output);

  if (run.parsed) {
    if (auto problem = round_trip_problem(*run.program, real_printer, /*comments=*/true))
      return fail("parsed, but the round trip fails: " + *problem);
    std::vector<std::string> in = source_comments(input);
    std::vector<std::string> kept = testgen::all_comments(*run.program);
    std::sort(in.begin(), in.end());
    std::sort(kept.begin(), kept.end());
    if (in != kept)
      return fail("parsed, but " + std::to_string(in.size()) + " comments in the source became " +
                  std::to_string(kept.size()) + " in the AST");
  }
  return std::nullopt;
}

bool is_diagnostic_header(std::string_view line, std::string_view path, bool need_position) {
  if (!line.starts_with(path)) return false;
  line.remove_prefix(path.size());
  auto number = [&line] {
    size_t digits = 0;
    while (digits < line.size() && line[digits] >= '0' && line[digits] <= '9') ++digits;
    line.remove_prefix(digits);
    return digits > 0;
  };
  if (line.starts_with(":") && line.size() > 1 && line[1] != ' ') {
    line.remove_prefix(1);
    if (!number() || !line.starts_with(":")) return false;
    line.remove_prefix(1);
    if (!number()) return false;
  } else if (need_position) {
    return false;
  }
  for (std::string_view severity : {": error: ", ": warning: ", ": note: "})
    if (line.starts_with(severity)) return line.size() > severity.size();
  return false;
}

std::vector<std::string> source_comments(const std::string& text) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i + 1 < text.size()) {
    if (text[i] == '/' && text[i + 1] == '/') {
      size_t end = text.find_first_of("\r\n", i);
      if (end == std::string::npos) end = text.size();
      out.push_back(text.substr(i, end - i));
      i = end;
    } else if (text[i] == '/' && text[i + 1] == '*') {
      size_t end = text.find("*/", i + 2);
      if (end == std::string::npos) break; // unterminated: a lexical error, not a comment
      out.push_back(text.substr(i, end + 2 - i));
      i = end + 2;
    } else {
      ++i;
    }
  }
  return out;
}

std::string printable(const std::string& text, size_t max_len) {
  std::string shown = text;
  if (shown.size() > max_len)
    shown = text.substr(0, max_len / 2) + "\n[... " + std::to_string(text.size() - max_len) +
            " bytes cut ...]\n" + text.substr(text.size() - max_len / 2);
  std::string out;
  for (unsigned char c : shown) {
    if (c == '\n' || (c >= 0x20 && c < 0x7F)) {
      out += static_cast<char>(c);
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02X", c);
      out += buf;
    }
  }
  return out;
}

} // namespace racelang::testing

namespace racelang {

void PrintTo(const SourceLoc& loc, std::ostream* os) {
  *os << format_loc(loc);
}
void PrintTo(const SourceRange& range, std::ostream* os) {
  *os << format_loc(range.begin) << "-" << format_loc(range.end);
}
void PrintTo(const Program& program, std::ostream* os) {
  *os << "\n" << print_program(program);
}
void PrintTo(const Expr& expr, std::ostream* os) {
  *os << print_expr(expr);
}
void PrintTo(const Cond& cond, std::ostream* os) {
  *os << print_cond(cond);
}
void PrintTo(const Location& loc, std::ostream* os) {
  *os << print_location(loc);
}

} // namespace racelang
