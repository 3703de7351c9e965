// Lowering a checked AST to the interpreter's per-thread instruction lists (see code.h). The
// compiler trusts the checker: every name has one role, arrays are indexed and scalars are not,
// every spawned and waited-for thread id exists. Recursion here follows the AST, whose depth the
// parser bounds (kMaxNestingDepth, kMaxOperatorsPerStatement).
#include "interp/code.h"
#include "frontend/ast_walk.h"

#include <algorithm>
#include <unordered_map>

namespace racelang {
namespace {

class ThreadCompiler {
public:
  ThreadCompiler(const Code& code, ThreadCode& out) : code_(code), out_(out) {}

  void compile_body(const Block& body) {
    compile_block(body);
    Instr end;
    end.op = Op::End;
    if (!out_.instrs.empty())
      end.range = {out_.instrs.back().range.end, out_.instrs.back().range.end};
    out_.instrs.push_back(end);
  }

  uint32_t max_stack() const { return max_stack_; }

private:
  uint32_t slot(const std::string& name) {
    auto [it, inserted] = slots_.try_emplace(name, static_cast<uint32_t>(out_.locals.size()));
    if (inserted) {
      auto global = code_.info->find_local(name);
      out_.locals.push_back(global.value_or(0));
    }
    return it->second;
  }

  uint32_t here() const { return static_cast<uint32_t>(out_.instrs.size()); }

  // Emits the code of `e`; `depth` is the stack depth before it, for max_stack_.
  void emit_expr(const Expr& e, uint32_t depth) {
    max_stack_ = std::max(max_stack_, depth + 1);
    std::visit(Overloaded{
                   [&](const IntLit& lit) {
                     push({ExprOp::Const, 0, lit.value, nullptr});
                   },
                   [&](const LocalRef& ref) {
                     push({ExprOp::Local, slot(ref.name), 0, nullptr});
                   },
                   [&](const Binary& b) {
                     emit_expr(*b.lhs, depth);
                     emit_expr(*b.rhs, depth + 1);
                     push({binary_op(b.op), 0, 0, &e});
                   },
                   [&](const Negate& n) {
                     emit_expr(*n.operand, depth);
                     push({ExprOp::Neg, 0, 0, nullptr});
                   },
               },
               e.node);
  }

  void emit_cond(const Cond& c, uint32_t depth) {
    max_stack_ = std::max(max_stack_, depth + 1);
    std::visit(Overloaded{
                   [&](const Compare& cmp) {
                     emit_expr(cmp.lhs, depth);
                     emit_expr(cmp.rhs, depth + 1);
                     push({compare_op(cmp.op), 0, 0, nullptr});
                   },
                   [&](const Logical& l) {
                     emit_cond(*l.lhs, depth);
                     size_t jump = out_.exprs.size();
                     push({l.op == LogicOp::And ? ExprOp::AndJump : ExprOp::OrJump, 0, 0, nullptr});
                     emit_cond(*l.rhs, depth);
                     out_.exprs[jump].arg = static_cast<uint32_t>(out_.exprs.size());
                   },
                   [&](const Not& n) {
                     emit_cond(*n.operand, depth);
                     push({ExprOp::Not, 0, 0, nullptr});
                   },
               },
               c.node);
  }

  ExprRef expr(const Expr& e) {
    ExprRef ref{static_cast<uint32_t>(out_.exprs.size()), 0};
    emit_expr(e, 0);
    ref.end = static_cast<uint32_t>(out_.exprs.size());
    return ref;
  }

  ExprRef cond(const Cond& c) {
    ExprRef ref{static_cast<uint32_t>(out_.exprs.size()), 0};
    emit_cond(c, 0);
    ref.end = static_cast<uint32_t>(out_.exprs.size());
    return ref;
  }

  LocRef location(const Location& loc) {
    LocRef ref;
    ref.node = &loc;
    if (const Symbol* sym = code_.info->find_symbol(loc.name)) {
      ref.first_cell = sym->first_cell;
      ref.size = sym->array_size ? sym->cell_count : 0;
    }
    if (loc.index) ref.index = expr(*loc.index);
    return ref;
  }

  void push(ExprInstr instr) { out_.exprs.push_back(instr); }

  Instr& emit(Op op, const Stmt& s) {
    Instr instr;
    instr.op = op;
    instr.stmt = &s;
    instr.range = s.range;
    instr.group = s.group;
    out_.instrs.push_back(instr);
    return out_.instrs.back();
  }

  void compile_block(const Block& block) {
    for (const Stmt& s : block) compile_stmt(s);
  }

  void compile_stmt(const Stmt& s) {
    visit_stmt(s, Overloaded{
                      [&](const Assign& a) {
                        ExprRef value = expr(a.value);
                        Instr& i = emit(Op::Assign, s);
                        i.slot = slot(a.local);
                        i.expr = value;
                      },
                      [&](const Load& l) {
                        LocRef loc = location(l.loc);
                        Instr& i = emit(Op::Load, s);
                        i.slot = slot(l.local);
                        i.loc = loc;
                        i.volatile_access = is_volatile(l.loc);
                      },
                      [&](const Store& st) {
                        ExprRef value = expr(st.value);
                        LocRef loc = location(st.loc);
                        Instr& i = emit(Op::Store, s);
                        i.expr = value;
                        i.loc = loc;
                        i.volatile_access = is_volatile(st.loc);
                      },
                      [&](const LockStmt& l) {
                        LocRef loc = location(l.lock);
                        emit(Op::Lock, s).loc = loc;
                      },
                      [&](const UnlockStmt& l) {
                        LocRef loc = location(l.lock);
                        emit(Op::Unlock, s).loc = loc;
                      },
                      [&](const Spawn& sp) {
                        emit(Op::Spawn, s).target =
                            static_cast<uint32_t>(code_.thread_index(sp.thread));
                      },
                      [&](const Wait& w) {
                        emit(Op::Wait, s).target =
                            static_cast<uint32_t>(code_.thread_index(w.thread));
                      },
                      [&](const Assert& a) {
                        ExprRef c = cond(a.cond);
                        if (!a.race) {
                          emit(Op::Assert, s).expr = c;
                          return;
                        }
                        LocRef loc = location(a.race->loc);
                        LocRef prev = location(a.race->prev_site);
                        ExprRef site = expr(a.race->site);
                        ExprRef prev_thread = expr(a.race->prev_thread);
                        Instr& i = emit(Op::Assert, s);
                        i.expr = c;
                        i.loc = loc;
                        i.loc2 = prev;
                        i.args_begin = static_cast<uint32_t>(out_.print_args.size());
                        i.arg_count = 2;
                        out_.print_args.push_back(site);
                        out_.print_args.push_back(prev_thread);
                      },
                      [&](const If& i) {
                        ExprRef c = cond(i.cond);
                        uint32_t branch = here();
                        emit(Op::JumpIfFalse, s).expr = c;
                        compile_block(i.then_body);
                        if (i.else_body) {
                          uint32_t skip = here();
                          emit(Op::Jump, s);
                          out_.instrs[branch].target = here();
                          compile_block(*i.else_body);
                          out_.instrs[skip].target = here();
                        } else {
                          out_.instrs[branch].target = here();
                        }
                      },
                      [&](const While& w) {
                        uint32_t top = here();
                        ExprRef c = cond(w.cond);
                        uint32_t branch = here();
                        emit(Op::JumpIfFalse, s).expr = c;
                        compile_block(w.body);
                        emit(Op::Jump, s).target = top;
                        out_.instrs[branch].target = here();
                      },
                      [&](const Print& p) {
                        std::vector<ExprRef> args;
                        for (const Expr& e : p.args) args.push_back(expr(e));
                        Instr& i = emit(Op::Print, s);
                        i.args_begin = static_cast<uint32_t>(out_.print_args.size());
                        i.arg_count = static_cast<uint32_t>(args.size());
                        out_.print_args.insert(out_.print_args.end(), args.begin(), args.end());
                      },
                      [&](const Call& c) { unexpanded_call(c); },
                      [&](const Sync& sync) { compile_sync(sync, s); },
                  });
  }

  bool is_volatile(const Location& loc) const {
    const Symbol* sym = code_.info->find_symbol(loc.name);
    return sym && sym->kind == SymbolKind::Volatile;
  }

  void compile_sync(const Sync& sync, const Stmt& s) {
    std::visit(Overloaded{
                   [&](const Cas& c) {
                     ExprRef expected = expr(c.expected);
                     ExprRef desired = expr(c.desired);
                     LocRef loc = location(c.loc);
                     Instr& i = emit(Op::Cas, s);
                     i.slot = slot(c.local);
                     i.loc = loc;
                     i.args_begin = static_cast<uint32_t>(out_.print_args.size());
                     i.arg_count = 2;
                     out_.print_args.push_back(expected);
                     out_.print_args.push_back(desired);
                   },
                   [&](const FetchAdd& f) {
                     ExprRef delta = expr(f.delta);
                     LocRef loc = location(f.loc);
                     Instr& i = emit(Op::FetchAdd, s);
                     i.slot = slot(f.local);
                     i.loc = loc;
                     i.expr = delta;
                   },
                   [&](const CondWait& w) {
                     LocRef cond = location(w.cond);
                     LocRef mutex = location(w.mutex);
                     Instr& i = emit(Op::CondWait, s);
                     i.loc = cond;
                     i.loc2 = mutex;
                     // Re-acquiring m after the wake-up is an ordinary lock: it blocks while
                     // another thread holds m, and a deadlock there is reported as one.
                     LocRef again = location(w.mutex);
                     emit(Op::Lock, s).loc = again;
                   },
                   [&](const Notify& n) {
                     LocRef cond = location(n.cond);
                     Instr& i = emit(Op::Notify, s);
                     i.loc = cond;
                     i.target = n.all ? 1 : 0;
                   },
                   [&](const Await& a) {
                     LocRef barrier = location(a.barrier);
                     const Symbol* sym = code_.info->find_symbol(a.barrier.name);
                     Instr& i = emit(Op::Await, s);
                     i.loc = barrier;
                     i.target = sym ? static_cast<uint32_t>(sym->barrier_count) : 1;
                   },
                   [&](const Assume& a) { emit(Op::Assume, s).expr = cond(a.cond); },
               },
               sync.op);
  }

  static ExprOp binary_op(BinaryOp op) {
    switch (op) {
    case BinaryOp::Add:
      return ExprOp::Add;
    case BinaryOp::Sub:
      return ExprOp::Sub;
    case BinaryOp::Mul:
      return ExprOp::Mul;
    case BinaryOp::Div:
      return ExprOp::Div;
    case BinaryOp::Mod:
      return ExprOp::Mod;
    case BinaryOp::Max:
      return ExprOp::Max;
    case BinaryOp::Min:
      return ExprOp::Min;
    }
    return ExprOp::Add;
  }

  static ExprOp compare_op(CompareOp op) {
    switch (op) {
    case CompareOp::Lt:
      return ExprOp::Lt;
    case CompareOp::Le:
      return ExprOp::Le;
    case CompareOp::Gt:
      return ExprOp::Gt;
    case CompareOp::Ge:
      return ExprOp::Ge;
    case CompareOp::Eq:
      return ExprOp::Eq;
    case CompareOp::Ne:
      return ExprOp::Ne;
    }
    return ExprOp::Eq;
  }

  const Code& code_;
  ThreadCode& out_;
  std::unordered_map<std::string, uint32_t> slots_;
  uint32_t max_stack_ = 1;
};

} // namespace

const std::string& Code::local_name(uint32_t thread, uint32_t slot) const {
  return info->locals.at(threads.at(thread).locals.at(slot));
}

Code compile_program(const Program& program, const ProgramInfo& info) {
  Code code;
  code.program = &program;
  code.access_ranges = AccessRanges(program.body);
  code.info = &info;
  code.cell_count = info.cell_count;
  code.index_of_id.assign(static_cast<size_t>(info.max_thread_id) + 1, -1);
  for (size_t k = 0; k < info.threads.size(); ++k)
    code.index_of_id[static_cast<size_t>(info.threads[k].id)] = static_cast<int32_t>(k);
  code.threads.resize(info.threads.size());
  for (size_t k = 0; k < info.threads.size(); ++k) {
    const ThreadInfo& t = info.threads[k];
    ThreadCode& out = code.threads[k];
    out.id = t.id;
    out.parent = t.parent < 0 ? -1 : code.thread_index(t.parent);
    out.spawn_range = t.spawn_range;
    ThreadCompiler compiler(code, out);
    compiler.compile_body(*t.body);
    out.end_range = out.instrs.back().range;
    code.max_eval_stack = std::max(code.max_eval_stack, compiler.max_stack());
  }
  return code;
}

} // namespace racelang
