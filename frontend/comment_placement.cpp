// Places recorded comments on the finished AST (comment_placement.h). A token is identified by
// its position: the innermost declaration, procedure or statement whose range holds a token's
// start is the node it belongs to, the node starts there if its range begins there and ends
// there if its range ends where the token ends. Blocks are in source order, so each lookup is
// a binary search per nesting level.
#include "frontend/comment_placement.h"

#include <algorithm>

namespace racelang {
namespace {

bool before(SourceLoc a, SourceLoc b) {
  return a.line < b.line || (a.line == b.line && a.col < b.col);
}

bool contains(const SourceRange& r, SourceLoc p) {
  return !before(p, r.begin) && before(p, r.end);
}

// The element of a source-ordered, non-overlapping sequence whose range holds `p`, or null.
template <typename T> T* containing(std::vector<T>& items, SourceLoc p) {
  auto it = std::upper_bound(items.begin(), items.end(), p, [](SourceLoc q, const T& item) {
    return before(q, item.range.begin);
  });
  if (it == items.begin()) return nullptr;
  --it;
  return contains(it->range, p) ? &*it : nullptr;
}

// The innermost node holding a position.
struct Node {
  Comments* comments = nullptr;
  SourceRange range;
  Stmt* stmt = nullptr;
  ProcDecl* proc = nullptr;
};

Node stmt_node(Stmt& s) {
  return {&s.comments, s.range, &s, nullptr};
}

Node innermost_in(Stmt& outer, SourceLoc p) {
  Node node = stmt_node(outer);
  for (;;) {
    Stmt* inner = nullptr;
    if (auto* spawn = std::get_if<Spawn>(&node.stmt->node)) {
      // `spawn 1 f(x);`: the call inside is the spawn statement's own text.
      if (!spawn->written_as_call) inner = containing(spawn->body, p);
    } else if (auto* loop = std::get_if<While>(&node.stmt->node)) {
      inner = containing(loop->body, p);
    } else if (auto* branch = std::get_if<If>(&node.stmt->node)) {
      inner = containing(branch->then_body, p);
      if (!inner && branch->else_body) inner = containing(*branch->else_body, p);
    }
    if (!inner) return node;
    node = stmt_node(*inner);
  }
}

Node locate(Program& program, SourceLoc p) {
  if (Decl* decl = containing(program.decls, p)) return {&decl->comments, decl->range};
  if (ProcDecl* proc = containing(program.procs, p)) {
    if (Stmt* s = containing(proc->body, p)) return innermost_in(*s, p);
    return {&proc->comments, proc->range, nullptr, proc};
  }
  if (Stmt* s = containing(program.body, p)) return innermost_in(*s, p);
  return {};
}

// The end-of-block list of the block that the '}' ending at `brace_end` closes in `node`.
std::vector<std::string>* block_end(const Node& node, SourceLoc brace_end) {
  if (node.proc) return &node.proc->comments.body_end;
  if (!node.stmt) return nullptr;
  auto* branch = std::get_if<If>(&node.stmt->node);
  if (branch && branch->else_body && node.range.end == brace_end)
    return &node.stmt->comments.else_end;
  return &node.stmt->comments.body_end;
}

void place_before_next(Program& program, const CommentRecord& c) {
  if (c.next_is_eof) {
    program.trailing_comments.push_back(c.text);
    return;
  }
  Node node = locate(program, c.next.range.begin);
  std::vector<std::string>* closes =
      c.next.close_brace ? block_end(node, c.next.range.end) : nullptr;
  if (node.comments && node.range.begin == c.next.range.begin)
    node.comments->leading.push_back(c.text);
  else if (closes)
    closes->push_back(c.text);
  else if (node.comments)
    node.comments->leading.push_back(c.text);
  else
    program.trailing_comments.push_back(c.text); // not reachable for parsed programs
}

bool same_gap(const CommentRecord& a, const CommentRecord& b) {
  return a.next_is_eof == b.next_is_eof && (a.next_is_eof || a.next.range == b.next.range);
}

} // namespace

void place_comments(Program& program, const std::vector<CommentRecord>& comments) {
  std::vector<const CommentRecord*> pending; // waiting for the next code token
  auto flush = [&] {
    for (const CommentRecord* c : pending) place_before_next(program, *c);
    pending.clear();
  };
  for (size_t i = 0; i < comments.size(); ++i) {
    const CommentRecord& c = comments[i];
    if (i > 0 && !same_gap(comments[i - 1], c)) flush(); // a code token came in between
    if (c.has_previous && pending.empty() && c.previous.range.begin.line == c.line) {
      Node node = locate(program, c.previous.range.begin);
      bool ends_there = node.comments && node.range.end == c.previous.range.end;
      if (ends_there && !node.comments->trailing) {
        node.comments->trailing = c.text;
        continue;
      }
      if (!ends_there && node.comments && !c.previous.close_brace) {
        node.comments->leading.push_back(c.text);
        continue;
      }
    }
    pending.push_back(&c);
  }
  flush();
}

} // namespace racelang
