// Walking the AST, defined once. Every pass and backend takes statements apart with
// visit_stmt(), which refuses (at compile time, with a message naming the problem) a visitor
// that has a catch-all overload or that misses a statement kind: a statement kind added to
// the AST then fails to build wherever it is not handled, instead of being silently copied
// through uninstrumented or left out of a backend. tests/frontend/CMakeLists.txt builds the
// passes and backends with an extra statement kind to show that they do not compile.
// The walks several backends need (a thread's locals, the access statement at a position,
// every statement of a block with or without spawned threads' bodies) live here too.
#pragma once

#include <functional>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "frontend/ast.h"

namespace racelang {

namespace detail {
// A type no visitor may accept: only a catch-all (a generic lambda) would.
struct NotAStatement {};

template <typename Visitor, typename Variant> struct HandlesEveryAlternative;
template <typename Visitor, typename... Alternatives>
struct HandlesEveryAlternative<Visitor, std::variant<Alternatives...>>
    : std::bool_constant<(std::is_invocable_v<Visitor, const Alternatives&> && ...)> {};
template <typename Visitor, typename... Alternatives>
struct HandlesEveryAlternative<Visitor, std::variant<Alternatives...>&>
    : std::bool_constant<(std::is_invocable_v<Visitor, Alternatives&> && ...)> {};

template <typename Visitor, typename Node> void check_exhaustive() {
  using V = std::remove_cvref_t<Visitor>;
  static_assert(!std::is_invocable_v<V, const NotAStatement&> &&
                    !std::is_invocable_v<V, NotAStatement&>,
                "racelang: a statement visitor must not have a catch-all overload: name every "
                "statement kind (frontend/ast_walk.h)");
  static_assert(HandlesEveryAlternative<V, Node>::value,
                "racelang: a statement kind is not handled by this visitor: handle every "
                "statement kind (frontend/ast_walk.h)");
}
} // namespace detail

// Whether `Visitor` handles each statement kind by name (and nothing else).
template <typename Visitor>
inline constexpr bool handles_every_statement_kind =
    detail::HandlesEveryAlternative<Visitor, decltype(Stmt::node)>::value &&
    !std::is_invocable_v<Visitor, const detail::NotAStatement&>;

// std::visit over a statement's node with an exhaustive visitor (see the top of this file).
template <typename Visitor> decltype(auto) visit_stmt(const Stmt& stmt, Visitor&& visitor) {
  detail::check_exhaustive<Visitor, decltype(Stmt::node)>();
  return std::visit(std::forward<Visitor>(visitor), stmt.node);
}
template <typename Visitor> decltype(auto) visit_stmt(Stmt& stmt, Visitor&& visitor) {
  detail::check_exhaustive<Visitor, decltype(Stmt::node)&>();
  return std::visit(std::forward<Visitor>(visitor), stmt.node);
}

// What a pass or backend does with a Call: the frontend expands every call before checking
// (frontend/procedures.h), so meeting one is an internal error (std::logic_error).
[[noreturn]] void unexpanded_call(const Call& call);

// Appends the locals `e` (or `c`, a location's index, or one statement without its nested
// bodies) reads or writes that are not in `out` yet, left to right. Every backend names these
// locals with their values when a statement fails ("a / b with a = 1, b = 0"), and the
// messages must match word for word across the interpreter, the JIT and emitted C, so the
// order is defined once, here.
void collect_locals(const Expr& e, std::vector<std::string>& out);
void collect_locals(const Cond& c, std::vector<std::string>& out);
void collect_locals(const Location& loc, std::vector<std::string>& out);
void collect_locals(const Stmt& s, std::vector<std::string>& out);

// Whether evaluating `e` (or `c`) can fail: only a division or remainder can, and one by a
// nonzero literal cannot (INT64_MIN / -1 wraps, docs/language.md). emit-c leaves out the
// failure paths of what cannot fail, and range coalescing (elide/) accepts only loops whose
// expressions cannot.
bool can_fail(const Expr& e);
bool can_fail(const Cond& c);

// Whether a walk goes into the bodies of `spawn` statements (other threads' code).
enum class SpawnBodies { Enter, Skip };

// Calls `f` on every statement of `block` in source order, with the statements nested in
// if/while bodies (and spawn bodies when asked) after the statement that holds them.
void for_each_stmt(const Block& block, SpawnBodies spawns,
                   const std::function<void(const Stmt&)>& f);
// The same for one statement: `stmt` itself, then the statements nested in it.
void for_each_stmt(const Stmt& stmt, SpawnBodies spawns, const std::function<void(const Stmt&)>& f);

// The locals one thread's code mentions (assigned, loaded into, or read by any expression,
// index, condition or race check), in order of first appearance, without entering spawns.
void thread_locals(const Block& block, std::vector<std::string>& out);

// The locals stmts[begin, end) mentions whose values on entry can matter: those it may read
// before it has certainly assigned them (in the order first read), then those it assigns on some
// paths only (their entry values may outlive it). The others it certainly assigns before any
// read, so code that runs the statements elsewhere (the JIT's outlined slow paths) need not
// pass them in. Only `:=` and `load` count as assignments; every other statement reads what it
// mentions, and a loop's body may run no time. `fault` breaks it on purpose, for the tests'
// teeth (tests/interp/live_into_test.cpp).
enum class LiveIntoFault {
  None,
  EitherBranchAssigns, // a local assigned by one branch of an `if` counts as assigned after it
  LoopBodyRuns,        // a loop's body counts as having run once after the loop
};
void locals_live_into(const Block& stmts, size_t begin, size_t end, std::vector<std::string>& out,
                      LiveIntoFault fault = LiveIntoFault::None);

// Whether `s` is a load or a store: the statements race checks and race reports name.
bool is_load_or_store(const Stmt& s);

// The load or store statement whose range starts at `loc`, anywhere in the program (every
// thread); nullptr if there is none. Race checks name accesses by that position.
const Stmt* access_statement_at(const Block& program_body, SourceLoc loc);
// Its range, or one column at `loc` when no access starts there.
SourceRange access_range_at(const Block& program_body, SourceLoc loc);

// access_range_at's answers for one program, its accesses indexed once: for callers that ask
// again and again (the explorer, at every failed race check).
class AccessRanges {
public:
  AccessRanges() = default;
  explicit AccessRanges(const Block& program_body);
  SourceRange at(SourceLoc loc) const;

private:
  // Each load's and store's range by its begin (line, column), sorted; of two that begin at
  // the same place, the first in access_statement_at's order.
  std::vector<SourceRange> ranges_;
};

} // namespace racelang
