// Canonical printing. Parentheses are inserted exactly where precedence or left associativity
// requires them, which is what makes the round trip exact: the AST has no parenthesis nodes.
#include "frontend/print.h"

namespace racelang {
namespace {

// Binding strength: higher binds tighter. Atoms (literals, names, max/min calls) bind tightest.
int precedence(const Expr& e) {
  return std::visit(Overloaded{
                        [](const IntLit&) { return 4; },
                        [](const LocalRef&) { return 4; },
                        [](const Negate&) { return 3; },
                        [](const Binary& b) {
                          switch (b.op) {
                          case BinaryOp::Add:
                          case BinaryOp::Sub: return 1;
                          case BinaryOp::Mul:
                          case BinaryOp::Div:
                          case BinaryOp::Mod: return 2;
                          case BinaryOp::Max:
                          case BinaryOp::Min: return 4;
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

void indent_to(std::string& out, int indent) { out.append(static_cast<size_t>(indent) * 2, ' '); }

void print_comment_lines(std::string& out, const std::vector<std::string>& comments, int indent) {
  for (const std::string& c : comments) {
    indent_to(out, indent);
    out += c;
    out += '\n';
  }
}

void print_block(std::string& out, const Block& block, const std::vector<std::string>& end_comments,
                 int indent);

// Prints one statement (leading comments, the statement, its trailing comment and newline).
void print_stmt_into(std::string& out, const Stmt& s, int indent) {
  print_comment_lines(out, s.comments.leading, indent);
  indent_to(out, indent);
  std::visit(
      Overloaded{
          [&](const Assign& a) { out += a.local + " := " + print_expr(a.value) + ";"; },
          [&](const Load& l) { out += l.local + " := load " + print_location(l.loc) + ";"; },
          [&](const Store& st) {
            out += "store " + print_expr(st.value) + " " + print_location(st.loc) + ";";
          },
          [&](const LockStmt& l) { out += "lock " + print_location(l.lock) + ";"; },
          [&](const UnlockStmt& l) { out += "unlock " + print_location(l.lock) + ";"; },
          [&](const Spawn& sp) {
            out += "spawn " + std::to_string(sp.thread) + " ";
            print_block(out, sp.body, s.comments.body_end, indent);
          },
          [&](const Wait& w) { out += "wait " + std::to_string(w.thread) + ";"; },
          [&](const Assert& a) {
            out += "assert(" + print_cond(a.cond) + ")";
            if (a.race) {
              const RaceCheck& r = *a.race;
              out += std::string(" __race(") + spelling(r.kind) + " " + print_location(r.loc) +
                     ", " + print_expr(r.site) + ", " + spelling(r.prev_kind) + " " +
                     std::to_string(r.prev_thread) + ", " + print_location(r.prev_site) + ")";
            }
            out += ";";
          },
          [&](const If& i) {
            out += "if (" + print_cond(i.cond) + ") ";
            print_block(out, i.then_body, s.comments.body_end, indent);
            if (i.else_body) {
              out += " else ";
              print_block(out, *i.else_body, s.comments.else_end, indent);
            }
          },
          [&](const While& w) {
            out += "while (" + print_cond(w.cond) + ") ";
            print_block(out, w.body, s.comments.body_end, indent);
          },
          [&](const Print& p) {
            out += "print(";
            for (size_t k = 0; k < p.args.size(); ++k) {
              if (k > 0) out += ", ";
              out += print_expr(p.args[k]);
            }
            out += ");";
          },
      },
      s.node);
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

} // namespace

std::string print_expr(const Expr& e) {
  return std::visit(
      Overloaded{
          [](const IntLit& lit) { return std::to_string(lit.value); },
          [](const LocalRef& r) { return r.name; },
          [](const Negate& n) {
            // `-(-a)` rather than `--a`, and `-(a + b)`: the operand must bind tighter.
            const Expr& operand = *n.operand;
            return "-" + parenthesize_if(precedence(operand) < 4, print_expr(operand));
          },
          [&](const Binary& b) {
            if (b.op == BinaryOp::Max || b.op == BinaryOp::Min)
              return std::string(spelling(b.op)) + "(" + print_expr(*b.lhs) + ", " +
                     print_expr(*b.rhs) + ")";
            int p = precedence(e);
            // Left associative: a left operand of equal strength needs no parentheses, a right
            // one does (`a - (b - c)`).
            return parenthesize_if(precedence(*b.lhs) < p, print_expr(*b.lhs)) + " " +
                   spelling(b.op) + " " +
                   parenthesize_if(precedence(*b.rhs) <= p, print_expr(*b.rhs));
          },
      },
      e.node);
}

std::string print_cond(const Cond& c) {
  return std::visit(Overloaded{
                        [](const Compare& cmp) {
                          return print_expr(cmp.lhs) + " " + spelling(cmp.op) + " " +
                                 print_expr(cmp.rhs);
                        },
                        [](const Not& n) {
                          // `!(a < b)`, never `!a < b`: the grammar would read both the same
                          // way, but readers coming from C would not.
                          bool is_not = std::holds_alternative<Not>(n.operand->node);
                          return "!" + parenthesize_if(!is_not, print_cond(*n.operand));
                        },
                        [&](const Logical& l) {
                          int p = precedence(c);
                          return parenthesize_if(precedence(*l.lhs) < p, print_cond(*l.lhs)) +
                                 " " + spelling(l.op) + " " +
                                 parenthesize_if(precedence(*l.rhs) <= p, print_cond(*l.rhs));
                        },
                    },
                    c.node);
}

std::string print_location(const Location& loc) {
  if (!loc.index) return loc.name;
  return loc.name + "[" + print_expr(*loc.index) + "]";
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
    out += ";";
    if (d.comments.trailing) out += " " + *d.comments.trailing;
    out += '\n';
  }
  if (!program.decls.empty() && !program.body.empty()) out += '\n';
  for (const Stmt& s : program.body) print_stmt_into(out, s, 0);
  print_comment_lines(out, program.trailing_comments, 0);
  return out;
}

} // namespace racelang
