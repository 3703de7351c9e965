// Group markers (see groups.h): writing them, and reading them back from parsed comments.
#include "instrument/groups.h"
#include "frontend/ast_walk.h"

#include <charconv>
#include <string_view>

namespace racelang {
namespace {

constexpr std::string_view kMarker = "// @group(";

// The N of a marker comment, or 0 if `comment` is not one.
size_t marker_count(std::string_view comment) {
  if (comment.substr(0, kMarker.size()) != kMarker) return 0;
  std::string_view rest = comment.substr(kMarker.size());
  size_t n = 0;
  auto [end, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), n);
  if (ec != std::errc() || end == rest.data() + rest.size() || *end != ')') return 0;
  return n;
}

class Restorer {
public:
  size_t groups() const { return next_ - 1; }

  void block(Block& b) {
    size_t left = 0; // statements still in the current group
    uint32_t group = 0;
    for (Stmt& s : b) {
      size_t n = 0;
      for (const std::string& c : s.comments.leading)
        if (size_t m = marker_count(c)) n = m;
      if (n > 0) {
        group = next_++;
        left = n;
      }
      if (left > 0) {
        assign(s, group);
        --left;
      } else {
        assign(s, 0);
      }
    }
  }

private:
  // Gives `s` and the statements nested in it the group; a spawn's body is another thread's
  // code, with groups of its own.
  void assign(Stmt& s, uint32_t group) {
    s.group = group;
    visit_stmt(s, Overloaded{
                      [&](Spawn& sp) { block(sp.body); },
                      [&](If& i) {
                        nested(i.then_body, group);
                        if (i.else_body) nested(*i.else_body, group);
                      },
                      [&](While& w) { nested(w.body, group); },
                      // Statements with no nested code.
                      [&](Assign&) {},
                      [&](Load&) {},
                      [&](Store&) {},
                      [&](LockStmt&) {},
                      [&](UnlockStmt&) {},
                      [&](Wait&) {},
                      [&](Assert&) {},
                      [&](Print&) {},
                      [&](Call& c) { unexpanded_call(c); },
                      [&](Sync&) {},
                  });
  }

  void nested(Block& b, uint32_t group) {
    if (group == 0) {
      block(b);
      return;
    }
    for (Stmt& s : b) assign(s, group);
  }

  uint32_t next_ = 1;
};

} // namespace

std::string group_marker(size_t statements, const std::string& what) {
  return std::string(kMarker) + std::to_string(statements) + ") " + what;
}

size_t restore_groups(Program& program) {
  Restorer r;
  r.block(program.body);
  return r.groups();
}

} // namespace racelang
