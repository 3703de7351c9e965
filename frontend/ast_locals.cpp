// The walk behind collect_locals (see ast_locals.h).
#include "frontend/ast_locals.h"

#include <algorithm>
#include <variant>

namespace racelang {
void collect_locals(const Expr& e, std::vector<std::string>& out) {
  std::visit(Overloaded{
                 [&](const IntLit&) {},
                 [&](const LocalRef& r) {
                   if (std::find(out.begin(), out.end(), r.name) == out.end())
                     out.push_back(r.name);
                 },
                 [&](const Binary& b) {
                   collect_locals(*b.lhs, out);
                   collect_locals(*b.rhs, out);
                 },
                 [&](const Negate& n) { collect_locals(*n.operand, out); },
             },
             e.node);
}

void collect_locals(const Cond& c, std::vector<std::string>& out) {
  std::visit(Overloaded{
                 [&](const Compare& cmp) {
                   collect_locals(cmp.lhs, out);
                   collect_locals(cmp.rhs, out);
                 },
                 [&](const Logical& l) {
                   collect_locals(*l.lhs, out);
                   collect_locals(*l.rhs, out);
                 },
                 [&](const Not& n) { collect_locals(*n.operand, out); },
             },
             c.node);
}

} // namespace racelang
