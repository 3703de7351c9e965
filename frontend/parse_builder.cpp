// Parse-tree contexts to AST nodes, one kind of context a function (parse_builder.h).
#include "frontend/parse_builder.h"

#include <charconv>

namespace racelang::parse_detail {

int64_t Builder::integer(Token* tok) {
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

Decl Builder::build_decl(P::DeclContext* ctx) {
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

std::vector<Expr> Builder::build_args(P::ArgsContext* ctx) {
  std::vector<Expr> args;
  if (ctx)
    for (auto* e : ctx->expr()) args.push_back(build_expr(need(e)));
  return args;
}

Location Builder::build_location(P::LocationContext* ctx) {
  Location loc;
  loc.name = need(ctx->name)->getText();
  if (ctx->index) loc.index = build_expr(ctx->index);
  loc.range = ctx_range(ctx);
  return loc;
}

Stmt Builder::build_stmt(P::StmtContext* ctx) {
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
    Stmt call{Call{spawnCall->callee->getText(), build_args(spawnCall->args())}, call_range, {}, 0};
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
    stmt.node = Sync{Cas{need(casStmt->name)->getText(), build_location(need(casStmt->location())),
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

AccessKind Builder::access_kind(Token* tok) {
  const std::string& text = need(tok)->getText();
  if (text == "read") return AccessKind::Read;
  if (text == "write") return AccessKind::Write;
  diags_.error(token_range(tok), "expected 'read' or 'write', not '" + text + "'");
  return AccessKind::Read;
}

RaceCheck Builder::build_race_check(P::RaceCheckContext* ctx) {
  RaceCheck check;
  check.kind = access_kind(ctx->kind);
  check.loc = build_location(need(ctx->location(0)));
  check.site = build_expr(need(ctx->site));
  check.prev_kind = access_kind(ctx->prevKind);
  check.prev_thread = build_expr(need(ctx->prevThread));
  check.prev_site = build_location(need(ctx->prevSite));
  return check;
}

BinaryOp Builder::binary_op(const std::string& text) {
  if (text == "+") return BinaryOp::Add;
  if (text == "-") return BinaryOp::Sub;
  if (text == "*") return BinaryOp::Mul;
  if (text == "/") return BinaryOp::Div;
  if (text == "%") return BinaryOp::Mod;
  if (text == "max") return BinaryOp::Max;
  if (text == "min") return BinaryOp::Min;
  throw MalformedTree{"unknown operator " + text};
}

Expr Builder::build_expr(P::ExprContext* ctx) {
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

Cond Builder::build_cond(P::CondContext* ctx) {
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

} // namespace racelang::parse_detail
