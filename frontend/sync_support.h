// Which backends run the synchronisation of docs/language.md's "Volatiles, conditions,
// barriers" (volatile variables, cas, fetch_add, condition variables, barriers, assume). The
// frontend (check, fmt), the interpreter (run, explore, test), emit-c and the instrumentation
// passes (instrument, emit-c --detector; their one precondition is
// find_uninstrumentable_sync in instrument/instrument.h) have all of it; the JIT, predict and
// `run --trace` do not yet. Each of those refuses such a program before it sees it, through
// this one check, with a diagnostic at the first construct it does not support; their
// statement visitors then treat a Sync statement as unreachable (unsupported_sync_statement).
#pragma once

#include <optional>
#include <string>

#include "frontend/ast.h"
#include "frontend/check.h"

namespace racelang {

struct SyncUse {
  SourceRange range; // the first statement (or else declaration) that uses it
  std::string what;  // "volatile variables", "barriers", "'assume' statements", ...
};

// The first use of that synchronisation, in source order (a
// statement of any thread; a declaration only when no statement uses it), if any.
std::optional<SyncUse> find_interpreter_only_sync(const Program& program, const ProgramInfo& info);

// "volatile variables are not supported by the JIT yet (...)": `backend` is "the JIT",
// "emit-c", "the instrumentation passes", "the interpreter", ...
std::string interpreter_only_message(const SyncUse& use, const std::string& backend);

// For the statement visitors of the backends that refuse these programs first: throws a
// std::logic_error naming the backend (a caller that skipped find_interpreter_only_sync).
[[noreturn]] void unsupported_sync_statement(const char* backend);

} // namespace racelang
