// Printer unit tests: the canonical layout (spacing, one statement per line, two-space
// indentation of nested blocks, a blank line between declarations and statements, `} else {`,
// `else {}` kept), literals (negative numbers, the largest one), max/min, the minimal
// parentheses including `-(-a)` and `!(a < b)`, instrumentation checks, the single-node entry
// points, and programs at the nesting limit, where those two optional parentheses give way so
// the printed program still parses.
#include <gtest/gtest.h>

#include "frontend/parse.h"
#include "frontend/print.h"
#include "tests/support/frontend_harness.h"

namespace racelang {
namespace {

std::string fmt(const std::string& text) {
  std::optional<Program> p = testing::parse_text(text);
  EXPECT_TRUE(p) << text;
  return p ? print_program(*p) : "";
}

TEST(Printer, CanonicalLayout) {
  EXPECT_EQ(fmt("shared  x ;mutex m[2];a:=1+2*3;store a   x;lock m[0];unlock m[0];"
                "if(a<b){print(a,b);}else{}while(!(a<b)){a:=a-1;}spawn 1{wait 2;spawn 2{}}"
                "b:=load x;assert(a==b&&a!=0||a>=b);"),
            R"(shared x;
mutex m[2];

a := 1 + 2 * 3;
store a x;
lock m[0];
unlock m[0];
if (a < b) {
  print(a, b);
} else {
}
while (!(a < b)) {
  a := a - 1;
}
spawn 1 {
  wait 2;
  spawn 2 {
  }
}
b := load x;
assert(a == b && a != 0 || a >= b);
)");
}

TEST(Printer, NestedBlocksIndentByTwo) {
  EXPECT_EQ(
      fmt("spawn 1 { if (a < 1) { while (a < 2) { spawn 2 { a := 1; } } } else { b := 2; } }"),
      R"(spawn 1 {
  if (a < 1) {
    while (a < 2) {
      spawn 2 {
        a := 1;
      }
    }
  } else {
    b := 2;
  }
}
)");
}

TEST(Printer, DeclarationsAndBodySeparation) {
  EXPECT_EQ(print_program(Program{}), "");
  EXPECT_EQ(fmt("shared x; mutex m;"), "shared x;\nmutex m;\n"); // no blank line without statements
  EXPECT_EQ(fmt("a := 1;"), "a := 1;\n");
  EXPECT_EQ(fmt("shared buf[10];a := 1;"), "shared buf[10];\n\na := 1;\n");
}

TEST(Printer, ElseKeptOnlyWhenWritten) {
  EXPECT_EQ(fmt("if (a < b) {}"), "if (a < b) {\n}\n");
  EXPECT_EQ(fmt("if (a < b) {} else {}"), "if (a < b) {\n} else {\n}\n");
}

TEST(Printer, LiteralsMaxMinAndNegation) {
  Program p;
  p.body.push_back(make_stmt(Assign{"a", make_negate(make_int(5))}));
  p.body.push_back(make_stmt(Assign{"b", make_int(9223372036854775807)}));
  p.body.push_back(make_stmt(Assign{"c", make_negate(make_int(9223372036854775807))}));
  p.body.push_back(
      make_stmt(Print{{make_binary(BinaryOp::Max, make_local("a"), make_negate(make_local("b"))),
                       make_binary(BinaryOp::Min, make_int(0),
                                   make_binary(BinaryOp::Add, make_local("a"), make_int(1)))}}));
  EXPECT_EQ(print_program(p), "a := -5;\n"
                              "b := 9223372036854775807;\n"
                              "c := -9223372036854775807;\n"
                              "print(max(a, -b), min(0, a + 1));\n");
}

TEST(Printer, NegationOfNegation) {
  // Canonical `-(-a)`, never `--a` (which would read as a decrement to C programmers).
  EXPECT_EQ(print_expr(make_negate(make_negate(make_local("a")))), "-(-a)");
  EXPECT_EQ(print_expr(make_negate(make_negate(make_negate(make_int(1))))), "-(-(-1))");
  EXPECT_EQ(print_expr(make_negate(make_binary(BinaryOp::Sub, make_local("a"), make_local("b")))),
            "-(a - b)");
  EXPECT_EQ(print_cond(make_not(make_compare(CompareOp::Lt, make_local("a"), make_local("b")))),
            "!(a < b)");
  EXPECT_EQ(print_cond(make_not(make_not(make_compare(CompareOp::Eq, make_int(1), make_int(2))))),
            "!!(1 == 2)");
}

TEST(Printer, RaceChecks) {
  EXPECT_EQ(fmt("assert(a==0)__race(write x,65537,read 2,__meta[k+1]);"),
            "assert(a == 0) __race(write x, 65537, read 2, __meta[k + 1]);\n");
}

TEST(Printer, SingleNodeEntryPoints) {
  Program p = *testing::parse_text("spawn 4 {\n  store -a buf[i % 2];\n}\n");
  EXPECT_EQ(print_stmt(p.body[0]), "spawn 4 {\n  store -a buf[i % 2];\n}\n");
  EXPECT_EQ(print_stmt(p.body[0], 2), "    spawn 4 {\n      store -a buf[i % 2];\n    }\n");
  const Store& st = std::get<Store>(std::get<Spawn>(p.body[0].node).body[0].node);
  EXPECT_EQ(print_location(st.loc), "buf[i % 2]");
  EXPECT_EQ(print_location(Location{"x", std::nullopt, {}}), "x");
  EXPECT_EQ(print_expr(st.value), "-a");
}

// Inputs written without the optional parentheses, nested to the limit by parentheses that are
// needed: printing must not add a level the parser would refuse.
TEST(Printer, AtTheNestingLimitOptionalParenthesesGiveWay) {
  std::string negations = "a := " + [] {
    std::string s;
    for (int k = 0; k < 1000; ++k) s += "- ";
    return s;
  }() + "1;\n";
  std::string nots = "!a < b";
  for (int k = 0; k < 255; ++k) nots = "(" + nots + " || a < b) && a < b";
  nots = "assert(" + nots + ");\n";
  auto blocks = [](int depth, const std::string& body) {
    std::string out;
    for (int k = 0; k < depth; ++k) out += "if (a < b) {\n";
    out += body;
    for (int k = 0; k < depth; ++k) out += "}\n";
    return out;
  };
  // At block depth 255 a parenthesis is level 256 (allowed), inside `assert(` level 257.
  std::string in_blocks = blocks(255, "a := - -1;\nassert(!a < b);\n");
  std::string deepest_blocks = blocks(256, "a := - -1;\n");

  for (const std::string& input : {negations, nots, in_blocks, deepest_blocks}) {
    testing::FrontendRun run = testing::run_frontend(input);
    ASSERT_TRUE(run.accepted) << run.output;
    std::string printed = print_program(*run.program);
    testing::FrontendRun again = testing::run_frontend(printed);
    ASSERT_TRUE(again.accepted) << testing::printable(again.output, 500);
    EXPECT_EQ(*again.program, *run.program);
    EXPECT_EQ(print_program(*again.program), printed);
  }
  // Where there is room, the canonical parentheses are there; at the limit they give way.
  std::string printed = print_program(*testing::parse_text(negations));
  EXPECT_TRUE(printed.starts_with("a := -(-(-(")) << printed.substr(0, 40);
  EXPECT_NE(printed.find("(- -"), std::string::npos);
  std::string deep_blocks = print_program(*testing::parse_text(in_blocks));
  EXPECT_NE(deep_blocks.find("a := -(-1);"), std::string::npos);
  EXPECT_NE(deep_blocks.find("assert(!a < b);"), std::string::npos);
  EXPECT_NE(print_program(*testing::parse_text(deepest_blocks)).find("a := - -1;"),
            std::string::npos);
  std::string shallow_blocks = fmt("if (a < b) {\na := - -1;\nassert(!a < b);\n}\n");
  EXPECT_NE(shallow_blocks.find("a := -(-1);"), std::string::npos);
  EXPECT_NE(shallow_blocks.find("assert(!(a < b));"), std::string::npos);
}

} // namespace
} // namespace racelang
