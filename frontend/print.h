// The printer: an AST back to canonical racelang source. Output is deterministic (two-space
// indentation, one statement per line, minimal parentheses) and re-parses to an equal AST:
// parse(print(p)) == p for every program p. Comments attached by the parser are printed where
// they belong, so `racelang fmt` keeps them.
#pragma once

#include <string>

#include "frontend/ast.h"

namespace racelang {

std::string print_program(const Program& program);
std::string print_stmt(const Stmt& stmt, int indent = 0); // one statement, with its body
std::string print_expr(const Expr& expr);
std::string print_cond(const Cond& cond);
std::string print_location(const Location& loc);

} // namespace racelang
