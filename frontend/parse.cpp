// The ANTLR adapter: lexing, syntax-error reporting, guarding the parser against hostile input,
// and the typed builder from parse-tree contexts to our AST. Only this file (and the generated
// code it includes) sees ANTLR; everything else in racelang works on frontend/ast.h.
#include "frontend/parse.h"

#include <charconv>
#include <set>
#include <sstream>

#include "RacelangLexer.h"
#include "RacelangParser.h"
#include "antlr4-runtime.h"

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

// The token type of ';' (a literal in the grammar, so it has no stable generated name).
size_t semicolon_type(const antlr4::dfa::Vocabulary& vocab) {
  for (size_t t = 1; t <= vocab.getMaxTokenType(); ++t)
    if (vocab.getLiteralName(t) == "';'") return t;
  return Token::INVALID_TYPE;
}

class SyntaxErrorListener : public antlr4::BaseErrorListener {
public:
  SyntaxErrorListener(DiagnosticEngine& diags, antlr4::CommonTokenStream& tokens)
      : diags_(diags), tokens_(tokens) {}

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

    const std::string& text = offending->getText();
    if ((text == "shared" || text == "mutex" || text == "volatile" || text == "condition" ||
         text == "barrier") &&
        !expected_set.contains(offending->getType())) {
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
         expected_set.contains(semicolon_type(parser->getVocabulary())))) {
      SourceLoc at = token_end(previous);
      std::string what = expected_set.size() == 1 ? expected : "';'";
      diags_.error({at, {at.line, at.col + 1}}, "expected " + what);
      return;
    }
    std::string message = "unexpected " + found;
    if (!expected.empty()) message += "; expected " + expected;
    diags_.error(token_range(offending), message);
  }

private:
  const Token* previous_token(const Token* tok) {
    for (size_t i = tok->getTokenIndex(); i-- > 0;) {
      Token* t = tokens_.get(i);
      if (t->getChannel() == Token::DEFAULT_CHANNEL) return t;
    }
    return nullptr;
  }

  DiagnosticEngine& diags_;
  antlr4::CommonTokenStream& tokens_;
  size_t last_token_index_ = static_cast<size_t>(-1);
};

// Reports bad characters, unterminated comments and input deep enough to exhaust the stack.
// Returns false if parsing must not go ahead.
bool prescan_tokens(const std::vector<Token*>& tokens, DiagnosticEngine& diags) {
  bool ok = true;
  int depth = 0;
  int operators = 0;
  bool depth_reported = false, operators_reported = false;
  for (const Token* tok : tokens) {
    size_t type = tok->getType();
    if (type == P::BAD_CHAR) {
      diags.error(token_range(tok), "invalid character " + quote_token_text(tok->getText()));
      ok = false;
      continue;
    }
    if (type == P::UNTERMINATED_COMMENT) {
      SourceLoc b = token_begin(tok);
      diags.error({b, {b.line, b.col + 2}}, "unterminated /* comment");
      ok = false;
      continue;
    }
    if (tok->getChannel() != Token::DEFAULT_CHANNEL) continue;
    const std::string& text = tok->getText();
    if (text == "(" || text == "[" || text == "{") {
      if (++depth > kMaxNestingDepth && !depth_reported) {
        diags.error(token_range(tok), "nesting is too deep (more than " +
                                          std::to_string(kMaxNestingDepth) + " levels)");
        depth_reported = true;
        ok = false;
      }
    } else if (text == ")" || text == "]" || text == "}") {
      if (depth > 0) --depth;
    }
    if (text == ";" || text == "{" || text == "}") {
      operators = 0;
    } else if (text == "+" || text == "-" || text == "*" || text == "/" || text == "%" ||
               text == "!" || text == "&&" || text == "||") {
      if (++operators > kMaxOperatorsPerStatement && !operators_reported) {
        diags.error(token_range(tok), "statement is too complex (more than " +
                                          std::to_string(kMaxOperatorsPerStatement) +
                                          " operators)");
        operators_reported = true;
        ok = false;
      }
    }
  }
  return ok;
}

// Thrown by GuardedParser when rules nest too deeply; caught in parse_program.
struct TooDeep {
  SourceLoc at;
};

// The parser with a guard on how deeply its rules nest. The prescan bounds the nesting of
// every program that parses, but error recovery can nest rules without the brackets it counts:
// in `x := ()()()...` each ')' is deleted as unexpected and the next '(' opens a deeper
// expression. Past kMaxRuleDepth the parse stops with an error instead of running out of stack.
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
  Builder(DiagnosticEngine& diags, antlr4::CommonTokenStream& tokens)
      : diags_(diags), tokens_(tokens) {}

  Program build(P::ProgramContext* ctx) {
    Program program;
    for (auto* d : ctx->decl()) program.decls.push_back(build_decl(need(d)));
    bool after_statements = false;
    // Reserved up front: growing a vector of millions of statements by doubling holds the old
    // and the new buffer at once, which was the frontend's peak memory.
    program.body.reserve(ctx->children.size());
    for (auto* child : ctx->children) {
      if (auto* p = dynamic_cast<P::ProcDeclContext*>(child)) {
        if (after_statements)
          diags_.error(token_range(p->getStart()),
                       "procedures must come after the declarations and before all statements");
        program.procs.push_back(build_proc(p));
      } else if (auto* s = dynamic_cast<P::StmtContext*>(child)) {
        after_statements = true;
        program.body.push_back(build_stmt(s));
      }
    }
    attach_comments(ctx, program);
    return program;
  }

private:
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

  ProcDecl build_proc(P::ProcDeclContext* ctx) {
    ProcDecl proc;
    proc.name = need(ctx->name)->getText();
    proc.name_range = token_range(ctx->name);
    if (auto* params = ctx->params())
      for (auto* id : params->ID())
        proc.params.push_back(Param{need(id)->getText(), token_range(id->getSymbol())});
    proc.body = build_block(ctx->block());
    proc.range = ctx_range(ctx);
    return proc;
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

  Block build_block(P::BlockContext* ctx) {
    Block block;
    std::vector<P::StmtContext*> stmts = need(ctx)->stmt();
    block.reserve(stmts.size());
    for (auto* s : stmts) block.push_back(build_stmt(need(s)));
    return block;
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
      stmt.node = Spawn{integer(spawnStmt->thread), build_block(spawnStmt->block())};
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
      If node{build_cond(need(ifStmt->cond())), build_block(ifStmt->then), std::nullopt};
      if (ifStmt->otherwise) node.else_body = build_block(ifStmt->otherwise);
      stmt.node = std::move(node);
    } else if (auto* whileStmt = dynamic_cast<P::WhileStmtContext*>(ctx)) {
      stmt.node = While{build_cond(need(whileStmt->cond())), build_block(whileStmt->block())};
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

  // ---- Comments -----------------------------------------------------------------------------
  // Every comment goes to exactly one place, so `fmt` loses none:
  //  - after code on the same line: the trailing comment of the statement or declaration that
  //    ends there (or, if that code is the middle of a statement, a leading comment of it);
  //  - otherwise: a leading comment of the statement or declaration that starts at the next
  //    token, the end-of-block comments of the block whose '}' comes next, the program's
  //    trailing comments at the end of the file, or else a leading comment of the innermost
  //    statement the next token belongs to.
  struct Owners {
    std::vector<Comments*> starts, stops;          // by token index
    std::vector<std::vector<std::string>*> closes; // '}' token index -> end-of-block list
    std::vector<Comments*> innermost;              // token index -> innermost statement
  };

  void index_stmt(P::StmtContext* ctx, Stmt& stmt, Owners& owners) {
    size_t start = ctx->getStart()->getTokenIndex(), stop = ctx->getStop()->getTokenIndex();
    owners.starts[start] = &stmt.comments;
    owners.stops[stop] = &stmt.comments;
    for (size_t i = start; i <= stop; ++i) owners.innermost[i] = &stmt.comments;
    auto index_block = [&](P::BlockContext* block, Block& body, std::vector<std::string>* end) {
      auto stmts = block->stmt();
      for (size_t i = 0; i < stmts.size(); ++i) index_stmt(stmts[i], body[i], owners);
      owners.closes[block->getStop()->getTokenIndex()] = end;
    };
    if (auto* spawnStmt = dynamic_cast<P::SpawnStmtContext*>(ctx))
      index_block(spawnStmt->block(), std::get<Spawn>(stmt.node).body, &stmt.comments.body_end);
    else if (auto* whileStmt = dynamic_cast<P::WhileStmtContext*>(ctx))
      index_block(whileStmt->block(), std::get<While>(stmt.node).body, &stmt.comments.body_end);
    else if (auto* ifStmt = dynamic_cast<P::IfStmtContext*>(ctx)) {
      If& node = std::get<If>(stmt.node);
      index_block(ifStmt->then, node.then_body, &stmt.comments.body_end);
      if (ifStmt->otherwise)
        index_block(ifStmt->otherwise, *node.else_body, &stmt.comments.else_end);
    }
  }

  void attach_comments(P::ProgramContext* ctx, Program& program) {
    size_t n = tokens_.size();
    Owners owners{std::vector<Comments*>(n), std::vector<Comments*>(n),
                  std::vector<std::vector<std::string>*>(n), std::vector<Comments*>(n)};
    auto decls = ctx->decl();
    for (size_t i = 0; i < decls.size(); ++i) {
      size_t start = decls[i]->getStart()->getTokenIndex();
      size_t stop = decls[i]->getStop()->getTokenIndex();
      owners.starts[start] = owners.stops[stop] = &program.decls[i].comments;
      for (size_t k = start; k <= stop; ++k) owners.innermost[k] = &program.decls[i].comments;
    }
    auto procs = ctx->procDecl();
    for (size_t i = 0; i < procs.size(); ++i) {
      ProcDecl& proc = program.procs[i];
      size_t start = procs[i]->getStart()->getTokenIndex();
      size_t stop = procs[i]->getStop()->getTokenIndex();
      owners.starts[start] = owners.stops[stop] = &proc.comments;
      // The header's tokens belong to the procedure; its body's statements index themselves.
      for (size_t k = start; k <= stop; ++k) owners.innermost[k] = &proc.comments;
      auto body = procs[i]->block()->stmt();
      for (size_t k = 0; k < body.size(); ++k) index_stmt(body[k], proc.body[k], owners);
      owners.closes[procs[i]->block()->getStop()->getTokenIndex()] = &proc.comments.body_end;
    }
    auto stmts = ctx->stmt();
    for (size_t i = 0; i < stmts.size(); ++i) index_stmt(stmts[i], program.body[i], owners);

    const Token* previous = nullptr;   // last default-channel token seen
    std::vector<const Token*> pending; // comments waiting for the next default-channel token
    auto place_before = [&](const Token* next) {
      for (const Token* c : pending) {
        std::string text = c->getText();
        size_t k = next->getTokenIndex();
        if (next->getType() == Token::EOF)
          program.trailing_comments.push_back(text);
        else if (owners.starts[k])
          owners.starts[k]->leading.push_back(text);
        else if (owners.closes[k])
          owners.closes[k]->push_back(text);
        else if (owners.innermost[k])
          owners.innermost[k]->leading.push_back(text);
        else
          program.trailing_comments.push_back(text); // not reachable for parsed programs
      }
      pending.clear();
    };
    for (size_t i = 0; i < n; ++i) {
      const Token* tok = tokens_.get(i);
      bool is_comment = tok->getType() == P::LINE_COMMENT || tok->getType() == P::BLOCK_COMMENT;
      if (!is_comment) {
        if (tok->getChannel() != Token::DEFAULT_CHANNEL) continue;
        place_before(tok);
        previous = tok;
        continue;
      }
      bool same_line = previous && pending.empty() && previous->getLine() == tok->getLine();
      if (same_line) {
        size_t k = previous->getTokenIndex();
        Comments* owner = owners.stops[k];
        if (owner && !owner->trailing) {
          owner->trailing = tok->getText();
          continue;
        }
        if (!owner && owners.innermost[k] && !owners.closes[k]) {
          owners.innermost[k]->leading.push_back(tok->getText());
          continue;
        }
      }
      pending.push_back(tok);
    }
  }

  DiagnosticEngine& diags_;
  antlr4::CommonTokenStream& tokens_;
};

} // namespace

std::optional<Program> parse_program(const SourceFile& file, DiagnosticEngine& diags) {
  size_t bad = first_invalid_utf8(file.text());
  if (bad != std::string_view::npos) {
    SourceLoc at = loc_of_offset(file.text(), bad);
    diags.error({at, {at.line, at.col + 1}}, "invalid UTF-8 byte in source file");
    return std::nullopt;
  }
  try {
    antlr4::ANTLRInputStream input(file.text());
    RacelangLexer lexer(&input);
    lexer.removeErrorListeners(); // BAD_CHAR makes the lexer total; prescan reports it
    antlr4::CommonTokenStream tokens(&lexer);
    tokens.fill();
    if (!prescan_tokens(tokens.getTokens(), diags)) return std::nullopt;

    GuardedParser parser(&tokens);
    parser.removeErrorListeners();
    SyntaxErrorListener listener(diags, tokens);
    parser.addErrorListener(&listener);
    P::ProgramContext* tree = parser.program();
    if (parser.getNumberOfSyntaxErrors() > 0 || diags.has_errors()) return std::nullopt;

    size_t errors_before = diags.error_count();
    Program program = Builder(diags, tokens).build(tree);
    if (diags.error_count() > errors_before) return std::nullopt;
    return program;
  } catch (const TooDeep& e) {
    diags.error({e.at, {e.at.line, e.at.col + 1}},
                "too many nested syntax errors; parsing stopped here");
  } catch (const MalformedTree& e) {
    diags.error({}, "internal error: unexpected parse tree (" + e.what + ")");
  } catch (const std::exception& e) {
    diags.error({}, std::string("internal error while parsing: ") + e.what());
  }
  return std::nullopt;
}

} // namespace racelang
