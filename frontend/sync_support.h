// Which backends run the synchronisation of docs/language.md's "Volatiles, conditions,
// barriers" (volatile variables, cas, fetch_add, condition variables, barriers, assume). The
// frontend (check, fmt), the interpreter (run, explore, test), emit-c, the JIT and the
// instrumentation passes (instrument, emit-c --detector, racelang FILE; their one precondition
// is find_uninstrumentable_sync in instrument/instrument.h) have all of it; predict and
// `run --trace` do not yet. Each of those refuses such a program before it sees it, through
// this one check, with a diagnostic at the first construct it does not support.
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

// "volatile variables are not supported by predict yet (...)": `backend` names the command.
std::string interpreter_only_message(const SyncUse& use, const std::string& backend);

} // namespace racelang
