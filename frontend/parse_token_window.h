// The parser's token stream (internal to frontend/): the lexer's code tokens, checked as they
// are lexed (the prescan: bad characters, unterminated comments, nesting and statement-size
// limits) and held only from the item being parsed on, with comments recorded by position for
// comment_placement.h.
#pragma once

#include <deque>
#include <memory>
#include <vector>

#include "RacelangLexer.h"
#include "frontend/comment_placement.h"
#include "frontend/parse_tokens.h"

namespace racelang::parse_detail {

// one token at a time, before the parser sees the token.
class Prescan {
public:
  explicit Prescan(HeldErrors& errors) : errors_(errors) {}

  // Returns false if the token must not reach the parser.
  bool check(const Token* tok);

private:
  HeldErrors& errors_;
  int depth_ = 0;
  int operators_ = 0;
  bool depth_reported_ = false, operators_reported_ = false;
};

// The parser's token stream: the lexer's code tokens, kept only from the item being parsed
// on. ANTLR's CommonTokenStream keeps every token of the file until the parse ends (about
// 0.7 KB per statement); the driver below releases the tokens of each item once its AST is
// built. Comments do not reach the parser: they are recorded with their neighbours' positions
// for comment_placement.h. The prescan checks every token as it is lexed; after a token it
// refuses, the parser sees the end of the file and the rest is only prescanned
// (`prescan_rest`), so that every lexical error of the file is reported.
class TokenWindow : public antlr4::TokenStream {
public:
  TokenWindow(RacelangLexer& lexer, Prescan& prescan)
      : lexer_(lexer), prescan_(prescan), close_brace_(literal_type(lexer.getVocabulary(), "'}'")) {
  }

  Token* LT(ssize_t k) override {
    if (k == 0) return nullptr;
    if (k < 0) return p_ >= static_cast<size_t>(-k) ? get(p_ + k) : nullptr;
    size_t i = p_ + static_cast<size_t>(k) - 1;
    fill_to(i);
    return get(std::min(i, base_ + tokens_.size() - 1)); // past the end: the EOF token
  }
  size_t LA(ssize_t i) override {
    Token* t = LT(i);
    return t ? t->getType() : Token::INVALID_TYPE;
  }
  void consume() override {
    if (LA(1) != Token::EOF) ++p_;
  }
  // Marks need not hold anything: tokens are released only between items, with no mark set.
  ssize_t mark() override { return 0; }
  void release(ssize_t) override {}
  size_t index() override { return p_; }
  void seek(size_t index) override {
    if (index < base_) throw std::logic_error("token window: seek before the released tokens");
    p_ = index;
  }
  size_t size() override { return base_ + tokens_.size(); }
  std::string getSourceName() const override { return lexer_.getSourceName(); }
  Token* get(size_t index) const override {
    if (index < base_ || index - base_ >= tokens_.size())
      throw std::logic_error("token window: token " + std::to_string(index) + " not held");
    return tokens_[index - base_].get();
  }
  antlr4::TokenSource* getTokenSource() const override { return &lexer_; }
  std::string getText(const antlr4::misc::Interval& interval) override {
    std::string out;
    for (ssize_t i = std::max<ssize_t>(interval.a, static_cast<ssize_t>(base_));
         i <= interval.b && static_cast<size_t>(i) < base_ + tokens_.size(); ++i)
      if (tokens_[static_cast<size_t>(i) - base_]->getType() != Token::EOF)
        out += tokens_[static_cast<size_t>(i) - base_]->getText();
    return out;
  }
  std::string getText() override { return getText(antlr4::misc::Interval(0, ssize_t(size()))); }
  std::string getText(antlr4::RuleContext* ctx) override { return ctx->getText(); }
  std::string getText(Token* start, Token* stop) override {
    if (!start || !stop) return "";
    return getText(antlr4::misc::Interval(start->getTokenIndex(), stop->getTokenIndex()));
  }

  // Frees the tokens before the current one (the current one's predecessor stays: rules ask
  // for it as the stop token, and a syntax error after it for its position).
  void release_parsed() {
    while (base_ + 1 < p_ && !tokens_.empty()) {
      tokens_.pop_front();
      ++base_;
    }
  }
  size_t held() const { return tokens_.size(); }
  bool is_close_brace(const Token* t) const { return t->getType() == close_brace_; }
  std::vector<CommentRecord> take_comments() { return std::move(comments_); }

  // Runs the prescan over the rest of the file, after the parse stopped early.
  void prescan_rest();

private:
  void fill_to(size_t i) {
    while (base_ + tokens_.size() <= i && !at_eof_) next_code_token();
  }

  void next_code_token();

  void prescan_rest_after(bool at_eof) {
    if (!at_eof) prescan_rest();
    at_eof_ = true;
  }

  void record_comment(const Token& t);

  RacelangLexer& lexer_;
  Prescan& prescan_;
  size_t close_brace_;
  std::deque<std::unique_ptr<Token>> tokens_; // tokens base_, base_ + 1, ...
  size_t base_ = 0;                           // index of tokens_.front()
  size_t p_ = 0;                              // index of the current token
  bool at_eof_ = false;                       // the lexer has returned EOF
  bool refused_ = false;                      // the prescan refused a token
  std::vector<CommentRecord> comments_;
  size_t comments_waiting_ = 0; // comments_[comments_waiting_..] wait for their next token
  bool has_previous_ = false;
  TokenPlace previous_;
};

} // namespace racelang::parse_detail
