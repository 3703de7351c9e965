// The interpreter's compiled form of a checked program: one flat instruction list per thread
// (thread bodies are static in racelang: each `spawn u` is the only code thread u ever runs),
// with `if`/`while` lowered to jumps and expressions and conditions lowered to a small postfix
// code with short-circuit jumps. Compiling once keeps each step of the machine cheap and keeps
// its state small (a program counter and a dense local array per thread), which exhaustive
// exploration and the property tests rely on. Instructions keep pointers into the AST only to
// name source positions and build error messages, so the Program must outlive the code.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "frontend/ast.h"
#include "frontend/ast_walk.h"
#include "frontend/check.h"

namespace racelang {

// Operations of the expression/condition code. Conditions evaluate to 0 or 1.
enum class ExprOp : uint8_t {
  Const, // push value
  Local, // push locals[slot]
  Add,
  Sub,
  Mul,
  Div, // node: the Binary, for the division-by-zero message
  Mod,
  Max,
  Min,
  Neg,
  Lt,
  Le,
  Gt,
  Ge,
  Eq,
  Ne,
  Not,
  AndJump, // top == 0: keep it and jump to `target`; else pop
  OrJump,  // top != 0: keep it and jump to `target`; else pop
};

struct ExprInstr {
  ExprOp op = ExprOp::Const;
  uint32_t arg = 0;           // Local: slot; AndJump/OrJump: absolute target in the pool
  int64_t value = 0;          // Const
  const Expr* node = nullptr; // Div/Mod: the Binary expression (messages)
};

// A compiled expression or condition: [begin, end) in the thread's expression pool.
struct ExprRef {
  uint32_t begin = 0;
  uint32_t end = 0;
};

// A shared location or lock operand: `x` (size 0) or `buf[e]` (size > 0, index expression).
struct LocRef {
  uint32_t first_cell = 0;
  uint32_t size = 0; // 0: scalar
  ExprRef index;
  const Location* node = nullptr;
};

enum class Op : uint8_t {
  Assign,      // locals[slot] := expr
  Load,        // locals[slot] := memory[loc]                          rd(t, x)
  Store,       // memory[loc] := expr                                  wr(t, x)
  Lock,        // blocks while memory[loc] != 0; then := t + 1         acq(t, m)
  Unlock,      // error unless memory[loc] == t + 1; then := 0         rel(t, m)
  Spawn,       // starts thread `target` (a thread index)              fork(t, u)
  Wait,        // blocks until thread `target` (index) has finished    join(t, u)
  Assert,      // expr is the condition
  JumpIfFalse, // expr is the condition; jump to `target` when it is 0
  Jump,        // to `target`
  Print,       // args: `arg_count` expressions from `args_begin` in the thread's arg table
  End,         // the thread has finished
  // The synchronisation of docs/language.md. A volatile load or store is a Load or Store with
  // Instr::volatile_access set (labels vrd/vwr instead of rd/wr).
  Cas,      // locals[slot] := v; if it equals arg 0, v := arg 1 (args: expected, desired)
            //                                                          vrd(t, v) [vwr(t, v)]
  FetchAdd, // locals[slot] := v; v := that + expr                      vrd(t, v) vwr(t, v)
  CondWait, // error unless loc2 (m) is held; releases it and parks on condition loc until
            // notified; the Lock of m that follows re-acquires it      rel(t, m) cwait(t, c)
  Notify,   // unparks the longest waiter on loc (target 1: every waiter)  notify(t, c)
  Await,    // arrives at barrier loc, which releases a phase of `target` threads: parks
            // until the phase fills; the filling arrival releases all  arr(t, b) [dep(u, b)...]
  Assume,   // expr is the condition; false parks the thread for good (a local step)
};

struct Instr {
  Op op = Op::End;
  uint32_t slot = 0;       // Assign, Load: destination local
  uint32_t target = 0;     // Jump, JumpIfFalse: instruction index; Spawn, Wait: thread index
  ExprRef expr;            // Assign, Store: value; Assert, JumpIfFalse: condition
  LocRef loc;              // Load, Store, Lock, Unlock; an Assert's race check: the access
  LocRef loc2;             // an Assert's race check: the cell holding the earlier access's site
  uint32_t args_begin = 0; // Print: its arguments; a race check: its site, then the earlier
                           // access's thread
  uint32_t arg_count = 0;
  const Stmt* stmt = nullptr;   // the source statement (nullptr only for End)
  SourceRange range;            // the statement's range (if/while: the whole statement)
  uint32_t group = 0;           // the statement's Stmt::group (bigger-step semantics); 0: none
  bool volatile_access = false; // Load, Store: of a volatile (synchronisation, never a race)
};

// True for the instructions that touch shared state, synchronise or print: the steps that
// are scheduling points. Everything else only reads and writes the thread's own locals.
inline bool is_visible(Op op) {
  switch (op) {
  case Op::Load:
  case Op::Store:
  case Op::Lock:
  case Op::Unlock:
  case Op::Spawn:
  case Op::Wait:
  case Op::Print:
  case Op::Cas:
  case Op::FetchAdd:
  case Op::CondWait:
  case Op::Notify:
  case Op::Await:
    return true;
  default:
    return false;
  }
}

struct ThreadCode {
  int64_t id = 0;            // the racelang thread id
  int64_t parent = -1;       // thread index of the spawning thread; -1 for main
  SourceRange spawn_range;   // empty for main
  std::vector<Instr> instrs; // ends with End
  std::vector<ExprInstr> exprs;
  std::vector<ExprRef> print_args;
  std::vector<uint32_t> locals; // slot -> index into ProgramInfo::locals
  SourceRange end_range;        // where the thread's code ends (for messages about finishing)
};

struct Code {
  const Program* program = nullptr;
  const ProgramInfo* info = nullptr;
  std::vector<ThreadCode> threads;  // threads[0] is main; in ProgramInfo::threads order
  std::vector<int32_t> index_of_id; // thread id -> index, -1 if no such thread
  uint32_t cell_count = 0;
  uint32_t max_eval_stack = 1; // deepest evaluation stack any expression needs
  AccessRanges access_ranges;  // the program's loads and stores, for race checks' reports

  int32_t thread_index(int64_t id) const {
    return id >= 0 && static_cast<size_t>(id) < index_of_id.size()
               ? index_of_id[static_cast<size_t>(id)]
               : -1;
  }
  // "v" for slot 2 of thread 1's locals.
  const std::string& local_name(uint32_t thread, uint32_t slot) const;
};

// Calls f(successor) for each control-flow successor of instruction pc.
template <typename F> void for_each_successor(const ThreadCode& tc, uint32_t pc, F&& f) {
  const Instr& in = tc.instrs[pc];
  switch (in.op) {
  case Op::End:
    return;
  case Op::Jump:
    f(in.target);
    return;
  case Op::JumpIfFalse:
    f(pc + 1);
    if (in.target != pc + 1) f(in.target);
    return;
  default:
    f(pc + 1);
    return;
  }
}

// Compiles a checked program. `program` and `info` must outlive the result.
Code compile_program(const Program& program, const ProgramInfo& info);

} // namespace racelang
