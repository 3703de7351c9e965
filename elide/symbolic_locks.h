// Locks named by a computed index, as decision 4's lockset follows them (elide/README.md,
// "Decision 4", "Guarded by a lock of the cell"). `lock stripe[k % 8]` holds the element whose
// index `k % 8` had when the lock was taken; as long as the thread assigns no local the index
// reads, the expression still names that element. An access `table[k]` made then holds the
// lock `stripe[T(c)]` of its cell c = k, for the template T(□) = □ % 8: the lock index with the
// access index cut out of it, a function of the cell alone. When every access of an array
// outside main's exclusive phases holds a lock `L[T(c)]` of its cell c, for one lock array L and
// one template T, two accesses of one cell hold one lock, which orders them, as one lock orders
// the accesses of a scalar. This file holds the expression side of that: the canonical text of
// an index, its template with respect to an access index, and the cells a pair of locks taken
// in index order (`min(a, b)`, then `max(a, b)`) covers.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "frontend/ast.h"

namespace racelang::elide {

// `e` fully parenthesised, with every operator spelt apart: two expressions with the same text
// are the same expression (frontend's Expr equality), which the lockset's keys rely on.
std::string canonical_text(const Expr& e);

// The template of `lock_index` with respect to `access_index`: its canonical text with every
// occurrence of `access_index` replaced by `□`, if what is left reads no local (a function of
// the access index's value alone, such as `□`, `(□ % 8)`); nothing otherwise.
std::optional<std::string> index_template(const Expr& lock_index, const Expr& access_index);

// The indices the held elements `indices` of one lock array name, with `a` and `b` added for
// every pair `min(a, b)`, `max(a, b)` among them (either operand order): the two elements are
// those of a and b, whichever is smaller.
std::vector<const Expr*> covered_indices(const std::vector<const Expr*>& indices);

} // namespace racelang::elide
