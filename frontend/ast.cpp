// Node constructors and operator spellings for the AST.
#include "frontend/ast.h"

namespace racelang {

Expr make_int(int64_t value, SourceRange range) { return Expr{IntLit{value}, range}; }
Expr make_local(std::string name, SourceRange range) {
  return Expr{LocalRef{std::move(name)}, range};
}
Expr make_binary(BinaryOp op, Expr lhs, Expr rhs, SourceRange range) {
  return Expr{Binary{op, std::move(lhs), std::move(rhs)}, range};
}
Expr make_negate(Expr operand, SourceRange range) { return Expr{Negate{std::move(operand)}, range}; }
Cond make_compare(CompareOp op, Expr lhs, Expr rhs, SourceRange range) {
  return Cond{Compare{op, std::move(lhs), std::move(rhs)}, range};
}
Cond make_logical(LogicOp op, Cond lhs, Cond rhs, SourceRange range) {
  return Cond{Logical{op, std::move(lhs), std::move(rhs)}, range};
}
Cond make_not(Cond operand, SourceRange range) { return Cond{Not{std::move(operand)}, range}; }

const char* spelling(BinaryOp op) {
  switch (op) {
  case BinaryOp::Add: return "+";
  case BinaryOp::Sub: return "-";
  case BinaryOp::Mul: return "*";
  case BinaryOp::Div: return "/";
  case BinaryOp::Mod: return "%";
  case BinaryOp::Max: return "max";
  case BinaryOp::Min: return "min";
  }
  return "?";
}

const char* spelling(CompareOp op) {
  switch (op) {
  case CompareOp::Le: return "<=";
  case CompareOp::Lt: return "<";
  case CompareOp::Ge: return ">=";
  case CompareOp::Gt: return ">";
  case CompareOp::Eq: return "==";
  case CompareOp::Ne: return "!=";
  }
  return "?";
}

const char* spelling(LogicOp op) { return op == LogicOp::And ? "&&" : "||"; }
const char* spelling(AccessKind kind) { return kind == AccessKind::Read ? "read" : "write"; }
const char* spelling(DeclKind kind) {
  switch (kind) {
  case DeclKind::Shared: return "shared";
  case DeclKind::Mutex: return "mutex";
  case DeclKind::Volatile: return "volatile";
  case DeclKind::Condition: return "condition";
  case DeclKind::Barrier: return "barrier";
  }
  return "?";
}

} // namespace racelang
