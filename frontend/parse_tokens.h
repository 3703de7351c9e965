// What every piece of the ANTLR adapter shares (internal to frontend/, included only by the
// parse_*.cpp files, which are the only code that sees ANTLR): source positions of tokens and
// rule contexts, the quoting of a token in a message, literal token types, and the errors held
// back until the end of a parse.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "RacelangParser.h"
#include "antlr4-runtime.h"
#include "frontend/diagnostics.h"

namespace racelang::parse_detail {

using antlr4::Token;
using P = RacelangParser;

// Thrown by the builder if the parse tree is not the shape the grammar promises. It cannot
// happen for input the parser accepted without errors; catching it keeps a bug from crashing.
struct MalformedTree {
  std::string what;
};

SourceLoc token_begin(const Token* tok);
SourceLoc token_end(const Token* tok);
SourceRange token_range(const Token* tok);
SourceRange ctx_range(antlr4::ParserRuleContext* ctx);

// The token quoted for a message: at most 40 characters of it and "...", so that a 400 KB
// token (a generated name, a run of digits) does not make the message 400 KB long.
std::string quote_token_text(const std::string& text);

// The token type of a literal such as "';'" (literals have no stable generated names).
size_t literal_type(const antlr4::dfa::Vocabulary& vocab, std::string_view literal);

// Diagnostics held back until the end of the parse: lexical errors win over syntax errors
// (they are found while lexing ahead of the parser, but a bad character explains the syntax
// errors around it), and the builder's errors count only for a program without syntax errors.
struct HeldErrors {
  std::vector<std::pair<SourceRange, std::string>> items;
  void error(SourceRange range, std::string message) {
    items.emplace_back(range, std::move(message));
  }
  bool empty() const { return items.empty(); }
  void report_to(DiagnosticEngine& diags) const {
    for (const auto& [range, message] : items) diags.error(range, message);
  }
};

} // namespace racelang::parse_detail
