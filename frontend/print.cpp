// Canonical printing. Parentheses are inserted exactly where precedence or left associativity
// requires them, which is what makes the round trip exact: the AST has no parenthesis nodes.
#include "frontend/print.h"
#include "frontend/ast_walk.h"

#include "frontend/parse.h"

namespace racelang {
namespace {

// Printing keeps track of `depth`, the brackets ('(' '[' '{') open around the text, which the
// parser limits to kMaxNestingDepth. Parentheses the grammar needs are always printed (the input
// had them too); the two kinds that are only there for readers, `-(-a)` and `!(a < b)`, are
// left out (`- -a`, `!a < b`) where they would go past the limit, so that printing a program the
// parser accepted never gives text it refuses.
bool style_parens_fit(int depth) {
  return depth < kMaxNestingDepth;
}

std::string expr_at(const Expr& e, int depth);
std::string cond_at(const Cond& c, int depth);
std::string location_at(const Location& loc, int depth);

// Binding strength: higher binds tighter. Atoms (literals, names, max/min calls) bind tightest.
int precedence(const Expr& e) {
  return std::visit(Overloaded{
                        [](const IntLit&) { return 4; },
                        [](const LocalRef&) { return 4; },
                        [](const Negate&) { return 3; },
                        [](const Binary& b) {
                          switch (b.op) {
                          case BinaryOp::Add:
                          case BinaryOp::Sub:
                            return 1;
                          case BinaryOp::Mul:
                          case BinaryOp::Div:
                          case BinaryOp::Mod:
                            return 2;
                          case BinaryOp::Max:
                          case BinaryOp::Min:
                            return 4;
                          }
                          return 4;
                        },
                    },
                    e.node);
}

int precedence(const Cond& c) {
  return std::visit(Overloaded{
                        [](const Compare&) { return 4; },
                        [](const Not&) { return 3; },
                        [](const Logical& l) { return l.op == LogicOp::And ? 2 : 1; },
                    },
                    c.node);
}

std::string parenthesize_if(bool needed, std::string text) {
  return needed ? "(" + text + ")" : text;
}

void indent_to(std::string& out, int indent) {
  out.append(static_cast<size_t>(indent) * 2, ' ');
}

void print_comment_lines(std::string& out, const std::vector<std::string>& comments, int indent) {
  for (const std::string& c : comments) {
    indent_to(out, indent);
    out += c;
    out += '\n';
  }
}

void print_block(std::string& out, const Block& block, const std::vector<std::string>& end_comments,
                 int indent);

// `f(a, b)`, without the ';'.
std::string call_at(const Call& c, int depth) {
  std::string out = c.proc + "(";
  for (size_t k = 0; k < c.args.size(); ++k) {
    if (k > 0) out += ", ";
    out += expr_at(c.args[k], depth + 1);
  }
  return out + ")";
}

std::string print_sync(const Sync& sync, int indent) {
  return std::visit(
      Overloaded{
          [&](const Cas& c) {
            return c.local + " := cas(" + location_at(c.loc, indent + 1) + ", " +
                   expr_at(c.expected, indent + 1) + ", " + expr_at(c.desired, indent + 1) + ");";
          },
          [&](const FetchAdd& f) {
            return f.local + " := fetch_add(" + location_at(f.loc, indent + 1) + ", " +
                   expr_at(f.delta, indent + 1) + ");";
          },
          [&](const CondWait& w) {
            return "wait(" + location_at(w.cond, indent + 1) + ", " +
                   location_at(w.mutex, indent + 1) + ");";
          },
          [&](const Notify& n) {
            return std::string(n.all ? "notify_all(" : "notify(") +
                   location_at(n.cond, indent + 1) + ");";
          },
          [&](const Await& a) { return "await " + location_at(a.barrier, indent) + ";"; },
          [&](const Assume& a) { return "assume(" + cond_at(a.cond, indent + 1) + ");"; },
      },
      sync.op);
}

// Prints one statement (leading comments, the statement, its trailing comment and newline).
void print_stmt_into(std::string& out, const Stmt& s, int indent) {
  print_comment_lines(out, s.comments.leading, indent);
  indent_to(out, indent);
  visit_stmt(
      s,
      Overloaded{
          [&](const Assign& a) { out += a.local + " := " + expr_at(a.value, indent) + ";"; },
          [&](const Load& l) { out += l.local + " := load " + location_at(l.loc, indent) + ";"; },
          [&](const Store& st) {
            out += "store " + expr_at(st.value, indent) + " " + location_at(st.loc, indent) + ";";
          },
          [&](const LockStmt& l) { out += "lock " + location_at(l.lock, indent) + ";"; },
          [&](const UnlockStmt& l) { out += "unlock " + location_at(l.lock, indent) + ";"; },
          [&](const Spawn& sp) {
            out += "spawn " + std::to_string(sp.thread) + " ";
            if (sp.written_as_call && sp.body.size() == 1 &&
                std::holds_alternative<Call>(sp.body[0].node))
              out += call_at(std::get<Call>(sp.body[0].node), indent) + ";";
            else
              print_block(out, sp.body, s.comments.body_end, indent);
          },
          [&](const Call& c) { out += call_at(c, indent) + ";"; },
          [&](const Wait& w) { out += "wait " + std::to_string(w.thread) + ";"; },
          [&](const Assert& a) {
            out += "assert(" + cond_at(a.cond, indent + 1) + ")";
            if (a.race) {
              const RaceCheck& r = *a.race;
              out += std::string(" __race(") + spelling(r.kind) + " " +
                     location_at(r.loc, indent + 1) + ", " + expr_at(r.site, indent + 1) + ", " +
                     spelling(r.prev_kind) + " " + expr_at(r.prev_thread, indent + 1) + ", " +
                     location_at(r.prev_site, indent + 1) + ")";
            }
            out += ";";
          },
          [&](const If& i) {
            out += "if (" + cond_at(i.cond, indent + 1) + ") ";
            print_block(out, i.then_body, s.comments.body_end, indent);
            if (i.else_body) {
              out += " else ";
              print_block(out, *i.else_body, s.comments.else_end, indent);
            }
          },
          [&](const While& w) {
            out += "while (" + cond_at(w.cond, indent + 1) + ") ";
            print_block(out, w.body, s.comments.body_end, indent);
          },
          [&](const Print& p) {
            out += "print(";
            for (size_t k = 0; k < p.args.size(); ++k) {
              if (k > 0) out += ", ";
              out += expr_at(p.args[k], indent + 1);
            }
            out += ");";
          },
          [&](const Sync& sync) { out += print_sync(sync, indent); },
      });
  if (s.comments.trailing) out += " " + *s.comments.trailing;
  out += '\n';
}

void print_block(std::string& out, const Block& block, const std::vector<std::string>& end_comments,
                 int indent) {
  out += "{\n";
  for (const Stmt& s : block) print_stmt_into(out, s, indent + 1);
  print_comment_lines(out, end_comments, indent + 1);
  indent_to(out, indent);
  out += "}";
}

std::string expr_at(const Expr& e, int depth) {
  return std::visit(Overloaded{
                        [](const IntLit& lit) { return std::to_string(lit.value); },
                        [](const LocalRef& r) { return r.name; },
                        [&](const Negate& n) {
                          // `-(a + b)`: the operand must bind tighter. `-(-a)` rather than `--a`.
                          const Expr& operand = *n.operand;
                          bool needed = precedence(operand) < 3;
                          bool style = precedence(operand) == 3 && style_parens_fit(depth);
                          if (needed || style) return "-(" + expr_at(operand, depth + 1) + ")";
                          return (precedence(operand) == 3 ? "- " : "-") + expr_at(operand, depth);
                        },
                        [&](const Binary& b) {
                          if (b.op == BinaryOp::Max || b.op == BinaryOp::Min)
                            return std::string(spelling(b.op)) + "(" + expr_at(*b.lhs, depth + 1) +
                                   ", " + expr_at(*b.rhs, depth + 1) + ")";
                          int p = precedence(e);
                          // Left associative: a left operand of equal strength needs no
                          // parentheses, a right one does (`a - (b - c)`).
                          bool left = precedence(*b.lhs) < p, right = precedence(*b.rhs) <= p;
                          return parenthesize_if(left, expr_at(*b.lhs, depth + left)) + " " +
                                 spelling(b.op) + " " +
                                 parenthesize_if(right, expr_at(*b.rhs, depth + right));
                        },
                    },
                    e.node);
}

std::string cond_at(const Cond& c, int depth) {
  return std::visit(
      Overloaded{
          [&](const Compare& cmp) {
            return expr_at(cmp.lhs, depth) + " " + spelling(cmp.op) + " " + expr_at(cmp.rhs, depth);
          },
          [&](const Not& n) {
            // `!(a < b)`, not `!a < b`: the grammar reads both the same way, but
            // readers coming from C would not. `!(a && b)` needs them.
            const Cond& operand = *n.operand;
            bool needed = std::holds_alternative<Logical>(operand.node);
            bool style = std::holds_alternative<Compare>(operand.node) && style_parens_fit(depth);
            if (needed || style) return "!(" + cond_at(operand, depth + 1) + ")";
            return "!" + cond_at(operand, depth);
          },
          [&](const Logical& l) {
            int p = precedence(c);
            bool left = precedence(*l.lhs) < p, right = precedence(*l.rhs) <= p;
            return parenthesize_if(left, cond_at(*l.lhs, depth + left)) + " " + spelling(l.op) +
                   " " + parenthesize_if(right, cond_at(*l.rhs, depth + right));
          },
      },
      c.node);
}

std::string location_at(const Location& loc, int depth) {
  if (!loc.index) return loc.name;
  return loc.name + "[" + expr_at(*loc.index, depth + 1) + "]";
}

} // namespace

std::string print_expr(const Expr& e) {
  return expr_at(e, 0);
}
std::string print_cond(const Cond& c) {
  return cond_at(c, 0);
}
std::string print_location(const Location& loc) {
  return location_at(loc, 0);
}

std::string print_stmt(const Stmt& stmt, int indent) {
  std::string out;
  print_stmt_into(out, stmt, indent);
  return out;
}

std::string print_program(const Program& program) {
  std::string out;
  for (const Decl& d : program.decls) {
    print_comment_lines(out, d.comments.leading, 0);
    out += std::string(spelling(d.kind)) + " " + d.name;
    if (d.size) out += "[" + std::to_string(*d.size) + "]";
    if (d.count) out += "(" + std::to_string(*d.count) + ")";
    out += ";";
    if (d.comments.trailing) out += " " + *d.comments.trailing;
    out += '\n';
  }
  for (const ProcDecl& proc : program.procs) {
    if (&proc != &program.procs.front() || !program.decls.empty()) out += '\n';
    print_comment_lines(out, proc.comments.leading, 0);
    out += "proc " + proc.name + "(";
    for (size_t k = 0; k < proc.params.size(); ++k)
      out += (k > 0 ? ", " : "") + proc.params[k].name;
    out += ") ";
    print_block(out, proc.body, proc.comments.body_end, 0);
    if (proc.comments.trailing) out += " " + *proc.comments.trailing;
    out += '\n';
  }
  if ((!program.decls.empty() || !program.procs.empty()) && !program.body.empty()) out += '\n';
  for (const Stmt& s : program.body) print_stmt_into(out, s, 0);
  print_comment_lines(out, program.trailing_comments, 0);
  return out;
}

} // namespace racelang
