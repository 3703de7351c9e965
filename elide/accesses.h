// The shared accesses of a program, each with the thread whose code holds it. Both analyses
// start from this list: the thread-local analysis counts which threads touch each cell, and
// the plan gives every entry a decision. Threads are the language's: the main body is thread
// 0 and `spawn u { body }` makes `body` (without the bodies of spawns nested in it) thread u.
#pragma once

#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "frontend/ast.h"
#include "frontend/check.h"

namespace racelang::elide {

// One load or store statement of a shared location. Lock and unlock locations are mutexes,
// volatiles synchronisation: neither is an access here.
struct Access {
  const Stmt* stmt = nullptr;
  const Location* loc = nullptr;
  AccessKind kind = AccessKind::Read;
  int64_t thread = 0;
};

// Every load and store of `program`, in every thread, in source order, except those of
// volatile variables: those are synchronisation, never data races, and need no check.
std::vector<Access> program_accesses(const Program& program, const ProgramInfo& info);

// The `spawn` statements of `program`, nested ones included, in source order: each body is one
// thread's code.
std::vector<const Spawn*> program_spawns(const Program& program, const ProgramInfo& info);

// For every statement of main's own code (the program's body and the bodies of its ifs and
// whiles, not spawn bodies), the index of the top-level statement of main that holds it: main's
// phases (before its first spawn, between its waits and spawns) are decided at top level.
std::unordered_map<const Stmt*, size_t> main_top_level_of(const Program& program);

// Whether a load or store of `loc` accesses a volatile variable (`info` is the check result).
bool is_volatile_access(const Location& loc, const ProgramInfo& info);

} // namespace racelang::elide
