// Which locals an expression or condition reads, in order of first appearance. Every backend
// names these locals with their values when a statement fails ("a / b with a = 1, b = 0"),
// and the messages must match word for word across the interpreter, the JIT and emitted C,
// so the order is defined once, here.
#pragma once

#include <string>
#include <vector>

#include "frontend/ast.h"

namespace racelang {

// Appends the locals `e` (or `c`) reads that are not in `out` yet, left to right.
void collect_locals(const Expr& e, std::vector<std::string>& out);
void collect_locals(const Cond& c, std::vector<std::string>& out);

} // namespace racelang
