// Parsing racelang source into our AST. This is the frontend's entry point for text: it runs
// the ANTLR lexer and parser (whose types never appear outside frontend/), reports lexical and
// syntax errors through the diagnostic engine, and builds a Program with source ranges and the
// comments attached to the statements they belong to.
#pragma once

#include <optional>

#include "frontend/ast.h"
#include "frontend/diagnostics.h"

namespace racelang {

// Limits that keep the recursive stages (parser, checker, printer, interpreter) within the
// stack on hostile input. Exceeding one is a clear error, never a crash.
inline constexpr int kMaxNestingDepth = 256;         // open '(' '[' '{' at one point
inline constexpr int kMaxOperatorsPerStatement = 1000; // operators in one statement

// Returns the program, or nothing if there were lexical or syntax errors (all reported).
std::optional<Program> parse_program(const SourceFile& file, DiagnosticEngine& diags);

} // namespace racelang
