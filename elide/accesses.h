// The shared accesses of a program, each with the thread whose code holds it. Both analyses
// start from this list: the thread-local analysis counts which threads touch each cell, and
// the plan gives every entry a decision. Threads are the language's: the main body is thread
// 0 and `spawn u { body }` makes `body` (without the bodies of spawns nested in it) thread u.
#pragma once

#include <cstdint>
#include <vector>

#include "frontend/ast.h"

namespace racelang::elide {

// One load or store statement. Lock and unlock locations are mutexes, not accesses.
struct Access {
  const Stmt* stmt = nullptr;
  const Location* loc = nullptr;
  AccessKind kind = AccessKind::Read;
  int64_t thread = 0;
};

// Every load and store of `program`, in every thread, in source order.
std::vector<Access> program_accesses(const Program& program);

// The `spawn` statements of `program`, nested ones included, in source order: each body is one
// thread's code.
std::vector<const Spawn*> program_spawns(const Program& program);

} // namespace racelang::elide
