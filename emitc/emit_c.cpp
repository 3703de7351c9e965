// The translator from a checked racelang AST to C (see emit_c.h). One C function per thread,
// locals as C locals (all 0 at the thread's start), shared cells as plain globals. Expressions
// become C expressions over the wrapping helpers of the runtime; the only thing in an
// expression that can fail is a division or modulo by zero, and the interpreter reports the
// first one in left-to-right, innermost-first order. C leaves the order of evaluating operands
// unspecified, so every fallible operation is checked in a statement of its own, emitted in
// exactly that order ("hoisted"); what remains of the expression is pure and may be evaluated
// in any order. Conditions keep `&&`/`||` short-circuiting: a right operand with a fallible
// part is evaluated inside an `if` on the left operand's value.
#include "emitc/emit_c.h"

#include <algorithm>
#include <set>
#include <unordered_set>
#include <vector>

#include "emitc/c_runtime.h"
#include "frontend/ast_walk.h"
#include "frontend/diagnostics.h"
#include "frontend/print.h"
#include "outcome/messages.h"

namespace racelang {
namespace {

// A message printed at run time: literal text and int64 C expressions, in order.
struct Message {
  struct Piece {
    bool value = false;
    std::string text; // literal text, or the C expression of a value
  };
  std::vector<Piece> pieces;
  Message& lit(std::string text) {
    pieces.push_back({false, std::move(text)});
    return *this;
  }
  Message& val(std::string c_expr) {
    pieces.push_back({true, std::move(c_expr)});
    return *this;
  }
  // A message of the catalogue (outcome/messages.h) whose run-time values were passed as
  // messages::kSlot: each slot, in order, prints the C expression in `values`, an int64, or a
  // C string when it starts with \x01.
  static Message from_catalogue(const std::string& text, const std::vector<std::string>& values) {
    Message m;
    size_t start = 0, next = 0;
    for (size_t at = text.find(messages::kSlot); at != std::string::npos;
         at = text.find(messages::kSlot, start)) {
      m.lit(text.substr(start, at - start));
      m.val(values.at(next++));
      start = at + messages::kSlot.size();
    }
    m.lit(text.substr(start));
    return m;
  }
};

// A C string literal's body for `text`; with `format`, also escaped for printf.
std::string c_escape(const std::string& text, bool format) {
  std::string out;
  for (unsigned char c : text) {
    switch (c) {
    case '\\':
      out += "\\\\";
      break;
    case '"':
      out += "\\\"";
      break;
    case '\n':
      out += "\\n";
      break;
    case '\t':
      out += "\\t";
      break;
    case '?': // never part of a trigraph
      out += "\\?";
      break;
    case '%':
      out += format ? "%%" : "%";
      break;
    default:
      if (c < 0x20 || c >= 0x7f) {
        // Octal escapes take at most three digits, so they cannot swallow what follows.
        char buf[8];
        snprintf(buf, sizeof buf, "\\%03o", c);
        out += buf;
      } else {
        out += static_cast<char>(c);
      }
    }
  }
  return out;
}

std::string quoted(const std::string& text) {
  return "\"" + c_escape(text, false) + "\"";
}

// The source ranges of every load and store, by their site (line * kSiteLineFactor + col), each
// site once, in the order first met: race reports of instrumented programs name accesses by
// site. (The sites seen are a hash set: a scan of those found so far made a program of 30,000
// accesses spend 29% of `emit-c --detector=fasttrack` here.)
std::vector<std::pair<int64_t, SourceRange>> access_sites(const Block& block) {
  std::vector<std::pair<int64_t, SourceRange>> out;
  std::unordered_set<int64_t> seen;
  for_each_stmt(block, SpawnBodies::Enter, [&](const Stmt& s) {
    if (!is_load_or_store(s) || s.range.begin.line == 0) return;
    int64_t site = int64_t{s.range.begin.line} * kSiteLineFactor + s.range.begin.col;
    if (seen.insert(site).second) out.push_back({site, s.range});
  });
  return out;
}

class Emitter {
public:
  Emitter(const Program& program, const ProgramInfo& info, const SourceFile& file,
          const EmitCOptions& options)
      : program_(program), info_(info), file_(file), options_(options) {}

  std::string run() {
    out_ += "/* " + file_.path() + ", translated to C11 with POSIX threads by racelang emit-c.\n";
    out_ += "   Build: cc -O2 -pthread FILE.c  (ThreadSanitizer: add -fsanitize=thread). */\n";
    out_ += emitc::c_runtime_prelude();
    memory();
    for (size_t k = 1; k < info_.threads.size(); ++k)
      out_ += "static void* " + thread_function(info_.threads[k].id) + "(void* arg);\n";
    if (has_race_checks_) race_support();
    for (size_t k = 1; k < info_.threads.size(); ++k) spawned_thread(k);
    main_thread();
    return out_;
  }

private:
  // ---- output ----
  void line(const std::string& text) {
    out_.append(static_cast<size_t>(indent_) * 2, ' ');
    out_ += text;
    out_ += '\n';
  }
  std::string temp() { return "t" + std::to_string(++temp_count_); }

  static std::string local(const std::string& name) { return "v_" + name; }
  static std::string thread_function(int64_t id) { return "rl_thread_" + std::to_string(id); }
  std::string thread_record(int64_t id) const {
    for (size_t k = 0; k < info_.threads.size(); ++k)
      if (info_.threads[k].id == id) return "&rl_t[" + std::to_string(k) + "]";
    return "&rl_t[0]"; // unreachable: the checker accepted every spawn and wait
  }
  const Symbol& symbol(const std::string& name) const { return *info_.find_symbol(name); }
  static std::string c_name(const Symbol& s) {
    switch (s.kind) {
    case SymbolKind::Lock:
      return "m_" + s.name;
    case SymbolKind::Condition:
      return "c_" + s.name;
    case SymbolKind::Barrier:
      return "b_" + s.name;
    case SymbolKind::Shared:
    case SymbolKind::Volatile:
      break;
    }
    return "s_" + s.name;
  }
  static const char* c_type(SymbolKind kind) {
    switch (kind) {
    case SymbolKind::Lock:
      return "rl_lock";
    case SymbolKind::Volatile:
      return "_Atomic int64_t"; // seq_cst atomic_* accesses: synchronisation, never a race
    case SymbolKind::Condition:
      return "rl_cond";
    case SymbolKind::Barrier:
      return "rl_barrier";
    case SymbolKind::Shared:
      break;
    }
    return "int64_t";
  }

  // ---- memory ----
  void memory() {
    out_ += "/* Shared memory, in the checker's cell order. Plain globals: racy accesses stay\n"
            "   visible to a race detector. */\n";
    for (const Symbol& s : info_.symbols) {
      std::string size = s.array_size ? "[" + std::to_string(*s.array_size) + "]" : "";
      out_ += "static " + std::string(c_type(s.kind)) + " " + c_name(s) + size + ";\n";
    }
    if (info_.threads.size() > 1)
      out_ += "static rl_thread rl_t[" + std::to_string(info_.threads.size()) +
              "]; /* by thread index; [0] is main */\n";
    has_race_checks_ = any_race_check(program_.body);
  }

  static bool any_race_check(const Block& block) {
    bool found = false;
    for_each_stmt(block, SpawnBodies::Enter, [&](const Stmt& s) {
      if (const auto* a = std::get_if<Assert>(&s.node)) found = found || a->race.has_value();
    });
    return found;
  }

  // ---- threads ----
  void declare_locals(const Block& body) {
    std::vector<std::string> locals;
    thread_locals(body, locals);
    for (const std::string& name : locals) line("int64_t " + local(name) + " = 0;");
    // Every local is "used", even one only ever assigned: no warnings for the output.
    for (const std::string& name : locals) line("(void)" + local(name) + ";");
  }

  void spawned_thread(size_t k) {
    const ThreadInfo& t = info_.threads[k];
    thread_id_ = t.id;
    out_ += "\nstatic void* " + thread_function(t.id) + "(void* arg) {\n";
    indent_ = 1;
    line("(void)arg;");
    declare_locals(*t.body);
    block(*t.body);
    line("rl_finish(&rl_t[" + std::to_string(k) + "]);");
    line("return NULL;");
    indent_ = 0;
    out_ += "}\n";
  }

  void main_thread() {
    thread_id_ = 0;
    out_ += "\nint main(void) {\n";
    indent_ = 1;
    for (const Symbol& s : info_.symbols)
      if (s.kind == SymbolKind::Lock)
        line("rl_init_locks(" + std::string(s.array_size ? "" : "&") + c_name(s) + ", " +
             std::to_string(s.cell_count) + ");");
    // Declared but never accessed is fine in racelang; keep C's unused-variable warning quiet.
    for (const Symbol& s : info_.symbols)
      line("(void)" + std::string(s.array_size ? "" : "&") + c_name(s) + ";");
    declare_locals(program_.body);
    block(program_.body);
    if (options_.print_final_memory) {
      final_memory();
    } else {
      line("rl_wait_all();");
    }
    line("return 0;");
    indent_ = 0;
    out_ += "}\n";
  }

  // For the tests: the shared locations once every thread has finished, on one line, as
  // `explore` prints a final state ("x = 2, buf = [1, 2]"; volatiles, locks and the rest are
  // not part of it).
  void final_memory() {
    line("rl_wait_all_acquire();");
    Message m;
    m.lit("final memory: ");
    bool any = false;
    for (const Symbol& s : info_.symbols) {
      if (s.kind != SymbolKind::Shared) continue;
      m.lit(std::string(any ? ", " : "") + s.name + " = ");
      any = true;
      if (!s.array_size) {
        m.val(c_name(s));
        continue;
      }
      m.lit("[");
      for (int64_t i = 0; i < *s.array_size; ++i) {
        if (i > 0) m.lit(", ");
        m.val(c_name(s) + "[" + std::to_string(i) + "]");
      }
      m.lit("]");
    }
    if (!any) m.lit("(no shared locations)");
    m.lit("\n");
    print_message("stdout", m);
  }

  // ---- failures ----
  // Prints `file:line:col: error: thread T: <message>`, the source line and a caret line (what
  // render_diagnostic prints), then exits with `code`.
  void fail(SourceRange range, const Message& message, int code) {
    const std::string mark = "\x02";
    std::string rendered = render_diagnostic(
        file_, {Severity::Error, range, "thread " + std::to_string(thread_id_) + ": " + mark},
        false);
    size_t at = rendered.find(mark);
    Message whole;
    whole.lit(rendered.substr(0, at));
    for (const auto& piece : message.pieces) whole.pieces.push_back(piece);
    whole.lit(rendered.substr(at + mark.size()));
    line("rl_fail_begin();");
    print_message("stderr", whole);
    line("rl_fail_end(" + std::to_string(code) + ");");
  }

  // One fprintf call for the whole message.
  void print_message(const std::string& stream, const Message& message) {
    std::string format, args;
    for (const auto& piece : message.pieces) {
      if (!piece.value) {
        format += c_escape(piece.text, true);
      } else if (!piece.text.empty() && piece.text[0] == '\x01') {
        format += "%s";
        args += ", " + piece.text.substr(1);
      } else {
        format += "%\" PRId64 \"";
        bool literal = piece.text[0] >= '0' && piece.text[0] <= '9';
        args += ", " + (literal ? "(int64_t)" + piece.text : piece.text);
      }
    }
    line("fprintf(" + stream + ", \"" + format + "\"" + args + ");");
  }

  // The catalogue's "with a = 1, b = 2" for `names`, with their current values as slots
  // (appended to `values`).
  static std::string with_locals(const std::vector<std::string>& names,
                                 std::vector<std::string>& values) {
    std::vector<std::string> slots(names.size(), std::string(messages::kSlot));
    for (const std::string& name : names) values.push_back(local(name));
    return messages::locals_detail(names, slots);
  }

  // ---- expressions ----
  // Returns a pure C expression; emits the checks of fallible operations first, in the
  // interpreter's evaluation order.
  std::string expr(const Expr& e) {
    return std::visit(Overloaded{
                          [&](const IntLit& i) { return std::to_string(i.value); },
                          [&](const LocalRef& r) { return local(r.name); },
                          [&](const Binary& b) { return binary(e, b); },
                          [&](const Negate& n) {
                            std::string a = expr(*n.operand);
                            return options_.naive_arithmetic ? "(-" + a + ")" : "rl_neg(" + a + ")";
                          },
                      },
                      e.node);
  }

  std::string binary(const Expr& e, const Binary& b) {
    std::string lhs = expr(*b.lhs);
    std::string rhs = expr(*b.rhs);
    bool naive = options_.naive_arithmetic;
    switch (b.op) {
    case BinaryOp::Add:
      return naive ? "(" + lhs + " + " + rhs + ")" : "rl_add(" + lhs + ", " + rhs + ")";
    case BinaryOp::Sub:
      return naive ? "(" + lhs + " - " + rhs + ")" : "rl_sub(" + lhs + ", " + rhs + ")";
    case BinaryOp::Mul:
      return naive ? "(" + lhs + " * " + rhs + ")" : "rl_mul(" + lhs + ", " + rhs + ")";
    case BinaryOp::Max:
      return "rl_max(" + lhs + ", " + rhs + ")";
    case BinaryOp::Min:
      return "rl_min(" + lhs + ", " + rhs + ")";
    case BinaryOp::Div:
    case BinaryOp::Mod:
      break;
    }
    bool div = b.op == BinaryOp::Div;
    const auto* lit = std::get_if<IntLit>(&b.rhs->node);
    if ((!lit || lit->value == 0) && !naive) {
      std::string divisor = temp();
      line("const int64_t " + divisor + " = " + rhs + ";");
      line("if (" + divisor + " == 0) {");
      ++indent_;
      std::vector<std::string> names, values;
      collect_locals(e, names);
      std::string text =
          messages::division_by_zero(b.op, print_expr(e), with_locals(names, values));
      fail(e.range, Message::from_catalogue(text, values), 1);
      --indent_;
      line("}");
      rhs = divisor;
    }
    if (naive) return "(" + lhs + (div ? " / " : " % ") + rhs + ")";
    return std::string(div ? "rl_div(" : "rl_mod(") + lhs + ", " + rhs + ")";
  }

  // ---- conditions ----
  // `top`: the whole condition of an if, while or assert, which needs no parentheses.
  std::string cond(const Cond& c, bool top = false) {
    return std::visit(Overloaded{
                          [&](const Compare& cmp) {
                            std::string lhs = expr(cmp.lhs);
                            std::string rhs = expr(cmp.rhs);
                            // `c <= c`: C compilers warn about comparing an expression with
                            // itself (-Wtautological-compare), and the output must build
                            // warning-free. Both sides have the same value (expressions are
                            // pure; their failure checks were emitted above), so the result is
                            // known: true for <=, >=, ==.
                            if (lhs == rhs) {
                              bool holds = cmp.op == CompareOp::Le || cmp.op == CompareOp::Ge ||
                                           cmp.op == CompareOp::Eq;
                              return std::string(holds ? "1" : "0");
                            }
                            std::string text = lhs + " " + spelling(cmp.op) + " " + rhs;
                            return top ? text : "(" + text + ")";
                          },
                          [&](const Logical& l) {
                            bool is_and = l.op == LogicOp::And;
                            std::string lhs = cond(*l.lhs);
                            if (!can_fail(*l.rhs)) {
                              std::string rhs = cond(*l.rhs);
                              std::string text = lhs + (is_and ? " && " : " || ") + rhs;
                              return top ? text : "(" + text + ")";
                            }
                            // The right operand's checks must run only when it is evaluated.
                            std::string result = temp();
                            line("int " + result + " = " + lhs + ";");
                            line(std::string("if (") + (is_and ? "" : "!") + result + ") {");
                            ++indent_;
                            std::string rhs = cond(*l.rhs);
                            line(result + " = " + rhs + ";");
                            --indent_;
                            line("}");
                            return result;
                          },
                          [&](const Not& n) { return "!" + cond(*n.operand); },
                      },
                      c.node);
  }

  // ---- locations ----
  // The C lvalue of a shared location or lock; emits the index's evaluation and range check.
  std::string location(const Location& loc) {
    const Symbol& s = symbol(loc.name);
    if (!s.array_size || !loc.index) return c_name(s);
    if (const auto* lit = std::get_if<IntLit>(&loc.index->node);
        lit && lit->value < *s.array_size) {
      last_index_ = std::to_string(lit->value);
      return c_name(s) + "[" + last_index_ + "]"; // a constant index in range: nothing to check
    }
    std::string index = expr(*loc.index);
    std::string i = temp();
    line("const int64_t " + i + " = " + index + ";");
    line("if ((uint64_t)" + i + " >= " + std::to_string(*s.array_size) + "u) {");
    ++indent_;
    std::vector<std::string> names, values{i};
    collect_locals(*loc.index, names);
    std::string locals = with_locals(names, values);
    std::string text = messages::index_out_of_range(messages::kSlot, loc.name, *s.array_size,
                                                    print_location(loc), locals);
    fail(loc.index->range, Message::from_catalogue(text, values), 1);
    --indent_;
    line("}");
    last_index_ = i;
    return c_name(s) + "[" + i + "]";
  }

  // The name a cell is reported under ("m", "m[3]"), for a location already evaluated: the
  // catalogue's text, with a slot (appended to `values`) for an index known at run time.
  std::string cell_name(const Location& loc, std::vector<std::string>& values) {
    const Symbol& s = symbol(loc.name);
    if (!s.array_size || !loc.index) return loc.name;
    if (last_index_[0] != 't') return loc.name + "[" + last_index_ + "]"; // a constant index
    values.push_back(last_index_);
    return loc.name + "[" + std::string(messages::kSlot) + "]";
  }

  bool relaxed(const Location& loc) const {
    const auto& names = options_.relaxed_atomic_symbols;
    return std::find(names.begin(), names.end(), loc.name) != names.end();
  }

  // ---- statements ----
  void block(const Block& stmts) {
    for (const Stmt& s : stmts) stmt(s);
  }

  void stmt(const Stmt& s) {
    visit_stmt(s, Overloaded{
                      [&](const Assign& a) {
                        std::string value = expr(a.value);
                        line(local(a.local) + " = " + value + ";");
                      },
                      [&](const Load& l) {
                        std::string cell = location(l.loc);
                        if (symbol(l.loc.name).kind == SymbolKind::Volatile)
                          cell = "atomic_load(&" + cell + ")";
                        else if (relaxed(l.loc))
                          cell = "__atomic_load_n(&" + cell + ", __ATOMIC_RELAXED)";
                        line(local(l.local) + " = " + cell + ";");
                      },
                      [&](const Store& st) {
                        std::string value = expr(st.value);
                        std::string cell = location(st.loc);
                        if (symbol(st.loc.name).kind == SymbolKind::Volatile)
                          line("atomic_store(&" + cell + ", " + value + ");");
                        else if (relaxed(st.loc))
                          line("__atomic_store_n(&" + cell + ", " + value + ", __ATOMIC_RELAXED);");
                        else
                          line(cell + " = " + value + ";");
                      },
                      [&](const LockStmt& l) {
                        std::string lock = location(l.lock);
                        line("rl_acquire(&" + lock + ", " + std::to_string(thread_id_) + ");");
                      },
                      [&](const UnlockStmt& u) { unlock(s, u); },
                      [&](const Spawn& sp) { spawn(s, sp); },
                      [&](const Wait& w) { line("rl_wait(" + thread_record(w.thread) + ");"); },
                      [&](const Assert& a) { assertion(s, a); },
                      [&](const If& i) {
                        std::string c = cond(i.cond, true);
                        line("if (" + c + ") {");
                        nested(i.then_body);
                        if (i.else_body) {
                          line("} else {");
                          nested(*i.else_body);
                        }
                        line("}");
                      },
                      [&](const While& w) {
                        if (!can_fail(w.cond)) {
                          std::string c = cond(w.cond, true);
                          line("while (" + c + ") {");
                          nested(w.body);
                          line("}");
                          return;
                        }
                        line("for (;;) {");
                        ++indent_;
                        std::string c = cond(w.cond);
                        line("if (!" + c + ") break;");
                        block(w.body);
                        --indent_;
                        line("}");
                      },
                      [&](const Print& p) {
                        Message m;
                        for (size_t i = 0; i < p.args.size(); ++i) {
                          if (i > 0) m.lit(" ");
                          m.val(expr(p.args[i]));
                        }
                        m.lit("\n");
                        print_message("stdout", m);
                      },
                      [&](const Call& c) { unexpanded_call(c); },
                      [&](const Sync& sync) { synchronisation(s, sync); },
                  });
  }

  void nested(const Block& body) {
    ++indent_;
    block(body);
    --indent_;
  }

  void unlock(const Stmt& s, const UnlockStmt& u) {
    std::string lock = location(u.lock);
    std::vector<std::string> values;
    std::string name = cell_name(u.lock, values);
    check_holds(s, lock, values,
                [&](std::string_view holder) { return messages::unlock_not_held(name, holder); });
    line("rl_release(&" + lock + ");");
  }

  // Fails unless this thread holds `lock`, as the interpreter does: `message(holder)` with ""
  // for a free lock and a run-time slot for another holder (outcome/messages.h). `values` are
  // the slots the message already has (the lock's index).
  template <typename MessageOf>
  void check_holds(const Stmt& s, const std::string& lock, std::vector<std::string> values,
                   const MessageOf& message) {
    std::string holder = temp();
    line("const int64_t " + holder + " = rl_holder(&" + lock + ");");
    line("if (" + holder + " != " + std::to_string(thread_id_ + 1) + ") {");
    ++indent_;
    Message free_lock = Message::from_catalogue(message(""), values);
    values.push_back(holder + " - 1");
    Message held = Message::from_catalogue(message(messages::kSlot), values);
    line("if (" + holder + " == 0) {");
    ++indent_;
    fail(s.range, free_lock, 1);
    --indent_;
    line("}");
    fail(s.range, held, 1);
    --indent_;
    line("}");
  }

  // ---- synchronisation (emitc/README.md, "Synchronisation") ----
  // Operands are evaluated in the interpreter's order (interp/machine.cpp, step_sync): the
  // expressions first, then the locations, so the same failure is reported first.
  void synchronisation(const Stmt& s, const Sync& sync) {
    std::visit(Overloaded{
                   [&](const Cas& c) {
                     std::string expected = expr(c.expected);
                     std::string desired = expr(c.desired);
                     std::string cell = location(c.loc);
                     // On failure the call stores the old value into `old`; on success the
                     // old value was `expected`, which `old` holds already.
                     std::string old = temp();
                     line("int64_t " + old + " = " + expected + ";");
                     line("(void)atomic_compare_exchange_strong(&" + cell + ", &" + old + ", " +
                          desired + ");");
                     line(local(c.local) + " = " + old + ";");
                   },
                   [&](const FetchAdd& f) {
                     std::string delta = expr(f.delta);
                     std::string cell = location(f.loc);
                     line(local(f.local) + " = atomic_fetch_add(&" + cell + ", " + delta + ");");
                   },
                   [&](const CondWait& w) { cond_wait(s, w); },
                   [&](const Notify& n) {
                     std::string cell = location(n.cond);
                     line("rl_notify(&" + cell + ", " + (n.all ? "1" : "0") + ");");
                   },
                   [&](const Await& a) {
                     std::string cell = location(a.barrier);
                     line("rl_await(&" + cell + ", " +
                          std::to_string(symbol(a.barrier.name).barrier_count) + "u);");
                   },
                   [&](const Assume& a) { assumption(s, a); },
               },
               sync.op);
  }

  // wait(c, m): the thread must hold m, checked and reported as for unlock.
  void cond_wait(const Stmt& s, const CondWait& w) {
    std::string cond = location(w.cond);
    std::vector<std::string> values;
    std::string cond_name = cell_name(w.cond, values); // before the lock's index replaces it
    std::string lock = location(w.mutex);
    std::string lock_name = cell_name(w.mutex, values);
    check_holds(s, lock, values, [&](std::string_view holder) {
      return messages::cond_wait_not_held(cond_name, lock_name, holder);
    });
    line("rl_cond_wait(&" + cond + ", &" + lock + ", " + std::to_string(thread_id_) + ");");
  }

  // A false assumption discards the execution. The interpreter parks the thread and lets the
  // others run on until none can step; natively the whole process ends at once, with the
  // interpreter's note and exit 0 (emitc/README.md).
  void assumption(const Stmt& s, const Assume& a) {
    std::string c = cond(a.cond);
    line("if (!" + c + ") {");
    ++indent_;
    std::string note = render_diagnostic(
        file_, {Severity::Note, s.range, messages::execution_discarded(thread_id_)}, false);
    line("rl_fail_begin();");
    print_message("stderr", Message().lit(note));
    line("rl_fail_end(0);");
    --indent_;
    line("}");
  }

  void spawn(const Stmt& s, const Spawn& sp) {
    std::string record = thread_record(sp.thread);
    line("if (!rl_spawn(" + record + ", " + thread_function(sp.thread) + ")) {");
    ++indent_;
    // Whether the thread still runs is known only then: a C string slot.
    std::string state = "\x01"
                        "atomic_load_explicit(&(" +
                        record + ")->finished, memory_order_relaxed) ? \"" +
                        std::string(messages::spawned_state(false)) + "\" : \"" +
                        std::string(messages::spawned_state(true)) + "\"";
    fail(s.range,
         Message::from_catalogue(messages::already_spawned(sp.thread, messages::kSlot), {state}),
         1);
    --indent_;
    line("}");
  }

  void assertion(const Stmt& s, const Assert& a) {
    std::string c = cond(a.cond);
    line("if (!" + c + ") {");
    ++indent_;
    if (a.race) {
      race_report(s, *a.race);
    } else {
      std::vector<std::string> names, values;
      collect_locals(a.cond, names);
      std::string text = messages::assertion_failed(print_cond(a.cond), with_locals(names, values));
      fail(s.range, Message::from_catalogue(text, values), 1);
    }
    --indent_;
    line("}");
  }

  // ---- race reports of instrumented programs ----
  // Tables from sites and thread ids to what a report prints about them, as the interpreter
  // prints it (interp/report.cpp): positions, source snippets, where each thread was spawned.
  void race_support() {
    const std::vector<std::pair<int64_t, SourceRange>> sites = access_sites(program_.body);
    out_ += "\n/* Race reports (instrumented programs): positions and source of each access. */\n";
    out_ += "static const char* rl_position(int64_t site) {\n  switch (site) {\n";
    for (const auto& [site, range] : sites)
      out_ += "  case " + std::to_string(site) + ": return " +
              quoted(file_.path() + ":" + format_loc(range.begin)) + ";\n";
    out_ += "  default: return \"an unknown position\";\n  }\n}\n";
    out_ += "static const char* rl_snippet(int64_t site) {\n  switch (site) {\n";
    for (const auto& [site, range] : sites)
      out_ += "  case " + std::to_string(site) + ": return " + quoted(snippet(range)) + ";\n";
    out_ += "  default: return \"\";\n  }\n}\n";
    out_ += "static const char* rl_thread_origin(int64_t id) {\n  switch (id) {\n";
    for (const ThreadInfo& t : info_.threads) {
      std::string origin = t.id == 0
                               ? "  Thread 0 is the main thread\n"
                               : "  Thread " + std::to_string(t.id) + " was spawned by thread " +
                                     std::to_string(t.parent) + " at " + file_.path() + ":" +
                                     format_loc(t.spawn_range.begin) + "\n";
      out_ += "  case " + std::to_string(t.id) + ": return " + quoted(origin) + ";\n";
    }
    out_ += "  default: return \"\";\n  }\n}\n";
    out_ += R"(/* Reports a failed instrumentation check as the interpreter does, and exits 66. */
static _Noreturn void rl_race(int64_t tid, const char* kind, const char* name, int64_t index,
                              int64_t site, const char* fallback, const char* prev_kind,
                              int64_t prev_tid, int64_t prev_site) {
  char cell[256];
  if (index < 0) snprintf(cell, sizeof cell, "%s", name);
  else snprintf(cell, sizeof cell, "%s[%" PRId64 "]", name, index);
  const char* here = site > 0 ? rl_position(site) : fallback;
  const char* prev = rl_position(prev_site);
  int64_t first = tid < prev_tid ? tid : prev_tid, second = tid < prev_tid ? prev_tid : tid;
  rl_fail_begin();
  fprintf(stderr,
          "==================\nWARNING: data race on '%s' (found by an instrumentation check)\n"
          "  %s of '%s' by thread %" PRId64 " at %s:\n%s"
          "  Previous %s of '%s' by thread %" PRId64 " at %s:\n%s%s%s"
          "SUMMARY: racelang: data race on '%s' (%s and %s)\n==================\n",
          cell, kind, cell, tid, here, rl_snippet(site), prev_kind, cell, prev_tid, prev,
          rl_snippet(prev_site), rl_thread_origin(first),
          first != second ? rl_thread_origin(second) : "", cell, here, prev);
  rl_fail_end(66);
}
)";
  }

  // The source line and marker of `range`, each indented by four spaces.
  std::string snippet(SourceRange range) const {
    std::string rendered = render_diagnostic(file_, {Severity::Note, range, ""}, false);
    size_t pos = rendered.find('\n');
    std::string out;
    if (pos == std::string::npos) return out;
    ++pos;
    while (pos < rendered.size()) {
      size_t end = rendered.find('\n', pos);
      if (end == std::string::npos) end = rendered.size();
      out += "    " + rendered.substr(pos, end - pos) + "\n";
      pos = end + 1;
    }
    return out;
  }

  void race_report(const Stmt& s, const RaceCheck& r) {
    std::string site = expr(r.site);
    std::string prev_site = location(r.prev_site);
    std::string cell = location(r.loc);
    (void)cell;
    const Symbol& sym = symbol(r.loc.name);
    std::string index = sym.array_size && r.loc.index ? last_index_ : "-1";
    std::string fallback =
        quoted(s.range.begin.line ? file_.path() + ":" + format_loc(s.range.begin)
                                  : std::string("an unknown position"));
    std::string kind = r.kind == AccessKind::Read ? "Read" : "Write";
    line("rl_race(" + std::to_string(thread_id_) + ", \"" + kind + "\", " + quoted(r.loc.name) +
         ", " + index + ", " + site + ", " + fallback + ", \"" + spelling(r.prev_kind) + "\", " +
         expr(r.prev_thread) + ", " + prev_site + ");");
  }

  const Program& program_;
  const ProgramInfo& info_;
  const SourceFile& file_;
  EmitCOptions options_;
  std::string out_;
  int indent_ = 0;
  int temp_count_ = 0;
  int64_t thread_id_ = 0;
  std::string last_index_;
  bool has_race_checks_ = false;
};

} // namespace

std::string emit_c(const Program& program, const ProgramInfo& info, const SourceFile& file,
                   const EmitCOptions& options) {
  return Emitter(program, info, file, options).run();
}

} // namespace racelang
