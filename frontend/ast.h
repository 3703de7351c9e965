// The racelang abstract syntax tree: our own value-semantic representation of a program,
// independent of the ANTLR parse tree (which never leaves frontend/). Nodes are plain structs
// held in std::variant, so an AST can be copied (the instrumentation pass builds new trees,
// property tests generate them) and compared structurally. Equality ignores source ranges and
// comments: two programs are equal when they mean the same thing to every later stage, which is
// exactly what the print -> parse round trip promises.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace racelang {

// 1-based line and column; line 0 means "synthesised, no source position" (instrumentation).
struct SourceLoc {
  uint32_t line = 0;
  uint32_t col = 0;
  friend bool operator==(const SourceLoc&, const SourceLoc&) = default;
};

// [begin, end): end is one past the last character, on the same or a later line.
struct SourceRange {
  SourceLoc begin;
  SourceLoc end;
  friend bool operator==(const SourceRange&, const SourceRange&) = default;
};

// A heap-allocated value with deep copy and structural equality, for recursive nodes.
template <typename T> class Box {
public:
  Box(T value) : ptr_(std::make_unique<T>(std::move(value))) {}
  Box(const Box& other) : ptr_(std::make_unique<T>(*other.ptr_)) {}
  Box(Box&&) noexcept = default;
  Box& operator=(const Box& other) {
    if (this != &other) ptr_ = std::make_unique<T>(*other.ptr_);
    return *this;
  }
  Box& operator=(Box&&) noexcept = default;
  ~Box() = default;

  T& operator*() { return *ptr_; }
  const T& operator*() const { return *ptr_; }
  T* operator->() { return ptr_.get(); }
  const T* operator->() const { return ptr_.get(); }
  friend bool operator==(const Box& a, const Box& b) { return *a.ptr_ == *b.ptr_; }

private:
  std::unique_ptr<T> ptr_;
};

// An optional value kept on the heap: std::optional's interface at the size of a pointer. For
// optional parts of statements that are large or rare (an array index, an instrumentation
// check's report), since a Stmt's variant is as large as its largest alternative and programs
// have millions of statements (bench/frontend/memory.py measures the bytes per statement).
template <typename T> class OptionalBox {
public:
  OptionalBox() = default;
  OptionalBox(std::nullopt_t) {}
  OptionalBox(T value) : ptr_(std::make_unique<T>(std::move(value))) {}
  OptionalBox(const OptionalBox& other)
      : ptr_(other.ptr_ ? std::make_unique<T>(*other.ptr_) : nullptr) {}
  OptionalBox(OptionalBox&&) noexcept = default;
  OptionalBox& operator=(const OptionalBox& other) {
    if (this != &other) ptr_ = other.ptr_ ? std::make_unique<T>(*other.ptr_) : nullptr;
    return *this;
  }
  OptionalBox& operator=(OptionalBox&&) noexcept = default;
  OptionalBox& operator=(std::nullopt_t) {
    ptr_.reset();
    return *this;
  }
  ~OptionalBox() = default;

  bool has_value() const { return ptr_ != nullptr; }
  explicit operator bool() const { return ptr_ != nullptr; }
  T& operator*() { return *ptr_; }
  const T& operator*() const { return *ptr_; }
  T* operator->() { return ptr_.get(); }
  const T* operator->() const { return ptr_.get(); }
  template <typename... Args> T& emplace(Args&&... args) {
    ptr_ = std::make_unique<T>(std::forward<Args>(args)...);
    return *ptr_;
  }
  void reset() { ptr_.reset(); }
  friend bool operator==(const OptionalBox& a, const OptionalBox& b) {
    if (!a.ptr_ || !b.ptr_) return !a.ptr_ && !b.ptr_;
    return *a.ptr_ == *b.ptr_;
  }

private:
  std::unique_ptr<T> ptr_;
};

// ---------------------------------------------------------------------------------------------
// Expressions: 64-bit signed, wrapping; they read thread-local variables only.

struct Expr;

struct IntLit {
  int64_t value = 0; // always >= 0 as written; negative numbers are Negate(IntLit)
  friend bool operator==(const IntLit&, const IntLit&) = default;
};

struct LocalRef {
  std::string name;
  friend bool operator==(const LocalRef&, const LocalRef&) = default;
};

enum class BinaryOp { Add, Sub, Mul, Div, Mod, Max, Min };

struct Binary {
  BinaryOp op;
  Box<Expr> lhs;
  Box<Expr> rhs;
  friend bool operator==(const Binary&, const Binary&) = default;
};

struct Negate {
  Box<Expr> operand;
  friend bool operator==(const Negate&, const Negate&) = default;
};

struct Expr {
  std::variant<IntLit, LocalRef, Binary, Negate> node;
  SourceRange range;
  friend bool operator==(const Expr& a, const Expr& b) { return a.node == b.node; }
};

// ---------------------------------------------------------------------------------------------
// Conditions: the operands of assert/if/while. Kept apart from expressions, as in the grammar.

struct Cond;

enum class CompareOp { Le, Lt, Ge, Gt, Eq, Ne };
enum class LogicOp { And, Or };

struct Compare {
  CompareOp op;
  Expr lhs;
  Expr rhs;
  friend bool operator==(const Compare&, const Compare&) = default;
};

struct Logical {
  LogicOp op;
  Box<Cond> lhs;
  Box<Cond> rhs;
  friend bool operator==(const Logical&, const Logical&) = default;
};

struct Not {
  Box<Cond> operand;
  friend bool operator==(const Not&, const Not&) = default;
};

struct Cond {
  std::variant<Compare, Logical, Not> node;
  SourceRange range;
  friend bool operator==(const Cond& a, const Cond& b) { return a.node == b.node; }
};

// ---------------------------------------------------------------------------------------------
// Statements.

// A shared location or a lock, optionally an element of an array: `x`, `buf[i + 1]`, `m[k]`.
struct Location {
  std::string name;
  OptionalBox<Expr> index; // present for array cells
  SourceRange range;
  friend bool operator==(const Location& a, const Location& b) {
    return a.name == b.name && a.index == b.index;
  }
};

struct Stmt;
using Block = std::vector<Stmt>;

struct Assign { // a := e
  std::string local;
  Expr value;
  friend bool operator==(const Assign&, const Assign&) = default;
};
struct Load { // a := load x
  std::string local;
  Location loc;
  friend bool operator==(const Load&, const Load&) = default;
};
struct Store { // store e x
  Expr value;
  Location loc;
  friend bool operator==(const Store&, const Store&) = default;
};
struct LockStmt { // lock m
  Location lock;
  friend bool operator==(const LockStmt&, const LockStmt&) = default;
};
struct UnlockStmt { // unlock m
  Location lock;
  friend bool operator==(const UnlockStmt&, const UnlockStmt&) = default;
};
struct Spawn { // spawn u { ... }, or spawn u f(args); (then the body is that one call)
  int64_t thread = 0;
  Block body;
  bool written_as_call = false; // `spawn u f(args);`, for printing; expansion clears it
  friend bool operator==(const Spawn&, const Spawn&) = default;
};
struct Wait { // wait u
  int64_t thread = 0;
  friend bool operator==(const Wait&, const Wait&) = default;
};
enum class AccessKind { Read, Write };

// Source sites are encoded as one integer so that instrumented code can store them in shared
// memory: line * kSiteLineFactor + column.
inline constexpr int64_t kSiteLineFactor = 65536;

// What an instrumentation check reports when it fails (see grammar: `__race(...)`): the
// current access and the earlier one it races with. Only instrumented programs have these.
struct RaceCheck {
  AccessKind kind = AccessKind::Read; // the access being checked, by the current thread
  Location loc;                       // its location (evaluated only to name it)
  Expr site;                          // its source site
  AccessKind prev_kind = AccessKind::Write;
  Expr prev_thread;   // the earlier access's thread, evaluated when the check fails
  Location prev_site; // the metadata cell holding the earlier access's site
  friend bool operator==(const RaceCheck&, const RaceCheck&) = default;
};

struct Assert { // assert(c), or an instrumentation check: assert(c) __race(...)
  Cond cond;
  OptionalBox<RaceCheck> race;
  friend bool operator==(const Assert&, const Assert&) = default;
};
struct If {
  Cond cond;
  Block then_body;
  std::optional<Block> else_body; // absent vs `else {}` is kept apart so printing round-trips
  friend bool operator==(const If&, const If&) = default;
};
struct While {
  Cond cond;
  Block body;
  friend bool operator==(const While&, const While&) = default;
};
struct Print { // print(e1, ..., en): one line, written atomically
  std::vector<Expr> args;
  friend bool operator==(const Print&, const Print&) = default;
};

// A procedure call: f(e1, ..., en). Only the surface program has calls: the frontend expands
// every one of them (frontend/procedures.h) before checking, so no later stage meets a Call; a
// stage that does reports an internal error (unexpanded_call() in frontend/ast_walk.h).
struct Call {
  std::string proc;
  std::vector<Expr> args;
  friend bool operator==(const Call&, const Call&) = default;
};

// Synchronisation statements (docs/language.md, "Volatiles, conditions, barriers"). They are
// one statement kind, Sync, so that a backend that does not support them yet refuses them in
// one place (frontend/sync_support.h) and handles them with one visitor case.
struct Cas { // r := cas(v, expected, desired): atomically, r := v; if r == expected then v :=
             // desired
  std::string local;
  Location loc; // a volatile
  Expr expected;
  Expr desired;
  friend bool operator==(const Cas&, const Cas&) = default;
};
struct FetchAdd { // r := fetch_add(v, e): atomically, r := v; v := r + e
  std::string local;
  Location loc; // a volatile
  Expr delta;
  friend bool operator==(const FetchAdd&, const FetchAdd&) = default;
};
struct CondWait { // wait(c, m): release m, sleep until notified, re-acquire m
  Location cond;
  Location mutex;
  friend bool operator==(const CondWait&, const CondWait&) = default;
};
struct Notify { // notify(c) wakes one waiter, notify_all(c) every waiter
  Location cond;
  bool all = false;
  friend bool operator==(const Notify&, const Notify&) = default;
};
struct Await { // await b: wait until the barrier's count of threads has arrived
  Location barrier;
  friend bool operator==(const Await&, const Await&) = default;
};
struct Assume { // assume(c): an execution where c is false is discarded
  Cond cond;
  friend bool operator==(const Assume&, const Assume&) = default;
};
struct Sync {
  std::variant<Cas, FetchAdd, CondWait, Notify, Await, Assume> op;
  friend bool operator==(const Sync&, const Sync&) = default;
};

// Comments are kept so that `racelang fmt` does not lose them; they do not take part in
// equality. Each comment's text is stored verbatim, including its `//` or `/* */`.
struct Comments {
  std::vector<std::string> leading;    // on the lines before the node
  std::optional<std::string> trailing; // after the node, on the line where it ends
  std::vector<std::string> body_end;   // before the '}' of a spawn/while/if body
  std::vector<std::string> else_end;   // before the '}' of an else body
};

// Only for the build test that shows every pass and backend handles every statement kind
// (frontend/ast_walk.h): defining RACELANG_TEST_EXTRA_STATEMENT adds a kind nothing handles,
// and the passes and backends must then fail to compile.
#ifdef RACELANG_TEST_EXTRA_STATEMENT
struct TestOnlyStatement {
  friend bool operator==(const TestOnlyStatement&, const TestOnlyStatement&) = default;
};
#define RACELANG_EXTRA_STATEMENT_KIND , TestOnlyStatement
#else
#define RACELANG_EXTRA_STATEMENT_KIND
#endif

struct Stmt {
  std::variant<Assign, Load, Store, LockStmt, UnlockStmt, Spawn, Wait, Assert, If, While, Print,
               Call, Sync RACELANG_EXTRA_STATEMENT_KIND>
      node;
  SourceRange range;
  Comments comments;
  // Nonzero for statements the instrumentation emitted: consecutive statements of one block
  // with the same group are one source instruction and its instrumentation, which the
  // bigger-step semantics runs as a single step. Not part of the program's meaning.
  uint32_t group = 0;
  friend bool operator==(const Stmt& a, const Stmt& b) { return a.node == b.node; }
};

// ---------------------------------------------------------------------------------------------
// Declarations and programs.

enum class DeclKind { Shared, Mutex, Volatile, Condition, Barrier };

struct Decl {
  DeclKind kind = DeclKind::Shared;
  std::string name;
  std::optional<int64_t> size; // present for arrays
  SourceRange range;
  Comments comments;
  std::optional<int64_t> count = std::nullopt; // barriers: threads per phase, `barrier b(3);`
  friend bool operator==(const Decl& a, const Decl& b) {
    return a.kind == b.kind && a.name == b.name && a.size == b.size && a.count == b.count;
  }
};

// A procedure parameter: a local of the procedure, set to the argument's value at the call.
struct Param {
  std::string name;
  SourceRange range;
  friend bool operator==(const Param& a, const Param& b) { return a.name == b.name; }
};

// proc f(p1, ..., pn) { ... }: the surface program's procedures, kept for printing and
// expanded at every call by the frontend (frontend/procedures.h).
struct ProcDecl {
  std::string name;
  SourceRange name_range;
  std::vector<Param> params;
  Block body;
  SourceRange range;
  Comments comments; // leading, trailing (after the '}'), body_end
  friend bool operator==(const ProcDecl& a, const ProcDecl& b) {
    return a.name == b.name && a.params == b.params && a.body == b.body;
  }
};

struct Program {
  std::vector<Decl> decls;
  std::vector<ProcDecl> procs;                // empty once the frontend has expanded the calls
  Block body;                                 // the main thread, id 0
  std::vector<std::string> trailing_comments; // after the last statement
  friend bool operator==(const Program& a, const Program& b) {
    return a.decls == b.decls && a.procs == b.procs && a.body == b.body;
  }
};

// Node constructors, for code that builds trees (instrumentation, generators, tests).
Expr make_int(int64_t value, SourceRange range = {});
Expr make_local(std::string name, SourceRange range = {});
Expr make_binary(BinaryOp op, Expr lhs, Expr rhs, SourceRange range = {});
Expr make_negate(Expr operand, SourceRange range = {});
Cond make_compare(CompareOp op, Expr lhs, Expr rhs, SourceRange range = {});
Cond make_logical(LogicOp op, Cond lhs, Cond rhs, SourceRange range = {});
Cond make_not(Cond operand, SourceRange range = {});

template <typename Node> Stmt make_stmt(Node node, SourceRange range = {}) {
  return Stmt{std::move(node), range, {}, 0};
}

// Spellings shared by the printer, diagnostics and the interpreter's messages.
const char* spelling(BinaryOp op);     // "+", "max", ...
const char* spelling(CompareOp op);    // "<=", ...
const char* spelling(LogicOp op);      // "&&", "||"
const char* spelling(DeclKind kind);   // "shared", "mutex", "volatile", ...
const char* spelling(AccessKind kind); // "read", "write"

// Helper for std::visit with several lambdas.
template <typename... Fs> struct Overloaded : Fs... { using Fs::operator()...; };
template <typename... Fs> Overloaded(Fs...) -> Overloaded<Fs...>;

} // namespace racelang
