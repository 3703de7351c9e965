// The increment of a counted loop's counter (loop_counter.h).
#include "elide/loop_counter.h"

namespace racelang::elide {

std::optional<int64_t> increment_step(const Stmt& s, const std::string& counter) {
  const auto* assign = std::get_if<Assign>(&s.node);
  if (!assign || assign->local != counter) return std::nullopt;
  const auto* sum = std::get_if<Binary>(&assign->value.node);
  if (!sum || sum->op != BinaryOp::Add) return std::nullopt;
  auto is_counter = [&](const Expr& e) {
    const auto* ref = std::get_if<LocalRef>(&e.node);
    return ref && ref->name == counter;
  };
  const auto* lhs = std::get_if<IntLit>(&sum->lhs->node);
  const auto* rhs = std::get_if<IntLit>(&sum->rhs->node);
  if (is_counter(*sum->lhs) && rhs) return rhs->value;
  if (lhs && is_counter(*sum->rhs)) return lhs->value;
  return std::nullopt;
}

} // namespace racelang::elide
