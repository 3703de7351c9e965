// The prescan's checks and the token window's lexing (parse_token_window.h).
#include "frontend/parse_token_window.h"

#include "frontend/parse.h"

namespace racelang::parse_detail {

bool Prescan::check(const Token* tok) {
  size_t type = tok->getType();
  if (type == P::BAD_CHAR) {
    errors_.error(token_range(tok), "invalid character " + quote_token_text(tok->getText()));
    return false;
  }
  if (type == P::UNTERMINATED_COMMENT) {
    SourceLoc b = token_begin(tok);
    errors_.error({b, {b.line, b.col + 2}}, "unterminated /* comment");
    return false;
  }
  if (tok->getChannel() != Token::DEFAULT_CHANNEL) return true;
  const std::string& text = tok->getText();
  bool ok = true;
  if (text == "(" || text == "[" || text == "{") {
    if (++depth_ > kMaxNestingDepth && !depth_reported_) {
      errors_.error(token_range(tok), "nesting is too deep (more than " +
                                          std::to_string(kMaxNestingDepth) + " levels)");
      depth_reported_ = true;
      ok = false;
    }
  } else if (text == ")" || text == "]" || text == "}") {
    if (depth_ > 0) --depth_;
  }
  if (text == ";" || text == "{" || text == "}") {
    operators_ = 0;
  } else if (text == "+" || text == "-" || text == "*" || text == "/" || text == "%" ||
             text == "!" || text == "&&" || text == "||") {
    if (++operators_ > kMaxOperatorsPerStatement && !operators_reported_) {
      errors_.error(token_range(tok), "statement is too complex (more than " +
                                          std::to_string(kMaxOperatorsPerStatement) +
                                          " operators)");
      operators_reported_ = true;
      ok = false;
    }
  }
  return ok;
}

void TokenWindow::prescan_rest() {
  while (!at_eof_) {
    std::unique_ptr<Token> t = lexer_.nextToken();
    at_eof_ = t->getType() == Token::EOF;
    prescan_.check(t.get());
  }
}

void TokenWindow::next_code_token() {
  for (;;) {
    std::unique_ptr<Token> t = lexer_.nextToken();
    at_eof_ = t->getType() == Token::EOF;
    if (!refused_ && !prescan_.check(t.get())) {
      // The parser sees the end of the file here; what it reports is dropped for the
      // prescan's errors.
      refused_ = true;
      auto eof = std::make_unique<antlr4::CommonToken>(Token::EOF);
      eof->setLine(t->getLine());
      eof->setCharPositionInLine(t->getCharPositionInLine());
      t = std::move(eof);
      prescan_rest_after(at_eof_);
    }
    if (t->getType() == P::LINE_COMMENT || t->getType() == P::BLOCK_COMMENT) {
      record_comment(*t);
      continue;
    }
    if (t->getChannel() != Token::DEFAULT_CHANNEL) continue;
    static_cast<antlr4::CommonToken*>(t.get())->setTokenIndex(base_ + tokens_.size());
    TokenPlace place{token_range(t.get()), is_close_brace(t.get())};
    for (size_t c = comments_waiting_; c < comments_.size(); ++c) {
      comments_[c].next_is_eof = t->getType() == Token::EOF;
      comments_[c].next = place;
    }
    comments_waiting_ = comments_.size();
    has_previous_ = true;
    previous_ = place;
    tokens_.push_back(std::move(t));
    if (tokens_.back()->getType() == Token::EOF) at_eof_ = true;
    return;
  }
}

void TokenWindow::record_comment(const Token& t) {
  CommentRecord c;
  c.text = t.getText();
  c.line = static_cast<uint32_t>(t.getLine());
  c.has_previous = has_previous_;
  c.previous = previous_;
  comments_.push_back(std::move(c));
}

} // namespace racelang::parse_detail
