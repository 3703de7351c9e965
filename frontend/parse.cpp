// The ANTLR adapter's entry point: parse_program, and the loop that parses one item (a
// statement, a declaration, a compound statement's header, a '}') at a time with the open
// blocks on a stack, freeing each item's parse tree and tokens once its AST is built (ANTLR
// 4.9 frees parse-tree nodes only all at once, and its token streams keep every token). Its
// pieces are the parse_*.h files next to it: the input (parse_input.h), the token window and
// prescan (parse_token_window.h), syntax errors (parse_errors.h) and the builder from contexts
// to AST nodes (parse_builder.h). Only these files (and the generated code they include) see
// ANTLR; everything else in racelang works on frontend/ast.h.
#include "frontend/parse.h"

#include <algorithm>

#include "RacelangLexer.h"
#include "RacelangParser.h"
#include "antlr4-runtime.h"
#include "frontend/block_builder.h"
#include "frontend/comment_placement.h"
#include "frontend/parse_builder.h"
#include "frontend/parse_errors.h"
#include "frontend/parse_input.h"
#include "frontend/parse_token_window.h"
#include "frontend/parse_tokens.h"

namespace racelang {

using namespace parse_detail;

namespace {

// Thrown by the driver after kMaxSyntaxErrors: every bad item costs a diagnostic, and hostile
// input (`spawn 1 {)` repeated) can have one every few bytes.
constexpr size_t kMaxSyntaxErrors = 1000;
struct TooManyErrors {
  SourceLoc at;
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
