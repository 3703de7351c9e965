// The typed builder (internal to frontend/): one item's parse-tree contexts to our AST nodes,
// with source ranges. It reports what the grammar accepts but racelang does not (an integer
// literal past 64 bits, a race clause's access kind) and throws MalformedTree on a tree the
// grammar cannot produce.
#pragma once

#include <vector>

#include "frontend/ast.h"
#include "frontend/parse_tokens.h"

namespace racelang::parse_detail {

class Builder {
public:
  explicit Builder(HeldErrors& errors) : diags_(errors) {}

  template <typename T> T* need(T* node) {
    if (!node) throw MalformedTree{"missing node"};
    return node;
  }

  // Parses an integer literal token; reports literals that do not fit in 64 bits.
  int64_t integer(Token* tok);
  Decl build_decl(P::DeclContext* ctx);
  Stmt build_stmt(P::StmtContext* ctx);

private:
  std::vector<Expr> build_args(P::ArgsContext* ctx);
  Location build_location(P::LocationContext* ctx);
  AccessKind access_kind(Token* tok);
  RaceCheck build_race_check(P::RaceCheckContext* ctx);
  BinaryOp binary_op(const std::string& text);
  Expr build_expr(P::ExprContext* ctx);
  Cond build_cond(P::CondContext* ctx);

  HeldErrors& diags_;
};

} // namespace racelang::parse_detail
