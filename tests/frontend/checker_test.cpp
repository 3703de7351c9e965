// Checker unit tests: every error and warning check_program reports, with its exact wording,
// position and note; that each conflict is reported once; what the reserved-name option allows;
// and the ProgramInfo layout the later stages rely on (cell numbering of scalars and arrays in
// declaration-then-first-use order, locals, threads with their parents, spawn ranges and bodies,
// cell_name and the lookups).
#include <gtest/gtest.h>

#include "frontend/check.h"
#include "tests/support/frontend_harness.h"

namespace racelang {
namespace {

using testing::error_messages;
using testing::run_frontend;

// "line:col: severity: message" for every diagnostic of checking `text` (which must parse).
std::string check(const std::string& text, CheckOptions options = {}) {
  testing::FrontendRun run = run_frontend(text, "input.rl", /*check=*/true, options);
  EXPECT_TRUE(run.parsed) << run.output;
  return error_messages(run);
}

TEST(Checker, ValidProgramsHaveNoDiagnostics) {
  EXPECT_EQ(check(""), "");
  EXPECT_EQ(check("shared x;\nmutex m;\nlock m;\na := load x;\nstore a + 1 x;\nunlock m;\n"), "");
  // Undeclared scalars take their role from their first use.
  EXPECT_EQ(check("store 1 y;\nlock n;\nb := load y;\nunlock n;\n"), "");
  // Waits may name a thread spawned later in the text, or by another thread.
  EXPECT_EQ(check("spawn 1 {\n  wait 2;\n}\nspawn 2 {\n}\nwait 1;\n"), "");
}

TEST(Checker, ReservedNames) {
  const std::string reserved =
      "' is reserved: names starting with '__' belong to the race-detection instrumentation "
      "(for instrumented programs, use --allow-reserved)\n";
  EXPECT_EQ(check("shared __C[4];\n__t := 1;\nlock __X;\n__t := 2;\n"),
            "1:1: error: '__C" + reserved + "2:1: error: '__t" + reserved + "3:6: error: '__X" +
                reserved);
  EXPECT_EQ(check("a := __v + 1;\n"), "1:6: error: '__v" + reserved);
  // One underscore is an ordinary name; instrumented programs may use '__'.
  EXPECT_EQ(check("_a := 1;\n"), "");
  EXPECT_EQ(check("shared __C[4];\n__t := 1;\nlock __X;\n", {.allow_reserved_names = true}), "");
}

TEST(Checker, DeclaredTwice) {
  EXPECT_EQ(check("shared x;\nmutex x;\nshared y[2];\nshared y;\n"),
            "2:1: error: 'x' is declared more than once\n"
            "1:1: note: the first declaration is here\n"
            "4:1: error: 'y' is declared more than once\n"
            "3:1: note: the first declaration is here\n");
}

TEST(Checker, Arrays) {
  EXPECT_EQ(check("shared empty[0];\nstore 1 empty[0];\n"),
            "1:1: error: array 'empty' must have at least one element\n");
  EXPECT_EQ(check("shared buf[4];\nstore 1 buf;\n"),
            "2:9: error: 'buf' is an array; use an element, e.g. 'buf[0]'\n");
  EXPECT_EQ(check("mutex ls[2];\nlock ls;\n"),
            "2:6: error: 'ls' is an array; use an element, e.g. 'ls[0]'\n");
  EXPECT_EQ(check("shared x;\nstore 1 x[0];\n"),
            "2:9: error: 'x' is not an array and cannot be indexed\n");
  // An undeclared array is reported once, with the declaration to add.
  EXPECT_EQ(check("store 1 u[2];\na := load u[1];\n"),
            "1:9: error: array 'u' is not declared; declare it with a size, e.g. 'shared u[4];'\n");
  EXPECT_EQ(
      check("lock ls[1];\n"),
      "1:6: error: array 'ls' is not declared; declare it with a size, e.g. 'mutex ls[4];'\n");
  // An index expression is checked like any expression.
  EXPECT_EQ(check("shared buf[2];\nshared x;\na := load buf[x];\n"),
            "3:15: error: 'x' is used here as a local variable, but it is a shared location; "
            "expressions read locals only: load it into a local first\n"
            "2:1: note: declared as a shared location here\n");
}

TEST(Checker, ConstantIndexOutOfRangeIsAWarning) {
  testing::FrontendRun run =
      run_frontend("shared buf[4];\nstore 1 buf[4];\na := load buf[-1];\nb := load buf[3];\n"
                   "c := load buf[a + 9];\nd := load buf[-(-9)];\n");
  EXPECT_TRUE(run.accepted); // only literal indices are checked, and only as warnings
  EXPECT_EQ(error_messages(run), "2:13: warning: index 4 is out of range for 'buf' of size 4\n"
                                 "3:15: warning: index -1 is out of range for 'buf' of size 4\n");
  EXPECT_EQ(run.exit_code, 0);
}

TEST(Checker, NameRoles) {
  EXPECT_EQ(check("shared x;\nx := 1;\n"),
            "2:1: error: 'x' is used here as a local variable, but it is a shared location\n"
            "1:1: note: declared as a shared location here\n");
  EXPECT_EQ(check("mutex m;\nstore 1 m;\n"),
            "2:9: error: 'm' is used here as a shared location, but it is a lock\n"
            "1:1: note: declared as a lock here\n");
  EXPECT_EQ(check("v := 1;\nlock v;\n"),
            "2:6: error: 'v' is used here as a lock, but it is a local variable\n"
            "1:1: note: first used as a local variable here\n");
  EXPECT_EQ(check("store 1 y;\nlock y;\n"),
            "2:6: error: 'y' is used here as a lock, but it is a shared location\n"
            "1:9: note: first used as a shared location here\n");
  EXPECT_EQ(check("lock n;\na := load n;\n"),
            "2:11: error: 'n' is used here as a shared location, but it is a lock\n"
            "1:6: note: first used as a lock here\n");
  // Reading a shared location in an expression gets a hint.
  EXPECT_EQ(check("shared x;\nprint(x + 1);\n"),
            "2:7: error: 'x' is used here as a local variable, but it is a shared location; "
            "expressions read locals only: load it into a local first\n"
            "1:1: note: declared as a shared location here\n");
  // A lock read in an expression gets no hint (loading it would not help).
  EXPECT_EQ(check("mutex m;\nassert(m < 1);\n"),
            "2:8: error: 'm' is used here as a local variable, but it is a lock\n"
            "1:1: note: declared as a lock here\n");
  // Each name's conflict is reported once.
  EXPECT_EQ(check("shared x;\nx := 1;\nx := 2;\nprint(x);\nlock x;\n"),
            "2:1: error: 'x' is used here as a local variable, but it is a shared location\n"
            "1:1: note: declared as a shared location here\n");
}

TEST(Checker, Threads) {
  EXPECT_EQ(check("spawn 0 {\n}\n"),
            "1:1: error: thread id 0 is the main thread's; spawned threads are numbered from 1\n");
  EXPECT_EQ(check("spawn 1025 {\n}\nspawn 1024 {\n}\n"),
            "1:1: error: thread id 1025 is too large (at most 1024)\n");
  EXPECT_EQ(check("spawn 1 {\n}\nspawn 2 {\n  spawn 1 {\n  }\n}\n"),
            "4:3: error: thread 1 is spawned more than once; each thread id has one spawn\n"
            "1:1: note: the other spawn of thread 1 is here\n");
  EXPECT_EQ(check("spawn 1 {\n  wait 1;\n}\n"),
            "2:3: error: thread 1 waits for itself and could never continue\n");
  EXPECT_EQ(check("wait 0;\n"), "1:1: error: thread 0 waits for itself and could never continue\n");
  EXPECT_EQ(check("wait 2;\n"),
            "1:1: error: wait for thread 2, but no spawn in the program creates it\n");
  // Waiting for the main thread from another thread is accepted (thread 0 exists).
  EXPECT_EQ(check("spawn 3 {\n  wait 0;\n}\n"), "");
  // The bodies of rejected spawns are still checked.
  EXPECT_EQ(check("shared x;\nspawn 0 {\n  x := 1;\n}\n"),
            "2:1: error: thread id 0 is the main thread's; spawned threads are numbered from 1\n"
            "3:3: error: 'x' is used here as a local variable, but it is a shared location\n"
            "1:1: note: declared as a shared location here\n");
}

TEST(Checker, RaceChecksBelongToInstrumentedPrograms) {
  const std::string program = "shared x;\nshared __meta[2];\n"
                              "assert(a == 0) __race(read x, 1, write 2, __meta[1]);\n"
                              "assert(a == 0) __race(read x, 1, write 2000, __meta[1]);\n";
  std::string errors = check(program);
  EXPECT_NE(errors.find("3:1: error: '__race' checks belong to the race-detection "
                        "instrumentation\n"),
            std::string::npos)
      << errors;
  EXPECT_EQ(errors.find("4:1: error: '__race'"), std::string::npos) << "reported once";
  // The earlier access's thread is an expression evaluated when the check fails (an
  // epoch-based pass reads it from metadata), so it is not range-checked here.
  EXPECT_EQ(check(program, {.allow_reserved_names = true}), "");
}

TEST(Checker, TooManyCells) {
  EXPECT_EQ(check("shared a[67108864];\n"), "");
  EXPECT_EQ(
      check("shared a[67108863];\nmutex b[2];\n"),
      "2:1: error: 'b' does not fit: a program has at most 67108864 shared cells and locks\n");
  EXPECT_EQ(
      check("shared a[9223372036854775807];\n"),
      "1:1: error: 'a' does not fit: a program has at most 67108864 shared cells and locks\n");
  // Scalars take a cell each, too.
  EXPECT_EQ(
      check("shared a[67108864];\nstore 1 s;\n"),
      "2:9: error: 's' does not fit: a program has at most 67108864 shared cells and locks\n");
}

// ---- Layout -------------------------------------------------------------------------------------

TEST(CheckerLayout, CellsLocalsAndThreads) {
  testing::FrontendRun run = run_frontend(R"(shared x;
mutex m;
shared buf[3];
mutex locks[2];
a := load y;
lock n;
b := a + 1;
spawn 2 {
  c := 1;
  spawn 5 {
    print(c);
  }
}
spawn 1 {
  wait 2;
}
wait 1;
)",
                                          "input.rl", /*check=*/false);
  ASSERT_TRUE(run.program);
  const Program& program = *run.program;
  testing::FrontendRun sink = run_frontend("");
  DiagnosticEngine diags(SourceFile("input.rl", ""), nullptr);
  std::optional<ProgramInfo> info = check_program(program, diags);
  ASSERT_TRUE(info);
  EXPECT_TRUE(diags.diagnostics().empty());

  // Declared names first (in declaration order), then undeclared ones by first use.
  ASSERT_EQ(info->symbols.size(), 6u);
  struct Want {
    const char* name;
    SymbolKind kind;
    std::optional<int64_t> size;
    uint32_t first_cell, cell_count;
  };
  const Want want[] = {
      {"x", SymbolKind::Shared, std::nullopt, 0, 1}, {"m", SymbolKind::Lock, std::nullopt, 1, 1},
      {"buf", SymbolKind::Shared, 3, 2, 3},          {"locks", SymbolKind::Lock, 2, 5, 2},
      {"y", SymbolKind::Shared, std::nullopt, 7, 1}, {"n", SymbolKind::Lock, std::nullopt, 8, 1}};
  for (size_t k = 0; k < 6; ++k) {
    SCOPED_TRACE(want[k].name);
    const Symbol& s = info->symbols[k];
    EXPECT_EQ(s.name, want[k].name);
    EXPECT_EQ(s.kind, want[k].kind);
    EXPECT_EQ(s.array_size, want[k].size);
    EXPECT_EQ(s.first_cell, want[k].first_cell);
    EXPECT_EQ(s.cell_count, want[k].cell_count);
    EXPECT_EQ(info->find_symbol(want[k].name), &s);
  }
  EXPECT_EQ(info->cell_count, 9u);
  EXPECT_EQ(info->symbols[0].first_seen, (SourceRange{{1, 1}, {1, 10}}));  // the declaration
  EXPECT_EQ(info->symbols[4].first_seen, (SourceRange{{5, 11}, {5, 12}})); // the first use
  EXPECT_EQ(info->find_symbol("a"), nullptr);
  EXPECT_EQ(info->find_symbol("zz"), nullptr);

  const char* names[] = {"x", "m", "buf[0]", "buf[1]", "buf[2]", "locks[0]", "locks[1]", "y", "n"};
  for (uint32_t cell = 0; cell < 9; ++cell) {
    EXPECT_EQ(info->cell_name(cell), names[cell]);
    ASSERT_NE(info->symbol_of_cell(cell), nullptr);
  }
  EXPECT_EQ(info->symbol_of_cell(3)->name, "buf");
  EXPECT_EQ(info->symbol_of_cell(6)->name, "locks");
  EXPECT_EQ(info->symbol_of_cell(9), nullptr);
  EXPECT_EQ(info->cell_name(9), "cell 9");

  EXPECT_EQ(info->locals, (std::vector<std::string>{"a", "b", "c"}));
  EXPECT_EQ(info->find_local("a"), 0u);
  EXPECT_EQ(info->find_local("c"), 2u);
  EXPECT_EQ(info->find_local("x"), std::nullopt);

  // Main first, then in the order of the spawns in the text.
  ASSERT_EQ(info->threads.size(), 4u);
  const Spawn& spawn2 = std::get<Spawn>(program.body[3].node);
  const Spawn& spawn5 = std::get<Spawn>(spawn2.body[1].node);
  const Spawn& spawn1 = std::get<Spawn>(program.body[4].node);
  const ThreadInfo& main = info->threads[0];
  EXPECT_EQ(main.id, 0);
  EXPECT_EQ(main.parent, -1);
  EXPECT_EQ(main.body, &program.body);
  EXPECT_EQ(main.spawn_range, SourceRange{});
  struct WantThread {
    int64_t id, parent;
    SourceRange range;
    const Block* body;
  };
  const WantThread threads[] = {{2, 0, {{8, 1}, {13, 2}}, &spawn2.body},
                                {5, 2, {{10, 3}, {12, 4}}, &spawn5.body},
                                {1, 0, {{14, 1}, {16, 2}}, &spawn1.body}};
  for (size_t k = 0; k < 3; ++k) {
    const ThreadInfo& t = info->threads[k + 1];
    EXPECT_EQ(t.id, threads[k].id);
    EXPECT_EQ(t.parent, threads[k].parent);
    EXPECT_EQ(t.spawn_range, threads[k].range);
    EXPECT_EQ(t.body, threads[k].body);
    EXPECT_EQ(info->find_thread(t.id), &t);
  }
  EXPECT_EQ(info->find_thread(3), nullptr);
  EXPECT_EQ(info->max_thread_id, 5);
}

TEST(CheckerLayout, EmptyProgram) {
  Program empty;
  DiagnosticEngine diags(SourceFile("e.rl", ""), nullptr);
  std::optional<ProgramInfo> info = check_program(empty, diags);
  ASSERT_TRUE(info);
  EXPECT_TRUE(info->symbols.empty());
  EXPECT_EQ(info->cell_count, 0u);
  EXPECT_EQ(info->threads.size(), 1u);
  EXPECT_EQ(info->max_thread_id, 0);
  EXPECT_EQ(info->symbol_of_cell(0), nullptr);
  EXPECT_EQ(info->cell_name(0), "cell 0");
}

TEST(CheckerLayout, ErrorsGiveNoLayout) {
  Program p;
  p.body.push_back(make_stmt(Wait{4}));
  SourceFile file("e.rl", "");
  DiagnosticEngine diags(file, nullptr);
  EXPECT_FALSE(check_program(p, diags));
  EXPECT_EQ(diags.error_count(), 1u);
  // A synthesised tree has no positions: the diagnostic has none either.
  EXPECT_EQ(diags.diagnostics().at(0).range.begin.line, 0u);
}

} // namespace
} // namespace racelang
