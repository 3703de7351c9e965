// Canonical texts, templates and min/max pairs of lock indices (symbolic_locks.h).
#include "elide/symbolic_locks.h"

namespace racelang::elide {
namespace {

// The canonical text of `e` with `hole` (if any) written as `□`; nothing if a local is read
// outside the hole while `hole` is given.
std::optional<std::string> text(const Expr& e, const Expr* hole) {
  if (hole && e == *hole) return std::string("□");
  if (const auto* lit = std::get_if<IntLit>(&e.node)) return std::to_string(lit->value);
  if (const auto* ref = std::get_if<LocalRef>(&e.node)) {
    if (hole) return std::nullopt;
    return ref->name;
  }
  if (const auto* neg = std::get_if<Negate>(&e.node)) {
    auto operand = text(*neg->operand, hole);
    if (!operand) return std::nullopt;
    return "(-" + *operand + ")";
  }
  const auto& b = std::get<Binary>(e.node);
  auto lhs = text(*b.lhs, hole);
  auto rhs = text(*b.rhs, hole);
  if (!lhs || !rhs) return std::nullopt;
  return "(" + *lhs + " " + racelang::spelling(b.op) + " " + *rhs + ")";
}

const Binary* as(const Expr& e, BinaryOp op) {
  const auto* b = std::get_if<Binary>(&e.node);
  return b && b->op == op ? b : nullptr;
}

} // namespace

std::string canonical_text(const Expr& e) {
  return *text(e, nullptr);
}

std::optional<std::string> index_template(const Expr& lock_index, const Expr& access_index) {
  return text(lock_index, &access_index);
}

std::vector<const Expr*> covered_indices(const std::vector<const Expr*>& indices) {
  std::vector<const Expr*> out = indices;
  for (const Expr* low : indices)
    if (const Binary* min = as(*low, BinaryOp::Min))
      for (const Expr* high : indices)
        if (const Binary* max = as(*high, BinaryOp::Max)) {
          bool same = *min->lhs == *max->lhs && *min->rhs == *max->rhs;
          bool swapped = *min->lhs == *max->rhs && *min->rhs == *max->lhs;
          if (same || swapped) {
            out.push_back(&*min->lhs);
            out.push_back(&*min->rhs);
          }
        }
  return out;
}

} // namespace racelang::elide
