// The fixed part of every emitted C file: includes, the lock and thread records, wrapping
// arithmetic, spawn/wait/finish, conditions and barriers, and the failure path. Internal to emitc/
// (emit_c.cpp places it at the top of its output); emitc/README.md explains the choices.
#pragma once

namespace racelang::emitc {

// C source text, ending with a newline.
const char* c_runtime_prelude();

} // namespace racelang::emitc
