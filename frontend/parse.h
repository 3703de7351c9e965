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
inline constexpr int kMaxNestingDepth = 256;           // open '(' '[' '{' at one point
inline constexpr int kMaxOperatorsPerStatement = 1000; // operators in one statement

// The most the parser held at once while parsing one file. The parser works one item (a
// statement, a declaration, a compound statement's header, a '}') at a time and frees each
// item's parse tree and tokens once its AST is built, so neither grows with a block's length;
// a test pins that (bench/frontend/memory.py measures the bytes).
struct ParseFootprint {
  size_t max_parse_tree_nodes = 0; // parse-tree nodes alive at once
  size_t max_held_tokens = 0;      // tokens buffered at once
};

struct ParseOptions {
  ParseFootprint* footprint = nullptr; // filled in when given
  // Only for that test's teeth: false keeps every item's parse tree and tokens to the end.
  bool release_items = true;
};

// Returns the program, or nothing if there were lexical or syntax errors (all reported).
std::optional<Program> parse_program(const SourceFile& file, DiagnosticEngine& diags,
                                     const ParseOptions& options = {});

} // namespace racelang
