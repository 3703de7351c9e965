// Procedures (`proc f(a, b) { ... }`, called as `f(e1, e2);` or spawned as `spawn 3 f(1, 2);`)
// exist only in the surface program: expand_procedures() checks the declarations and calls and
// replaces every call by a copy of the procedure's body, so the checker and every later stage
// (instrumentation, interpreter, JIT, emit-c) see the language they always saw. That is why
// thread ids can stay literals and the instrumentation keeps one code path per thread: a
// procedure spawned as three threads is three copies, exactly as if written by hand.
//
// The rules (docs/language.md "Procedures"):
//  - parameters are passed by value and, with every other local of the body, belong to the
//    procedure: in a call statement they are renamed `f__name` (with a numeric suffix if that
//    name is taken), a local that the body may read before assigning it is reset to 0 at every
//    call, and the parameters are assigned the arguments' values in order;
//  - a spawned call's body is the new thread's code with the parameters as its first
//    assignments, so its arguments must be constants: a new thread starts with none of its
//    parent's locals (the paper's fork rule), and there is no other way to evaluate them;
//  - no recursion (directly or through other procedures), so every thread's code is finite;
//  - a procedure that is never called gets a warning; its body is not checked further.
#pragma once

#include "frontend/ast.h"
#include "frontend/diagnostics.h"

namespace racelang {

// Deliberately wrong expansions, only for the tests that must catch them: arguments handed to
// the wrong parameters (each to the next one), and a body's locals left in the caller's names.
enum class ExpansionFault { None, ArgumentsRotated, LocalsShared };

// Reports every error in the procedures and calls of `program`; if there is none, expands
// every call and removes the procedures, and returns true. A program without procedures is
// left as it is.
bool expand_procedures(Program& program, DiagnosticEngine& diags,
                       ExpansionFault fault = ExpansionFault::None);

} // namespace racelang
