// Rendering of diagnostics: the header line, the source line, and a caret plus tildes under
// the reported range. Columns count code points, so the caret lines up under UTF-8 text too.
#include "frontend/diagnostics.h"

#include <algorithm>

#include "frontend/utf8.h"

namespace racelang {
namespace {

const char* severity_name(Severity s) {
  switch (s) {
  case Severity::Error:
    return "error";
  case Severity::Warning:
    return "warning";
  case Severity::Note:
    return "note";
  }
  return "error";
}

const char* severity_color(Severity s) {
  switch (s) {
  case Severity::Error:
    return "\x1b[1;31m";
  case Severity::Warning:
    return "\x1b[1;35m";
  case Severity::Note:
    return "\x1b[1;36m";
  }
  return "";
}

// Builds the marker line: whitespace mirroring the source line up to `begin_col` (tabs kept,
// so the caret lines up), then '^' and '~' up to `end_col` (exclusive), both 1-based.
std::string marker_line(std::string_view line, uint32_t begin_col, uint32_t end_col) {
  std::string out;
  uint32_t col = 1;
  for (size_t i = 0; i < line.size() && col < begin_col; ++i) {
    unsigned char c = static_cast<unsigned char>(line[i]);
    if (is_utf8_continuation(static_cast<char>(c))) continue;
    out += c == '\t' ? '\t' : ' ';
    ++col;
  }
  while (col < begin_col) { // the range starts past the end of the line (e.g. at EOF)
    out += ' ';
    ++col;
  }
  out += '^';
  for (uint32_t c = begin_col + 1; c < end_col; ++c) out += '~';
  return out;
}

// The part of a long source line a diagnostic shows: at most kWindow characters around the
// caret, so a 400 KB line (minified or generated input) does not flood the terminal.
constexpr uint32_t kWindow = 160;
const std::string_view kEllipsis = "...";

struct LineWindow {
  std::string_view text; // the shown characters
  uint32_t first_col;    // the 1-based column of text's first character
  bool cut_before, cut_after;
};

// The byte offset of 1-based column `col` in `line` (line.size() past its end).
size_t byte_of_col(std::string_view line, uint32_t col) {
  uint32_t c = 0;
  for (size_t i = 0; i < line.size(); ++i) {
    if (is_utf8_continuation(line[i])) continue;
    if (++c == col) return i;
  }
  return line.size();
}

LineWindow line_window(std::string_view line, uint32_t begin_col) {
  uint32_t length = utf8_length(line);
  if (length <= kWindow) return {line, 1, false, false};
  // Centre the caret, but keep the window inside the line (plus the column just past its end,
  // where an error at the end of the line points).
  uint32_t first = begin_col > kWindow / 2 ? begin_col - kWindow / 2 : 1;
  first = std::min(first, length + 2 - kWindow);
  size_t begin = byte_of_col(line, first);
  size_t end = byte_of_col(line, first + kWindow);
  return {line.substr(begin, end - begin), first, first > 1, end < line.size()};
}

} // namespace

std::string format_loc(SourceLoc loc) {
  return std::to_string(loc.line) + ":" + std::to_string(loc.col);
}

std::string render_diagnostic(const SourceFile& file, const Diagnostic& diag, bool color) {
  std::string out;
  const char* bold = color ? "\x1b[1m" : "";
  const char* reset = color ? "\x1b[0m" : "";
  out += bold;
  out += file.path();
  if (diag.range.begin.line > 0) out += ":" + format_loc(diag.range.begin);
  out += ": ";
  out += reset;
  if (color) out += severity_color(diag.severity);
  out += severity_name(diag.severity);
  out += ": ";
  out += reset;
  out += bold;
  out += diag.message;
  out += reset;
  out += '\n';
  if (diag.range.begin.line == 0 || diag.range.begin.line > file.line_count()) return out;

  std::string_view line = file.line(diag.range.begin.line);
  uint32_t begin_col = std::max<uint32_t>(diag.range.begin.col, 1);
  uint32_t end_col = diag.range.end.line == diag.range.begin.line
                         ? diag.range.end.col
                         : utf8_length(line) + 1; // underline to the end of the line
  end_col = std::max(end_col, begin_col + 1);
  LineWindow window = line_window(line, begin_col);
  if (window.cut_before) out += kEllipsis;
  out += window.text;
  if (window.cut_after) out += kEllipsis;
  out += '\n';
  if (color) out += "\x1b[1;32m";
  std::string marker =
      marker_line(window.text, begin_col - window.first_col + 1,
                  std::min(end_col, window.first_col + kWindow) - window.first_col + 1);
  if (window.cut_before) out += std::string(kEllipsis.size(), ' ');
  out += marker;
  out += reset;
  out += '\n';
  return out;
}

void DiagnosticEngine::report(Severity severity, SourceRange range, std::string message) {
  if (severity == Severity::Error) {
    ++error_count_;
    suppressing_ = error_count_ > kMaxPrintedErrors;
  }
  Diagnostic diag{severity, range, std::move(message)};
  // A note belongs to the diagnostic before it: it is printed only if that one was.
  if (out_ && !suppressing_) *out_ << render_diagnostic(file_, diag, color_);
  diagnostics_.push_back(std::move(diag));
}

void DiagnosticEngine::error(SourceRange range, std::string message) {
  report(Severity::Error, range, std::move(message));
}
void DiagnosticEngine::warning(SourceRange range, std::string message) {
  report(Severity::Warning, range, std::move(message));
}
void DiagnosticEngine::note(SourceRange range, std::string message) {
  report(Severity::Note, range, std::move(message));
}

void DiagnosticEngine::finish() {
  if (!out_ || error_count_ <= kMaxPrintedErrors) return;
  *out_ << file_.path() << ": note: " << (error_count_ - kMaxPrintedErrors)
        << " more errors not shown (" << error_count_ << " in all)\n";
}

} // namespace racelang
