// Source positions of tokens, quoting a token for a message and literal token types: the
// small helpers every piece of the ANTLR adapter shares (parse_tokens.h).
#include "frontend/parse_tokens.h"

#include <cstdio>

#include "frontend/utf8.h"

namespace racelang::parse_detail {

SourceLoc token_begin(const Token* tok) {
  return {static_cast<uint32_t>(tok->getLine()),
          static_cast<uint32_t>(tok->getCharPositionInLine() + 1)};
}

SourceLoc token_end(const Token* tok) {
  SourceLoc loc = token_begin(tok);
  if (tok->getType() == Token::EOF) return {loc.line, loc.col + 1};
  loc.col += utf8_length(tok->getText());
  return loc;
}

SourceRange token_range(const Token* tok) {
  return {token_begin(tok), token_end(tok)};
}

SourceRange ctx_range(antlr4::ParserRuleContext* ctx) {
  const Token* stop = ctx->getStop() ? ctx->getStop() : ctx->getStart();
  // An empty rule (e.g. an empty program) has its stop token before its start token.
  if (stop->getTokenIndex() < ctx->getStart()->getTokenIndex()) stop = ctx->getStart();
  return {token_begin(ctx->getStart()), token_end(stop)};
}

std::string quote_token_text(const std::string& text) {
  constexpr size_t kShown = 40;
  std::string out = "'";
  size_t chars = 0;
  for (unsigned char c : text) {
    if (!is_utf8_continuation(static_cast<char>(c)) && chars++ == kShown)
      return out + "...'"; // at a character's start
    if (c >= 0x20 && c != 0x7F) {
      out += static_cast<char>(c);
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02X", c);
      out += buf;
    }
  }
  return out + "'";
}

size_t literal_type(const antlr4::dfa::Vocabulary& vocab, std::string_view literal) {
  for (size_t t = 1; t <= vocab.getMaxTokenType(); ++t)
    if (vocab.getLiteralName(t) == literal) return t;
  return Token::INVALID_TYPE;
}

} // namespace racelang::parse_detail
