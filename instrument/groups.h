// Instruction groups through printed source. The pass gives every statement it emits a
// Stmt::group, shared by a source instruction and its instrumentation, which the bigger-step
// semantics (Figure 11; `racelang run --bigger-step`) runs as one atomic step. Groups are not
// part of the language, so printing would lose them: the pass also writes a marker comment
// `// @group(N) <instruction>` before the first statement of every group of N > 1 statements,
// and restore_groups() turns the markers of a parsed program back into Stmt::group.
#pragma once

#include <cstddef>
#include <string>

#include "frontend/ast.h"

namespace racelang {

// The marker comment for a group of `statements` statements instrumenting `what`.
std::string group_marker(size_t statements, const std::string& what);

// Sets Stmt::group from the markers: the N statements of a block from a marked one on (with
// every statement nested in them, except the bodies of spawns, which are other threads' code)
// form one group; every other statement gets group 0. A marker counting past the end of its
// block covers the rest of the block. Returns the number of groups.
size_t restore_groups(Program& program);

} // namespace racelang
