// The AST walks of frontend/ast_walk.h, and the compile-time guard behind visit_stmt: a visitor
// with a catch-all, or one that misses a statement kind, is not an exhaustive visitor. (That a
// real pass then fails to build is shown by the NewStatementKind build tests.)
#include <gtest/gtest.h>

#include "frontend/ast_walk.h"
#include "tests/support/frontend_harness.h"

namespace racelang {
namespace {

auto every_kind = Overloaded{
    [](const Assign&) {},     [](const Load&) {},  [](const Store&) {}, [](const LockStmt&) {},
    [](const UnlockStmt&) {}, [](const Spawn&) {}, [](const Wait&) {},  [](const Assert&) {},
    [](const If&) {},         [](const While&) {}, [](const Print&) {}, [](const Call&) {},
    [](const Sync&) {},
};
auto catch_all = Overloaded{[](const Assign&) {}, [](const auto&) {}};
auto missing_print = Overloaded{
    [](const Assign&) {},     [](const Load&) {},  [](const Store&) {}, [](const LockStmt&) {},
    [](const UnlockStmt&) {}, [](const Spawn&) {}, [](const Wait&) {},  [](const Assert&) {},
    [](const If&) {},         [](const While&) {}, [](const Call&) {},  [](const Sync&) {},
};
static_assert(handles_every_statement_kind<decltype(every_kind)>);
static_assert(!handles_every_statement_kind<decltype(catch_all)>);
static_assert(!handles_every_statement_kind<decltype(missing_print)>);

Program parse_ok(const std::string& text) {
  std::optional<Program> p = testing::parse_text(text);
  EXPECT_TRUE(p.has_value()) << text;
  return p ? std::move(*p) : Program{};
}

const char* kProgram = R"(shared x;
shared buf[4];
a := 1;
spawn 1 {
  b := load x;
  if (b > 0) {
    store b + c buf[i];
  }
}
while (a < 3) {
  d := load buf[a];
  a := a + 1;
}
wait 1;
)";

TEST(AstWalk, ForEachStmtVisitsNestedBodiesAndSpawnsOnRequest) {
  Program p = parse_ok(kProgram);
  int with = 0, without = 0;
  for_each_stmt(p.body, SpawnBodies::Enter, [&](const Stmt&) { ++with; });
  for_each_stmt(p.body, SpawnBodies::Skip, [&](const Stmt&) { ++without; });
  // main: a :=, spawn, while, d := load, a := a + 1, wait; thread 1: load, if, store.
  EXPECT_EQ(without, 6);
  EXPECT_EQ(with, 9);
}

TEST(AstWalk, ThreadLocalsStayInTheThread) {
  Program p = parse_ok(kProgram);
  std::vector<std::string> main_locals;
  thread_locals(p.body, main_locals);
  EXPECT_EQ(main_locals, (std::vector<std::string>{"a", "d"}));
  const auto& spawn = std::get<Spawn>(p.body[1].node);
  std::vector<std::string> child;
  thread_locals(spawn.body, child);
  EXPECT_EQ(child, (std::vector<std::string>{"b", "c", "i"}));
}

TEST(AstWalk, AccessStatementAtFindsLoadsAndStoresInEveryThread) {
  Program p = parse_ok(kProgram);
  const Stmt* store = access_statement_at(p.body, SourceLoc{7, 5});
  ASSERT_NE(store, nullptr);
  EXPECT_TRUE(std::holds_alternative<Store>(store->node));
  EXPECT_NE(access_statement_at(p.body, SourceLoc{11, 3}), nullptr);
  EXPECT_EQ(access_statement_at(p.body, SourceLoc{3, 1}), nullptr); // an assignment
}

// AccessRanges answers what access_range_at answers, at every position of the program: the
// first load or store (in walk order, every thread) that starts there, or one column.
TEST(AstWalk, AccessRangesAgreeWithAccessRangeAtEverywhere) {
  Program p = parse_ok(kProgram);
  AccessRanges ranges(p.body);
  size_t accesses = 0;
  for (uint32_t line = 0; line <= 14; ++line)
    for (uint32_t col = 0; col <= 30; ++col) {
      SourceLoc at{line, col};
      EXPECT_EQ(ranges.at(at), access_range_at(p.body, at)) << line << ":" << col;
      if (access_statement_at(p.body, at)) ++accesses;
    }
  EXPECT_GE(accesses, 3u);
  EXPECT_EQ(AccessRanges().at(SourceLoc{7, 5}), (SourceRange{{7, 5}, {7, 6}}));
}

} // namespace
} // namespace racelang
