// Syntax errors in words a user reads (internal to frontend/): the listener that turns ANTLR's
// reports into clang-style diagnostics, the error strategy that stops an item at its first
// error, and the parser's guard against rules nesting deeper than the stack allows.
#pragma once

#include <exception>
#include <string>

#include "frontend/parse_token_window.h"
#include "frontend/parse_tokens.h"

namespace racelang::parse_detail {

// Describes what the parser expected, in words a user reads: the literal tokens it could
// accept, with whole categories (a statement, an expression) named instead of listed.
std::string describe_expected(const antlr4::misc::IntervalSet& expected,
                              const antlr4::dfa::Vocabulary& vocab);

// Whether a token starts a declaration (`shared`, `mutex`, ...).
bool starts_declaration(const Token* tok);

class SyntaxErrorListener : public antlr4::BaseErrorListener {
public:
  SyntaxErrorListener(HeldErrors& errors, TokenWindow& tokens) : diags_(errors), tokens_(tokens) {}

  void syntaxError(antlr4::Recognizer* recognizer, Token* offending, size_t line, size_t col,
                   const std::string& antlr_message, std::exception_ptr) override;

  // The index of the token the last error was about.
  size_t last_offending() const { return last_token_index_; }

private:
  // The window holds the token before any the parser can report (comments never reach it).
  const Token* previous_token(const Token* tok) {
    size_t i = tok->getTokenIndex();
    return i > 0 ? tokens_.get(i - 1) : nullptr;
  }

  HeldErrors& diags_;
  TokenWindow& tokens_;
  size_t last_token_index_ = static_cast<size_t>(-1);
};

// Thrown by StopAtFirstError once an item's first syntax error is reported.
struct ItemFailed {};

// An item stops at its first syntax error, which is reported as ANTLR's default strategy
// reports it (the same token, the same expected set); the driver then skips to the end of the
// statement (ItemDriver::resync). ANTLR's own recovery resynchronises on follow sets, which
// end at the item's rule, so it would consume the rest of the file; and by deleting and
// inserting single tokens it went on to report errors caused by the first (in
// `v := load x[;` after a broken statement, "unexpected ':='").
class StopAtFirstError : public antlr4::DefaultErrorStrategy {
public:
  void recover(antlr4::Parser*, std::exception_ptr) override { throw ItemFailed{}; }
  void reportUnwantedToken(antlr4::Parser* parser) override {
    DefaultErrorStrategy::reportUnwantedToken(parser);
    throw ItemFailed{};
  }
  void reportMissingToken(antlr4::Parser* parser) override {
    DefaultErrorStrategy::reportMissingToken(parser);
    throw ItemFailed{};
  }
};

// Thrown by GuardedParser when rules nest too deeply; caught in parse_program.
struct TooDeep {
  SourceLoc at;
};

// The parser with a guard on how deeply its rules nest. The prescan bounds the nesting of
// every program that parses. ANTLR's error recovery used to nest rules without the brackets it
// counts (in `x := ()()()...` each ')' was deleted and the next '(' opened a deeper
// expression); an item now stops at its first error (StopAtFirstError), so the guard is a
// backstop: past kMaxRuleDepth the parse stops with an error instead of running out of stack.
class GuardedParser : public RacelangParser {
public:
  // Deeper than any input within kMaxNestingDepth and kMaxOperatorsPerStatement gets (about
  // 1,500), and far from the stack's limit (about 5,000 levels with AddressSanitizer).
  static constexpr size_t kMaxRuleDepth = 3000;

  using RacelangParser::enterRecursionRule;
  using RacelangParser::RacelangParser;

  void enterRule(antlr4::ParserRuleContext* ctx, size_t state, size_t rule) override {
    check_depth(ctx);
    RacelangParser::enterRule(ctx, state, rule);
  }
  void enterRecursionRule(antlr4::ParserRuleContext* ctx, size_t state, size_t rule,
                          int precedence) override {
    check_depth(ctx);
    RacelangParser::enterRecursionRule(ctx, state, rule, precedence);
  }

private:
  // A new context's parent is its caller's (a left-recursive rule's loop replaces its context
  // but keeps the parent), so its depth in the tree is the number of rule calls on the stack.
  void check_depth(const antlr4::ParserRuleContext* ctx) {
    size_t depth = 0;
    for (const antlr4::tree::ParseTree* p = ctx; p && depth <= kMaxRuleDepth; p = p->parent)
      ++depth;
    if (depth > kMaxRuleDepth) throw TooDeep{token_begin(getCurrentToken())};
  }
};

} // namespace racelang::parse_detail
