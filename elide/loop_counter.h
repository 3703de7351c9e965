// The counter of a counted loop `while (i < H) { ...; i := i + k; }`: the one statement shape
// that both range coalescing (range_loops.h, which replays every index and so wants k = 1) and
// the interval analysis of index ranges (index_ranges.h, any k >= 1 keeps the counter in
// [start, H - 1] in the body) recognise as the loop's increment.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "frontend/ast.h"

namespace racelang::elide {

// k when `s` is `counter := counter + k` or `counter := k + counter` for an integer literal k;
// nullopt for any other statement.
std::optional<int64_t> increment_step(const Stmt& s, const std::string& counter);

} // namespace racelang::elide
