// The ANTLR adapter: lexing, syntax-error reporting, guarding the parser against hostile input,
// the typed builder from parse-tree contexts to our AST, and the loop that parses one item (a
// statement, a declaration, a compound statement's header, a '}') at a time with the open
// blocks on a stack, freeing each item's parse tree and tokens once its AST is built (ANTLR
// 4.9 frees parse-tree nodes only all at once, and its token streams keep every token). Only
// this file (and the generated code it includes) sees ANTLR; everything else in racelang works
// on frontend/ast.h.
#include "frontend/parse.h"

#include <algorithm>
#include <charconv>
#include <deque>
#include <set>
#include <sstream>

#include <sys/mman.h>

#include "RacelangLexer.h"
#include "RacelangParser.h"
#include "antlr4-runtime.h"
#include "frontend/comment_placement.h"

namespace racelang {
namespace {

using antlr4::Token;
using P = RacelangParser;

// Thrown by the builder if the parse tree is not the shape the grammar promises. It cannot
// happen for input the parser accepted without errors; catching it keeps a bug from crashing.
struct MalformedTree {
  std::string what;
};

uint32_t count_code_points(std::string_view text) {
  uint32_t n = 0;
  for (char c : text)
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++n;
  return n;
}

SourceLoc token_begin(const Token* tok) {
  return {static_cast<uint32_t>(tok->getLine()),
          static_cast<uint32_t>(tok->getCharPositionInLine() + 1)};
}

SourceLoc token_end(const Token* tok) {
  SourceLoc loc = token_begin(tok);
  if (tok->getType() == Token::EOF) return {loc.line, loc.col + 1};
  loc.col += count_code_points(tok->getText());
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

// Checks that the text is valid UTF-8, since the ANTLR runtime throws on anything else.
// Returns the byte offset of the first bad byte, or npos.
size_t first_invalid_utf8(std::string_view s) {
  size_t i = 0;
  while (i < s.size()) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    size_t len = c < 0x80           ? 1
                 : (c >> 5) == 0x6  ? 2
                 : (c >> 4) == 0xE  ? 3
                 : (c >> 3) == 0x1E ? 4
                                    : 0;
    if (len == 0 || i + len > s.size()) return i;
    uint32_t cp = len == 1 ? c : len == 2 ? (c & 0x1F) : len == 3 ? (c & 0x0F) : (c & 0x07);
    for (size_t k = 1; k < len; ++k) {
      unsigned char cc = static_cast<unsigned char>(s[i + k]);
      if ((cc & 0xC0) != 0x80) return i;
      cp = (cp << 6) | (cc & 0x3F);
    }
    bool overlong =
        (len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000);
    if (overlong || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return i;
    i += len;
  }
  return std::string_view::npos;
}

SourceLoc loc_of_offset(const std::string& text, size_t offset) {
  SourceLoc loc{1, 1};
  for (size_t i = 0; i < offset && i < text.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (c == '\n') {
      ++loc.line;
      loc.col = 1;
    } else if ((c & 0xC0) != 0x80) {
      ++loc.col;
    }
  }
  return loc;
}

// The token quoted for a message: at most 40 characters of it and "...", so that a 400 KB
// token (a generated name, a run of digits) does not make the message 400 KB long.
std::string quote_token_text(const std::string& text) {
  constexpr size_t kShown = 40;
  std::string out = "'";
  size_t chars = 0;
  for (unsigned char c : text) {
    if ((c & 0xC0) != 0x80 && chars++ == kShown) return out + "...'"; // at a character's start
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

// ---------------------------------------------------------------------------------------------
// Syntax errors.

// Describes what the parser expected, in words a user reads: the literal tokens it could
// accept, with whole categories (a statement, an expression) named instead of listed.
std::string describe_expected(const antlr4::misc::IntervalSet& expected,
                              const antlr4::dfa::Vocabulary& vocab) {
  std::set<size_t> types;
  for (ssize_t t : expected.toList()) types.insert(static_cast<size_t>(t));
  auto has = [&](size_t t) { return types.count(t) > 0; };
  std::vector<std::string> parts;
  // A statement can start with a name or any statement keyword; name the category instead.
  bool statement = true;
  for (const char* kw : {"'store'", "'lock'", "'spawn'", "'while'"}) {
    bool found = false;
    for (size_t t : types) found |= vocab.getDisplayName(t) == kw;
    statement &= found;
  }
  bool expression = has(P::INT) && has(P::ID);
  for (size_t t : types) {
    std::string name = vocab.getDisplayName(t);
    if (statement &&
        (t == P::ID || (name.size() > 2 && name.front() == '\'' &&
                        std::isalpha(static_cast<unsigned char>(name[1])) && name != "'else'")))
      continue; // covered by "a statement"
    if (expression && (t == P::INT || t == P::ID || name == "'-'" || name == "'('" ||
                       name == "'max'" || name == "'min'"))
      continue; // covered by "an expression"
    if (t == Token::EOF)
      parts.push_back("end of file");
    else if (t == P::ID)
      parts.push_back("a name");
    else if (t == P::INT)
      parts.push_back("an integer");
    else
      parts.push_back(name);
  }
  if (expression) parts.insert(parts.begin(), "an expression");
  if (statement) parts.insert(parts.begin(), "a statement");
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) out += i + 1 == parts.size() ? " or " : ", ";
    out += parts[i];
  }
  return out;
}

// The lexer's input: the source file's UTF-8 text read in place, by code point (ANTLR's
// positions). ANTLR's ANTLRInputStream copies the text into UTF-32 with room to spare, about
// 12 bytes per byte of source (320 bytes per statement of a typical program), alive for the
// whole parse. The lexer moves forward and seeks back only to the start of the token it is
// reading, and token text is asked for near the lexer (the token window holds only tokens
// around the item being parsed), so a cursor that steps from where it is costs no more than
// reading the text once. The text is valid UTF-8 (parse_program checks it first).
class Utf8CharStream : public antlr4::CharStream {
public:
  explicit Utf8CharStream(const SourceFile& file) : text_(file.text()), name_(file.path()) {
    for (char c : text_)
      if (!is_continuation(c)) ++size_;
  }

  void consume() override {
    if (at_.index >= size_) throw antlr4::IllegalStateException("cannot consume EOF");
    step_forward(at_);
  }
  size_t LA(ssize_t i) override {
    if (i == 0) return 0;
    Cursor c = at_;
    if (i < 0) {
      if (static_cast<size_t>(-i) > c.index) return EOF;
      for (ssize_t k = 0; k < -i; ++k) step_back(c);
    } else {
      if (c.index + static_cast<size_t>(i) - 1 >= size_) return EOF;
      for (ssize_t k = 1; k < i; ++k) step_forward(c);
    }
    return decode(c.byte);
  }
  ssize_t mark() override { return -1; } // the whole text stays available
  void release(ssize_t) override {}
  size_t index() override { return at_.index; }
  void seek(size_t index) override { move(at_, std::min(index, size_)); }
  size_t size() override { return size_; }
  std::string getSourceName() const override { return name_.empty() ? UNKNOWN_SOURCE_NAME : name_; }
  std::string getText(const antlr4::misc::Interval& interval) override {
    if (interval.a < 0 || interval.b < interval.a || static_cast<size_t>(interval.a) >= size_)
      return "";
    Cursor begin = at_;
    move(begin, static_cast<size_t>(interval.a));
    Cursor end = begin;
    move(end, std::min(static_cast<size_t>(interval.b) + 1, size_));
    return text_.substr(begin.byte, end.byte - begin.byte);
  }
  std::string toString() const override { return text_; }

private:
  struct Cursor {
    size_t index = 0; // in code points
    size_t byte = 0;
  };
  static bool is_continuation(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }
  void step_forward(Cursor& c) const {
    ++c.byte;
    while (c.byte < text_.size() && is_continuation(text_[c.byte])) ++c.byte;
    ++c.index;
  }
  void step_back(Cursor& c) const {
    --c.byte;
    while (c.byte > 0 && is_continuation(text_[c.byte])) --c.byte;
    --c.index;
  }
  void move(Cursor& c, size_t index) const {
    while (c.index < index) step_forward(c);
    while (c.index > index) step_back(c);
  }
  size_t decode(size_t byte) const {
    auto b = [&](size_t k) { return static_cast<unsigned char>(text_[byte + k]); };
    unsigned char lead = b(0);
    if (lead < 0x80) return lead;
    if ((lead >> 5) == 0x6) return ((lead & 0x1Fu) << 6) | (b(1) & 0x3Fu);
    if ((lead >> 4) == 0xE) return ((lead & 0x0Fu) << 12) | ((b(1) & 0x3Fu) << 6) | (b(2) & 0x3Fu);
    return ((lead & 0x07u) << 18) | ((b(1) & 0x3Fu) << 12) | ((b(2) & 0x3Fu) << 6) | (b(3) & 0x3Fu);
  }

  const std::string& text_;
  std::string name_;
  size_t size_ = 0;
  Cursor at_;
};

// The token type of a literal such as "';'" (literals have no stable generated names).
size_t literal_type(const antlr4::dfa::Vocabulary& vocab, std::string_view literal) {
  for (size_t t = 1; t <= vocab.getMaxTokenType(); ++t)
    if (vocab.getLiteralName(t) == literal) return t;
  return Token::INVALID_TYPE;
}

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

// Reports bad characters, unterminated comments and input deep enough to exhaust the stack,
// one token at a time, before the parser sees the token.
class Prescan {
public:
  explicit Prescan(HeldErrors& errors) : errors_(errors) {}

  // Returns false if the token must not reach the parser.
  bool check(const Token* tok) {
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
  void prescan_rest() {
    while (!at_eof_) {
      std::unique_ptr<Token> t = lexer_.nextToken();
      at_eof_ = t->getType() == Token::EOF;
      prescan_.check(t.get());
    }
  }

private:
  void fill_to(size_t i) {
    while (base_ + tokens_.size() <= i && !at_eof_) next_code_token();
  }

  void next_code_token() {
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

  void prescan_rest_after(bool at_eof) {
    if (!at_eof) prescan_rest();
    at_eof_ = true;
  }

  void record_comment(const Token& t) {
    CommentRecord c;
    c.text = t.getText();
    c.line = static_cast<uint32_t>(t.getLine());
    c.has_previous = has_previous_;
    c.previous = previous_;
    comments_.push_back(std::move(c));
  }

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

bool starts_declaration(const Token* tok) {
  const std::string& text = tok->getText();
  return text == "shared" || text == "mutex" || text == "volatile" || text == "condition" ||
         text == "barrier";
}

class SyntaxErrorListener : public antlr4::BaseErrorListener {
public:
  SyntaxErrorListener(HeldErrors& errors, TokenWindow& tokens) : diags_(errors), tokens_(tokens) {}

  void syntaxError(antlr4::Recognizer* recognizer, Token* offending, size_t line, size_t col,
                   const std::string& antlr_message, std::exception_ptr) override {
    auto* parser = dynamic_cast<antlr4::Parser*>(recognizer);
    if (!parser || !offending) { // not expected: keep ANTLR's own words rather than lose them
      diags_.error({{static_cast<uint32_t>(line), static_cast<uint32_t>(col + 1)},
                    {static_cast<uint32_t>(line), static_cast<uint32_t>(col + 2)}},
                   antlr_message);
      return;
    }
    // ANTLR's recovery can report the same token twice; one diagnostic per token is enough.
    if (offending->getTokenIndex() == last_token_index_) return;
    last_token_index_ = offending->getTokenIndex();

    std::string expected;
    antlr4::misc::IntervalSet expected_set;
    try {
      expected_set = parser->getExpectedTokens();
      expected = describe_expected(expected_set, parser->getVocabulary());
    } catch (...) {
    }
    std::string found =
        offending->getType() == Token::EOF ? "end of file" : quote_token_text(offending->getText());

    if (starts_declaration(offending) && !expected_set.contains(offending->getType())) {
      diags_.error(token_range(offending),
                   "declarations must come before all procedures and statements");
      return;
    }
    if (offending->getText() == "proc" && !expected_set.contains(offending->getType())) {
      diags_.error(token_range(offending),
                   "procedures must come after the declarations and before all statements");
      return;
    }
    // A missing token at the end of a line (typically ';') reads best right after the previous
    // token, as clang puts it.
    const Token* previous = previous_token(offending);
    if (previous && previous->getLine() < offending->getLine() &&
        (expected_set.size() == 1 ||
         expected_set.contains(literal_type(parser->getVocabulary(), "';'")))) {
      SourceLoc at = token_end(previous);
      std::string what = expected_set.size() == 1 ? expected : "';'";
      diags_.error({at, {at.line, at.col + 1}}, "expected " + what);
      return;
    }
    std::string message = "unexpected " + found;
    if (!expected.empty()) message += "; expected " + expected;
    diags_.error(token_range(offending), message);
  }

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

// ---------------------------------------------------------------------------------------------
// The builder: parse-tree contexts to AST nodes.

class Builder {
public:
  explicit Builder(HeldErrors& errors) : diags_(errors) {}

  template <typename T> T* need(T* node) {
    if (!node) throw MalformedTree{"missing node"};
    return node;
  }

  // Parses an integer literal token; reports literals that do not fit in 64 bits.
  int64_t integer(Token* tok) {
    need(tok);
    const std::string& text = tok->getText();
    int64_t value = 0;
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || ptr != text.data() + text.size()) {
      diags_.error(token_range(tok), "integer literal '" + text +
                                         "' is too large (the largest is 9223372036854775807)");
      return 0;
    }
    return value;
  }

  Decl build_decl(P::DeclContext* ctx) {
    Decl decl;
    const std::string kind = need(ctx->kind)->getText();
    decl.kind = kind == "shared"      ? DeclKind::Shared
                : kind == "mutex"     ? DeclKind::Mutex
                : kind == "volatile"  ? DeclKind::Volatile
                : kind == "condition" ? DeclKind::Condition
                                      : DeclKind::Barrier;
    decl.name = need(ctx->name)->getText();
    if (ctx->size) decl.size = integer(ctx->size);
    if (ctx->count) decl.count = integer(ctx->count);
    decl.range = ctx_range(ctx);
    return decl;
  }

  std::vector<Expr> build_args(P::ArgsContext* ctx) {
    std::vector<Expr> args;
    if (ctx)
      for (auto* e : ctx->expr()) args.push_back(build_expr(need(e)));
    return args;
  }

  Location build_location(P::LocationContext* ctx) {
    Location loc;
    loc.name = need(ctx->name)->getText();
    if (ctx->index) loc.index = build_expr(ctx->index);
    loc.range = ctx_range(ctx);
    return loc;
  }

  Stmt build_stmt(P::StmtContext* ctx) {
    Stmt stmt{Assign{}, ctx_range(ctx), {}, 0};
    if (auto* loadStmt = dynamic_cast<P::LoadStmtContext*>(ctx)) {
      stmt.node = Load{need(loadStmt->name)->getText(), build_location(need(loadStmt->location()))};
    } else if (auto* assignStmt = dynamic_cast<P::AssignStmtContext*>(ctx)) {
      stmt.node = Assign{need(assignStmt->name)->getText(), build_expr(need(assignStmt->expr()))};
    } else if (auto* storeStmt = dynamic_cast<P::StoreStmtContext*>(ctx)) {
      stmt.node =
          Store{build_expr(need(storeStmt->expr())), build_location(need(storeStmt->location()))};
    } else if (auto* lockStmt = dynamic_cast<P::LockStmtContext*>(ctx)) {
      stmt.node = LockStmt{build_location(need(lockStmt->location()))};
    } else if (auto* unlockStmt = dynamic_cast<P::UnlockStmtContext*>(ctx)) {
      stmt.node = UnlockStmt{build_location(need(unlockStmt->location()))};
    } else if (auto* spawnStmt = dynamic_cast<P::SpawnStmtContext*>(ctx)) {
      stmt.node = Spawn{integer(spawnStmt->thread), {}}; // the body follows as block items
    } else if (auto* spawnCall = dynamic_cast<P::SpawnCallStmtContext*>(ctx)) {
      // The body is the call alone, positioned from the procedure's name to the ')'.
      SourceRange call_range{token_begin(need(spawnCall->callee)),
                             token_end(need(spawnCall->getStop()))};
      Stmt call{
          Call{spawnCall->callee->getText(), build_args(spawnCall->args())}, call_range, {}, 0};
      Spawn node{integer(spawnCall->thread), {}, true};
      node.body.push_back(std::move(call));
      stmt.node = std::move(node);
    } else if (auto* callStmt = dynamic_cast<P::CallStmtContext*>(ctx)) {
      stmt.node = Call{need(callStmt->callee)->getText(), build_args(callStmt->args())};
    } else if (auto* waitStmt = dynamic_cast<P::WaitStmtContext*>(ctx)) {
      stmt.node = Wait{integer(waitStmt->thread)};
    } else if (auto* assertStmt = dynamic_cast<P::AssertStmtContext*>(ctx)) {
      Assert node{build_cond(need(assertStmt->cond())), std::nullopt};
      if (auto* race = assertStmt->raceCheck()) node.race = build_race_check(race);
      stmt.node = std::move(node);
    } else if (auto* ifStmt = dynamic_cast<P::IfStmtContext*>(ctx)) {
      stmt.node = If{build_cond(need(ifStmt->cond())), {}, std::nullopt};
    } else if (auto* whileStmt = dynamic_cast<P::WhileStmtContext*>(ctx)) {
      stmt.node = While{build_cond(need(whileStmt->cond())), {}};
    } else if (auto* printStmt = dynamic_cast<P::PrintStmtContext*>(ctx)) {
      Print node;
      for (auto* e : printStmt->expr()) node.args.push_back(build_expr(need(e)));
      stmt.node = std::move(node);
    } else if (auto* casStmt = dynamic_cast<P::CasStmtContext*>(ctx)) {
      stmt.node =
          Sync{Cas{need(casStmt->name)->getText(), build_location(need(casStmt->location())),
                   build_expr(need(casStmt->expected)), build_expr(need(casStmt->desired))}};
    } else if (auto* faStmt = dynamic_cast<P::FetchAddStmtContext*>(ctx)) {
      stmt.node =
          Sync{FetchAdd{need(faStmt->name)->getText(), build_location(need(faStmt->location())),
                        build_expr(need(faStmt->expr()))}};
    } else if (auto* cwStmt = dynamic_cast<P::CondWaitStmtContext*>(ctx)) {
      stmt.node = Sync{
          CondWait{build_location(need(cwStmt->condition)), build_location(need(cwStmt->mutex))}};
    } else if (auto* notifyStmt = dynamic_cast<P::NotifyStmtContext*>(ctx)) {
      stmt.node = Sync{Notify{build_location(need(notifyStmt->location())),
                              need(notifyStmt->kind)->getText() == "notify_all"}};
    } else if (auto* awaitStmt = dynamic_cast<P::AwaitStmtContext*>(ctx)) {
      stmt.node = Sync{Await{build_location(need(awaitStmt->location()))}};
    } else if (auto* assumeStmt = dynamic_cast<P::AssumeStmtContext*>(ctx)) {
      stmt.node = Sync{Assume{build_cond(need(assumeStmt->cond()))}};
    } else {
      throw MalformedTree{"unknown statement"};
    }
    return stmt;
  }

  AccessKind access_kind(Token* tok) {
    const std::string& text = need(tok)->getText();
    if (text == "read") return AccessKind::Read;
    if (text == "write") return AccessKind::Write;
    diags_.error(token_range(tok), "expected 'read' or 'write', not '" + text + "'");
    return AccessKind::Read;
  }

  RaceCheck build_race_check(P::RaceCheckContext* ctx) {
    RaceCheck check;
    check.kind = access_kind(ctx->kind);
    check.loc = build_location(need(ctx->location(0)));
    check.site = build_expr(need(ctx->site));
    check.prev_kind = access_kind(ctx->prevKind);
    check.prev_thread = build_expr(need(ctx->prevThread));
    check.prev_site = build_location(need(ctx->prevSite));
    return check;
  }

  BinaryOp binary_op(const std::string& text) {
    if (text == "+") return BinaryOp::Add;
    if (text == "-") return BinaryOp::Sub;
    if (text == "*") return BinaryOp::Mul;
    if (text == "/") return BinaryOp::Div;
    if (text == "%") return BinaryOp::Mod;
    if (text == "max") return BinaryOp::Max;
    if (text == "min") return BinaryOp::Min;
    throw MalformedTree{"unknown operator " + text};
  }

  Expr build_expr(P::ExprContext* ctx) {
    need(ctx);
    SourceRange range = ctx_range(ctx);
    if (auto* intExpr = dynamic_cast<P::IntExprContext*>(ctx))
      return make_int(integer(intExpr->INT()->getSymbol()), range);
    if (auto* varExpr = dynamic_cast<P::VarExprContext*>(ctx))
      return make_local(need(varExpr->ID())->getText(), range);
    if (auto* parenExpr = dynamic_cast<P::ParenExprContext*>(ctx)) {
      Expr inner = build_expr(parenExpr->expr());
      inner.range = range; // the parentheses belong to the operand as written
      return inner;
    }
    if (auto* negExpr = dynamic_cast<P::NegExprContext*>(ctx))
      return make_negate(build_expr(negExpr->expr()), range);
    if (auto* mulExpr = dynamic_cast<P::MulExprContext*>(ctx))
      return make_binary(binary_op(need(mulExpr->op)->getText()), build_expr(mulExpr->lhs),
                         build_expr(mulExpr->rhs), range);
    if (auto* addExpr = dynamic_cast<P::AddExprContext*>(ctx))
      return make_binary(binary_op(need(addExpr->op)->getText()), build_expr(addExpr->lhs),
                         build_expr(addExpr->rhs), range);
    if (auto* callExpr = dynamic_cast<P::CallExprContext*>(ctx))
      return make_binary(binary_op(need(callExpr->fn)->getText()), build_expr(callExpr->lhs),
                         build_expr(callExpr->rhs), range);
    throw MalformedTree{"unknown expression"};
  }

  Cond build_cond(P::CondContext* ctx) {
    need(ctx);
    SourceRange range = ctx_range(ctx);
    if (auto* cmpCond = dynamic_cast<P::CmpCondContext*>(ctx)) {
      static const std::pair<const char*, CompareOp> kOps[] = {
          {"<=", CompareOp::Le}, {"<", CompareOp::Lt},  {">=", CompareOp::Ge},
          {">", CompareOp::Gt},  {"==", CompareOp::Eq}, {"!=", CompareOp::Ne}};
      std::string op = need(cmpCond->op)->getText();
      for (auto& [text, value] : kOps)
        if (op == text)
          return make_compare(value, build_expr(cmpCond->lhs), build_expr(cmpCond->rhs), range);
      throw MalformedTree{"unknown comparison " + op};
    }
    if (auto* notCond = dynamic_cast<P::NotCondContext*>(ctx))
      return make_not(build_cond(notCond->cond()), range);
    if (auto* andCond = dynamic_cast<P::AndCondContext*>(ctx))
      return make_logical(LogicOp::And, build_cond(andCond->lhs), build_cond(andCond->rhs), range);
    if (auto* orCond = dynamic_cast<P::OrCondContext*>(ctx))
      return make_logical(LogicOp::Or, build_cond(orCond->lhs), build_cond(orCond->rhs), range);
    if (auto* parenCond = dynamic_cast<P::ParenCondContext*>(ctx)) {
      Cond inner = build_cond(parenCond->cond());
      inner.range = range;
      return inner;
    }
    throw MalformedTree{"unknown condition"};
  }

  HeldErrors& diags_;
};

// ---------------------------------------------------------------------------------------------
// Item by item: the loop that keeps the open blocks.

// Thrown by StopAtFirstError once an item's first syntax error is reported.
struct ItemFailed {};

// Thrown by the driver after kMaxSyntaxErrors: every bad item costs a diagnostic, and hostile
// input (`spawn 1 {)` repeated) can have one every few bytes.
constexpr size_t kMaxSyntaxErrors = 1000;
struct TooManyErrors {
  SourceLoc at;
};

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

// Pages for a long block's statements while the block is open, mapped for it and unmapped as
// soon as they are moved out. Freed malloc memory stays in the process (glibc returns only the
// top of its heap), so chunks from malloc would keep the block's statements resident twice
// once they are moved into the block's vector.
template <typename T> struct PageAllocator {
  using value_type = T;
  PageAllocator() = default;
  template <typename U> PageAllocator(const PageAllocator<U>&) {}
  T* allocate(size_t n) {
    void* p =
        ::mmap(nullptr, n * sizeof(T), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
    return static_cast<T*>(p);
  }
  void deallocate(T* p, size_t n) { ::munmap(p, n * sizeof(T)); }
  friend bool operator==(const PageAllocator&, const PageAllocator&) { return true; }
};

// A block's statements while they are parsed, handed over as one vector of exactly the right
// size. A block's length is not known before its '}', and growing one vector by doubling
// would hold the old and the new buffer at once; so the first statements go to a small vector
// and the rest to fixed chunks of pages, each unmapped as soon as it is moved: at the hand-over
// the block is resident about once, plus one chunk.
class BlockBuilder {
public:
  void push(Stmt stmt) {
    ++size_;
    if (first_.size() < kFirst) {
      if (first_.empty()) first_.reserve(kFirst);
      first_.push_back(std::move(stmt));
      return;
    }
    if (chunks_.empty() || chunks_.back().size() == kChunk) chunks_.emplace_back().reserve(kChunk);
    chunks_.back().push_back(std::move(stmt));
  }

  Block take() {
    Block block;
    block.reserve(size_);
    std::move(first_.begin(), first_.end(), std::back_inserter(block));
    Block().swap(first_);
    for (Chunk& chunk : chunks_) {
      std::move(chunk.begin(), chunk.end(), std::back_inserter(block));
      Chunk().swap(chunk);
    }
    chunks_.clear();
    size_ = 0;
    return block;
  }

private:
  using Chunk = std::vector<Stmt, PageAllocator<Stmt>>;
  static constexpr size_t kFirst = 64;   // most blocks: no pages mapped
  static constexpr size_t kChunk = 1024; // 352 KiB
  Block first_;
  std::vector<Chunk> chunks_;
  size_t size_ = 0;
};

// A block that is open: the compound statement or procedure it belongs to, and its statements
// so far.
struct OpenBlock {
  enum class Kind { Spawn, While, Then, Else, Proc, Skipped }; // Skipped: opened by a bad item
  Kind kind = Kind::Skipped;
  Stmt stmt{};     // Spawn, While, Then, Else: the statement, its range ending at the '}'
  ProcDecl proc{}; // Proc
  BlockBuilder body{};
};

size_t tree_size(const antlr4::tree::ParseTree* tree) {
  size_t n = 1;
  for (const auto* child : tree->children) n += tree_size(child);
  return n;
}

class ItemDriver {
public:
  ItemDriver(GuardedParser& parser, TokenWindow& tokens, SyntaxErrorListener& listener,
             Builder& builder, HeldErrors& syntax, HeldErrors& semantic,
             const ParseOptions& options)
      : parser_(parser), tokens_(tokens), listener_(listener), builder_(builder), syntax_(syntax),
        semantic_(semantic), options_(options),
        semicolon_(literal_type(parser.getVocabulary(), "';'")),
        open_brace_(literal_type(parser.getVocabulary(), "'{'")) {}

  Program run() {
    while (!done_) {
      size_t start = tokens_.index();
      size_t errors = syntax_.items.size();
      parser_.getErrorHandler()->reset(&parser_);
      antlr4::ParserRuleContext* item = nullptr;
      try {
        item = parse_item();
      } catch (const ItemFailed&) {
        item = nullptr;
      }
      bool failed = !item || syntax_.items.size() != errors;
      if (failed) {
        if (syntax_.items.size() > errors) {
          const Token* offending = tokens_.get(listener_.last_offending());
          if (is_cascade(offending, start))
            syntax_.items.resize(errors);
          else
            last_error_line_ = offending->getLine();
        }
        resync(start);
      } else {
        handle(item);
      }
      previous_failed_ = failed;
      account(item);
      if (syntax_.items.size() >= kMaxSyntaxErrors && !done_)
        throw TooManyErrors{token_begin(tokens_.LT(1))};
      if (options_.release_items) {
        // The item's AST is built: its parse tree and tokens go.
        parser_.getTreeTracker().reset();
        live_nodes_ = 0;
        tokens_.release_parsed();
      }
    }
    if (awaiting_else_) finish_if();
    program_.body = top_.take();
    return std::move(program_);
  }

private:
  antlr4::ParserRuleContext* parse_item() {
    bool in_block = frames_.size() > (awaiting_else_ ? 1u : 0u);
    if (awaiting_else_)
      return in_block ? static_cast<antlr4::ParserRuleContext*>(parser_.blockItemAfterThen())
                      : parser_.mainItemAfterThen();
    if (in_block) return parser_.blockItem();
    // A declaration after a procedure or statement is then a syntax error the listener words.
    return seen_proc_or_stmt_ ? static_cast<antlr4::ParserRuleContext*>(parser_.mainItem())
                              : parser_.topItem();
  }

  void handle(antlr4::ParserRuleContext* item) {
    if (auto* after = dynamic_cast<P::MainItemAfterThenContext*>(item)) {
      if (after->elseHead()) return open_else();
      finish_if();
      item = builder_.need(after->mainItem());
    } else if (auto* after_in_block = dynamic_cast<P::BlockItemAfterThenContext*>(item)) {
      if (after_in_block->elseHead()) return open_else();
      finish_if();
      item = builder_.need(after_in_block->blockItem());
    }
    if (auto* top = dynamic_cast<P::TopItemContext*>(item)) {
      if (auto* decl = top->decl()) return program_.decls.push_back(builder_.build_decl(decl));
      item = builder_.need(top->mainItem());
    }
    if (auto* main = dynamic_cast<P::MainItemContext*>(item)) {
      if (auto* head = main->procHead()) {
        open_proc(head);
      } else if (auto* stmt = main->stmt()) {
        seen_proc_or_stmt_ = seen_stmt_ = true;
        add_stmt(stmt);
      } else {
        done_ = true; // end of file
      }
    } else if (auto* inner = dynamic_cast<P::BlockItemContext*>(item)) {
      if (auto* stmt = inner->stmt())
        add_stmt(stmt);
      else
        close_block(builder_.need(inner->getStart()));
    } else {
      throw MalformedTree{"unknown item"};
    }
  }

  // Whether an item's error is most likely caused by an earlier one, so not reported: ANTLR's
  // recovery, too, reports nothing more until a token matches. After a failed item, resync
  // can stop inside what the broken item meant (at `else` in `} else {` at the top level, in
  // the middle of a line after a stray ';'): an error at the next item's first token or on the
  // line of the last error is dropped. So is the end of the file inside a block that resync
  // opened for a '{' it skipped.
  bool is_cascade(const Token* offending, size_t start) {
    if (offending->getType() == Token::EOF &&
        std::any_of(frames_.begin(), frames_.end(),
                    [](const OpenBlock& b) { return b.kind == OpenBlock::Kind::Skipped; }))
      return true;
    if (!previous_failed_) return false;
    return offending->getTokenIndex() == start || tokens_.get(start)->getLine() == last_error_line_;
  }

  BlockBuilder& body() { return frames_.empty() ? top_ : frames_.back().body; }

  void open_proc(P::ProcHeadContext* ctx) {
    if (seen_stmt_)
      semantic_.error(token_range(ctx->getStart()),
                      "procedures must come after the declarations and before all statements");
    seen_proc_or_stmt_ = true;
    OpenBlock open{OpenBlock::Kind::Proc};
    open.proc.name = builder_.need(ctx->name)->getText();
    open.proc.name_range = token_range(ctx->name);
    if (auto* params = ctx->params())
      for (auto* id : params->ID())
        open.proc.params.push_back(
            Param{builder_.need(id)->getText(), token_range(id->getSymbol())});
    open.proc.range = ctx_range(ctx); // to the '{' until the '}' comes
    frames_.push_back(std::move(open));
  }

  void add_stmt(P::StmtContext* ctx) {
    Stmt stmt = builder_.build_stmt(ctx);
    OpenBlock::Kind kind;
    if (dynamic_cast<P::SpawnStmtContext*>(ctx))
      kind = OpenBlock::Kind::Spawn;
    else if (dynamic_cast<P::WhileStmtContext*>(ctx))
      kind = OpenBlock::Kind::While;
    else if (dynamic_cast<P::IfStmtContext*>(ctx))
      kind = OpenBlock::Kind::Then;
    else
      return body().push(std::move(stmt));
    frames_.push_back(OpenBlock{kind, std::move(stmt)});
  }

  void close_block(const Token* brace) {
    OpenBlock& open = frames_.back();
    switch (open.kind) {
    case OpenBlock::Kind::Spawn:
      std::get<Spawn>(open.stmt.node).body = open.body.take();
      break;
    case OpenBlock::Kind::While:
      std::get<While>(open.stmt.node).body = open.body.take();
      break;
    case OpenBlock::Kind::Then:
      std::get<If>(open.stmt.node).then_body = open.body.take();
      open.stmt.range.end = token_end(brace);
      awaiting_else_ = true; // closed by the next item unless it is `else {`
      return;
    case OpenBlock::Kind::Else:
      std::get<If>(open.stmt.node).else_body = open.body.take();
      break;
    case OpenBlock::Kind::Proc:
      open.proc.body = open.body.take();
      open.proc.range.end = token_end(brace);
      program_.procs.push_back(std::move(open.proc));
      frames_.pop_back();
      return;
    case OpenBlock::Kind::Skipped:
      frames_.pop_back();
      return;
    }
    open.stmt.range.end = token_end(brace);
    Stmt done = std::move(open.stmt);
    frames_.pop_back();
    body().push(std::move(done));
  }

  void open_else() {
    awaiting_else_ = false;
    frames_.back().kind = OpenBlock::Kind::Else;
  }

  // The if statement whose then-block closed has no else branch.
  void finish_if() {
    awaiting_else_ = false;
    Stmt done = std::move(frames_.back().stmt);
    frames_.pop_back();
    body().push(std::move(done));
  }

  // After an item's syntax error: skips to the end of its statement (a ';'), into the block it
  // opens (a '{', whose '}' then closes it), or to the '}' that closes the current block.
  void resync(size_t start) {
    if (awaiting_else_) finish_if();
    // A broken statement ends the declarations as a parsed one does.
    if (frames_.empty() && !starts_declaration(tokens_.get(start))) seen_proc_or_stmt_ = true;
    for (;;) {
      Token* t = tokens_.LT(1);
      if (t->getType() == Token::EOF) {
        done_ = true;
        return;
      }
      if (tokens_.is_close_brace(t) && !frames_.empty()) {
        if (tokens_.index() > start) return; // the next item closes the block
        tokens_.consume();
        frames_.pop_back();
        return;
      }
      tokens_.consume();
      if (t->getType() == semicolon_ || tokens_.is_close_brace(t)) return;
      if (t->getType() == open_brace_) {
        frames_.push_back(OpenBlock{OpenBlock::Kind::Skipped});
        return;
      }
    }
  }

  void account(antlr4::ParserRuleContext* item) {
    ParseFootprint* footprint = options_.footprint;
    if (!footprint) return;
    if (item) live_nodes_ += tree_size(item);
    footprint->max_parse_tree_nodes = std::max(footprint->max_parse_tree_nodes, live_nodes_);
    footprint->max_held_tokens = std::max(footprint->max_held_tokens, tokens_.held());
  }

  GuardedParser& parser_;
  TokenWindow& tokens_;
  const SyntaxErrorListener& listener_;
  Builder& builder_;
  HeldErrors& syntax_;
  HeldErrors& semantic_;
  const ParseOptions& options_;
  const size_t semicolon_, open_brace_;
  Program program_;
  BlockBuilder top_;
  std::vector<OpenBlock> frames_;
  bool awaiting_else_ = false; // frames_.back() is an if whose then-block just closed
  bool seen_proc_or_stmt_ = false, seen_stmt_ = false;
  bool done_ = false;
  bool previous_failed_ = false; // the last item had a syntax error
  size_t last_error_line_ = 0;   // of the last syntax error reported
  size_t live_nodes_ = 0;        // parse-tree nodes of the items not yet released
};

} // namespace

std::optional<Program> parse_program(const SourceFile& file, DiagnosticEngine& diags,
                                     const ParseOptions& options) {
  size_t bad = first_invalid_utf8(file.text());
  if (bad != std::string_view::npos) {
    SourceLoc at = loc_of_offset(file.text(), bad);
    diags.error({at, {at.line, at.col + 1}}, "invalid UTF-8 byte in source file");
    return std::nullopt;
  }
  HeldErrors lexical, syntax, semantic;
  std::optional<std::pair<SourceRange, std::string>> stopped; // why the parse stopped early
  std::optional<Program> program;
  Utf8CharStream input(file);
  RacelangLexer lexer(&input);
  lexer.removeErrorListeners(); // BAD_CHAR makes the lexer total; the prescan reports it
  Prescan prescan(lexical);
  TokenWindow tokens(lexer, prescan);
  try {
    GuardedParser parser(&tokens);
    parser.removeErrorListeners();
    SyntaxErrorListener listener(syntax, tokens);
    parser.addErrorListener(&listener);
    parser.setErrorHandler(std::make_shared<StopAtFirstError>());
    Builder builder(semantic);
    program = ItemDriver(parser, tokens, listener, builder, syntax, semantic, options).run();
  } catch (const TooDeep& e) {
    stopped.emplace(SourceRange{e.at, {e.at.line, e.at.col + 1}},
                    "too many nested syntax errors; parsing stopped here");
  } catch (const TooManyErrors& e) {
    stopped.emplace(SourceRange{e.at, {e.at.line, e.at.col + 1}},
                    "too many syntax errors; parsing stopped here");
  } catch (const MalformedTree& e) {
    stopped.emplace(SourceRange{}, "internal error: unexpected parse tree (" + e.what + ")");
  } catch (const std::exception& e) {
    stopped.emplace(SourceRange{}, std::string("internal error while parsing: ") + e.what());
  }
  if (stopped) tokens.prescan_rest();
  if (!lexical.empty()) {
    lexical.report_to(diags);
    return std::nullopt;
  }
  if (!syntax.empty() || stopped) {
    syntax.report_to(diags);
    if (stopped) diags.error(stopped->first, stopped->second);
    return std::nullopt;
  }
  if (!semantic.empty()) {
    semantic.report_to(diags);
    return std::nullopt;
  }
  place_comments(*program, tokens.take_comments());
  return program;
}

} // namespace racelang
