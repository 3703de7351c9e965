// fold_constant: evaluates a local-free expression with the language's arithmetic. The
// arithmetic is done in uint64_t so that overflow wraps without undefined behaviour, exactly as
// the interpreter does it (interp/machine.cpp); a fold that disagreed with run time would name
// the wrong cell and could call a shared cell thread-local.
#include "elide/constant_index.h"

#include <algorithm>
#include <limits>

namespace racelang::elide {
namespace {

constexpr int64_t kMin = std::numeric_limits<int64_t>::min();

int64_t wrap(uint64_t v) {
  return static_cast<int64_t>(v);
}

std::optional<int64_t> apply(BinaryOp op, int64_t a, int64_t b) {
  uint64_t ua = static_cast<uint64_t>(a);
  uint64_t ub = static_cast<uint64_t>(b);
  switch (op) {
  case BinaryOp::Add:
    return wrap(ua + ub);
  case BinaryOp::Sub:
    return wrap(ua - ub);
  case BinaryOp::Mul:
    return wrap(ua * ub);
  case BinaryOp::Div:
    if (b == 0) return std::nullopt; // a runtime error: no cell is touched
    if (a == kMin && b == -1) return kMin;
    return a / b;
  case BinaryOp::Mod:
    if (b == 0) return std::nullopt;
    if (a == kMin && b == -1) return 0;
    return a % b;
  case BinaryOp::Max:
    return std::max(a, b);
  case BinaryOp::Min:
    return std::min(a, b);
  }
  return std::nullopt;
}

} // namespace

std::optional<int64_t> fold_constant(const Expr& e) {
  return std::visit(Overloaded{
                        [](const IntLit& lit) -> std::optional<int64_t> { return lit.value; },
                        [](const LocalRef&) -> std::optional<int64_t> { return std::nullopt; },
                        [](const Binary& b) -> std::optional<int64_t> {
                          std::optional<int64_t> lhs = fold_constant(*b.lhs);
                          std::optional<int64_t> rhs = fold_constant(*b.rhs);
                          if (!lhs || !rhs) return std::nullopt;
                          return apply(b.op, *lhs, *rhs);
                        },
                        [](const Negate& n) -> std::optional<int64_t> {
                          std::optional<int64_t> v = fold_constant(*n.operand);
                          if (!v) return std::nullopt;
                          return wrap(0 - static_cast<uint64_t>(*v));
                        },
                    },
                    e.node);
}

} // namespace racelang::elide
