// Folding an array index that mentions no locals into its value, the way every backend would
// compute it at run time (64-bit wrapping arithmetic, C's truncating `/` and `%`,
// INT64_MIN / -1 == INT64_MIN, INT64_MIN % -1 == 0; docs/language.md). The thread-local
// analysis needs it to tell which cell a constant-index access touches: `a[2 * 3 - 1]` is cell
// 5 of `a`, for every thread, on every run.
#pragma once

#include <cstdint>
#include <optional>

#include "frontend/ast.h"

namespace racelang::elide {

// The value of `e` if it reads no locals and evaluates without error; nothing otherwise (an
// expression that would fail at run time, dividing by zero, say, touches no cell we can name).
std::optional<int64_t> fold_constant(const Expr& e);

} // namespace racelang::elide
