// RapidCheck generators of random, well-formed racelang programs as ASTs, shared by every
// property test that needs programs (frontend round trips, instrumentation, interpreter). A
// generated program parses from its printed form and passes check_program with no diagnostics
// at all: each name belongs to exactly one pool (locals, shared scalars, shared arrays, locks,
// lock arrays), arrays are declared and always indexed (constant indices in range), spawn ids
// are unique and at least 1, and waits name spawned threads other than the waiting one. Sizes
// are bounded by GenConfig and scale with RapidCheck's size, and generators shrink towards
// fewer statements, shallower trees, smaller literals and earlier alternatives. showValue
// prints programs as racelang source, so counterexamples read as code.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include <rapidcheck.h>

#include "frontend/ast.h"

namespace racelang::testgen {

// Names by role. Pools must be disjoint, free of keywords and of the reserved '__' prefix for
// generated programs to pass check_program (tests that want broken programs can break that).
struct NamePools {
  std::vector<std::string> locals{"a", "b", "c", "i", "n", "tmp"};
  std::vector<std::string> shared{"x", "y", "z", "flag"};
  std::vector<std::string> shared_arrays{"buf", "arr"};
  std::vector<std::string> locks{"m", "mu"};
  std::vector<std::string> lock_arrays{"locks"};
};

// Relative frequency of each statement kind; 0 disables a kind (e.g. while = 0 for programs
// without loops). Compound statements only appear while the block depth allows them.
struct StmtWeights {
  int assign = 4;
  int load = 3;
  int store = 3;
  int lock = 1;
  int unlock = 1;
  int spawn = 2;
  int wait = 1;
  int assert_ = 1;
  int if_ = 2;
  int while_ = 1;
  int print = 1;
};

struct GenConfig {
  NamePools names;
  StmtWeights weights;
  int max_block_depth = 3; // nested bodies of spawn/if/while
  int max_body_stmts = 8;  // statements in the main thread's body
  int max_block_stmts = 4; // statements in a nested body
  int max_expr_depth = 4;  // operators nested in one expression
  int max_cond_depth = 3;  // &&, ||, ! nested in one condition
  int max_array_size = 8;
  int max_print_args = 3;
  // Attach comments everywhere the printer keeps them (leading, trailing, end of block, end of
  // else, end of file; line, block and multi-line block comments, some with UTF-8 text).
  bool comments = false;
  // Also generate instrumentation checks (`assert(...) __race(...)`), whose metadata uses the
  // reserved name `__meta`: check such programs with CheckOptions{.allow_reserved_names=true}.
  bool race_checks = false;
  // Also generate the synchronisation statements (volatile loads and stores, cas, fetch_add,
  // wait/notify on a condition, await on a barrier, assume) over fixed declarations
  // (kSyncVolatile, kSyncVolatileArray, kSyncCondition, kSyncBarrier; needs a lock name).
  bool sync = false;
};

inline constexpr const char* kSyncVolatile = "vol";
inline constexpr const char* kSyncVolatileArray = "vols"; // two elements
inline constexpr const char* kSyncCondition = "cv";
inline constexpr const char* kSyncBarrier = "bar"; // for two threads

// Scales the depth and length limits of `config` down for RapidCheck size `size` (0..100):
// small sizes give small programs, size 100 gives the limits themselves.
GenConfig scaled_config(const GenConfig& config, int size);

// A whole program: declarations (in random order, scalars optionally declared, every array
// declared) and the main thread's body. Depth and length limits scale with the size.
rc::Gen<Program> gen_program(GenConfig config = {});

// The parts, for tests of smaller units. Expressions read config.names.locals; `depth` is the
// number of operators that may nest. Integer literals are non-negative (negative numbers are
// Negate(IntLit)), mostly small, sometimes up to INT64_MAX.
rc::Gen<Expr> gen_expr(const GenConfig& config, int depth);
rc::Gen<Cond> gen_cond(const GenConfig& config, int depth, int expr_depth);
rc::Gen<int64_t> gen_literal_value();
// A comment as the lexer keeps it: `// ...` (no line break) or `/* ... */` (possibly several
// lines, never containing `*/`).
rc::Gen<std::string> gen_comment();

// Every comment of a program in printing order (declarations, statements depth first with
// leading, body-end, else-end and trailing comments, then the end of file).
std::vector<std::string> all_comments(const Program& program);
// Whether two programs carry the same comments in the same places (AST equality ignores them).
bool same_comments(const Program& a, const Program& b);

// `count` values drawn deterministically from `seed`, with sizes cycling through 0..100 as in a
// RapidCheck run (for coverage checks and loops outside a property).
template <typename T> std::vector<T> sample(const rc::Gen<T>& gen, int count, uint64_t seed) {
  rc::Random random(seed);
  std::vector<T> out;
  for (int k = 0; k < count; ++k) out.push_back(gen(random.split(), k % 101).value());
  return out;
}

// Counts for generator coverage tests.
struct ProgramStats {
  int stmts = 0, assigns = 0, loads = 0, stores = 0, locks = 0, unlocks = 0, spawns = 0,
      nested_spawns = 0, waits = 0, asserts = 0, race_checks = 0, ifs = 0, ifs_with_else = 0,
      empty_elses = 0, whiles = 0, prints = 0, array_accesses = 0, lock_array_accesses = 0,
      decls = 0, array_decls = 0, mutex_decls = 0, max_block_depth = 0, syncs = 0;
  int binary[7] = {}; // by BinaryOp
  int negates = 0, double_negates = 0, negated_literals = 0;
  int right_nested_same_precedence = 0;  // a - (b - c), a * (b / c)
  int lower_precedence_left_operand = 0; // (a + b) * c
  int compares[6] = {};                  // by CompareOp
  int ands = 0, ors = 0, nots = 0, comments = 0;
};
ProgramStats program_stats(const Program& program);
// Sums counts (max_block_depth: the larger one).
ProgramStats& operator+=(ProgramStats& total, const ProgramStats& more);

} // namespace racelang::testgen

namespace racelang {
// Picked up by RapidCheck (argument-dependent lookup) to show counterexamples as source code.
void showValue(const Program& program, std::ostream& os);
void showValue(const Expr& expr, std::ostream& os);
void showValue(const Cond& cond, std::ostream& os);
} // namespace racelang

namespace rc {
// `RC_GTEST_PROP(..., (const racelang::Program& p))` draws from gen_program() with defaults.
template <> struct Arbitrary<racelang::Program> {
  static Gen<racelang::Program> arbitrary() { return racelang::testgen::gen_program(); }
};
} // namespace rc
