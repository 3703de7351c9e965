// Where each comment of a parsed program goes, decided from source positions on the finished
// AST. The parser adapter (parse.cpp) parses one item at a time and frees each item's tokens
// and parse tree as it goes, so it cannot look comments' neighbours up by token index at the
// end; it records each comment with the positions of the tokens around it instead (small: a
// few dozen bytes per comment, nothing per statement), and this places them by the rules
// `fmt` relies on to lose none. Internal to frontend/.
#pragma once

#include <string>
#include <vector>

#include "frontend/ast.h"

namespace racelang {

// A code token next to a comment: where it starts and ends, and whether it is a block's '}'.
struct TokenPlace {
  SourceRange range;
  bool close_brace = false;
};

struct CommentRecord {
  std::string text;
  uint32_t line = 0;         // the line the comment starts on
  bool has_previous = false; // a code token comes before it in the file
  TokenPlace previous;       // the last code token before it
  bool next_is_eof = false;  // no code token comes after it
  TokenPlace next;           // the first code token after it
};

// Attaches every comment to exactly one place, in file order:
//  - after code on the same line: the trailing comment of the statement or declaration that
//    ends there (or, if that code is the middle of a statement, a leading comment of it);
//  - otherwise: a leading comment of the statement or declaration that starts at the next
//    token, the end-of-block comments of the block whose '}' comes next, the program's
//    trailing comments at the end of the file, or else a leading comment of the innermost
//    statement the next token belongs to.
void place_comments(Program& program, const std::vector<CommentRecord>& comments);

} // namespace racelang
