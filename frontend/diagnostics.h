// The one diagnostic engine for syntax errors, semantic errors and runtime errors: every
// message renders clang-style as `file:line:col: error: message`, then the source line and a
// caret/underline under the range. Columns are 1-based and count characters (code points).
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "frontend/ast.h"
#include "frontend/source.h"

namespace racelang {

enum class Severity { Error, Warning, Note };

struct Diagnostic {
  Severity severity = Severity::Error;
  SourceRange range; // line 0: no position, only the file name is printed
  std::string message;
};

// Renders one diagnostic (with its source line and caret when it has a position).
std::string render_diagnostic(const SourceFile& file, const Diagnostic& diag, bool color = false);

// Collects diagnostics for one file and prints each as it is reported.
class DiagnosticEngine {
public:
  // Errors beyond this many are counted but not printed (one line says so at the end).
  static constexpr size_t kMaxPrintedErrors = 20;

  DiagnosticEngine(const SourceFile& file, std::ostream* out, bool color = false)
      : file_(file), out_(out), color_(color) {}

  void error(SourceRange range, std::string message);
  void warning(SourceRange range, std::string message);
  void note(SourceRange range, std::string message);

  size_t error_count() const { return error_count_; }
  bool has_errors() const { return error_count_ > 0; }
  const std::vector<Diagnostic>& diagnostics() const { return diagnostics_; }
  const SourceFile& file() const { return file_; }
  // Prints "N errors generated." style summary lines, if any were suppressed.
  void finish();

private:
  void report(Severity severity, SourceRange range, std::string message);

  const SourceFile& file_;
  std::ostream* out_;
  bool color_;
  std::vector<Diagnostic> diagnostics_;
  size_t error_count_ = 0;
  bool suppressing_ = false;
};

// "3:7" for messages that mention another position in the same file.
std::string format_loc(SourceLoc loc);

} // namespace racelang
