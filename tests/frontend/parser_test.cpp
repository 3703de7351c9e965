// Parser unit tests: every construct parses to the AST it should; source ranges of statements,
// expressions, conditions, locations and declarations (1-based, end exclusive, columns in code
// points, tabs as one column); precedence and associativity of every operator; where comments
// attach (leading, trailing, inside a statement, end of block, end of else, end of file,
// multi-line) and that `fmt` keeps every one of them; the wording and position of syntax
// and lexical errors; and that the parser's own structures stay bounded while it parses a long
// block (it frees each item's parse tree and tokens as it goes).
#include <algorithm>

#include <gtest/gtest.h>

#include "frontend/parse.h"
#include "frontend/print.h"
#include "tests/support/frontend_harness.h"
#include "tests/support/program_gen.h"

namespace racelang {
namespace {

using testing::run_frontend;

Program parse_ok(const std::string& text) {
  testing::FrontendRun run = run_frontend(text, "input.rl", /*check=*/false);
  EXPECT_TRUE(run.parsed) << text << "\n" << run.output;
  return run.program.value_or(Program{});
}

const Stmt& only_stmt(const Program& p) {
  EXPECT_EQ(p.body.size(), 1u);
  static const Stmt empty = make_stmt(Wait{0});
  return p.body.empty() ? empty : p.body[0];
}

Expr parse_expr(const std::string& text) {
  Program p = parse_ok("a := " + text + ";");
  if (p.body.empty()) return make_int(-1);
  return std::get<Assign>(p.body[0].node).value;
}

Cond parse_cond(const std::string& text) {
  Program p = parse_ok("assert(" + text + ");");
  if (p.body.empty()) return make_compare(CompareOp::Eq, make_int(0), make_int(1));
  return std::get<Assert>(p.body[0].node).cond;
}

SourceRange range(uint32_t l1, uint32_t c1, uint32_t l2, uint32_t c2) {
  return {{l1, c1}, {l2, c2}};
}

// Shorthands for expected trees.
Expr v(const char* name) {
  return make_local(name);
}
Expr n(int64_t value) {
  return make_int(value);
}
Expr bin(BinaryOp op, Expr l, Expr r) {
  return make_binary(op, std::move(l), std::move(r));
}
Expr neg(Expr e) {
  return make_negate(std::move(e));
}
Cond cmp(CompareOp op, Expr l, Expr r) {
  return make_compare(op, std::move(l), std::move(r));
}
Cond lt(const char* a, const char* b) {
  return cmp(CompareOp::Lt, v(a), v(b));
}
Cond both(Cond l, Cond r) {
  return make_logical(LogicOp::And, std::move(l), std::move(r));
}
Cond either(Cond l, Cond r) {
  return make_logical(LogicOp::Or, std::move(l), std::move(r));
}
Cond no(Cond c) {
  return make_not(std::move(c));
}
constexpr BinaryOp Add = BinaryOp::Add, Sub = BinaryOp::Sub, Mul = BinaryOp::Mul,
                   Div = BinaryOp::Div, Mod = BinaryOp::Mod, Max = BinaryOp::Max,
                   Min = BinaryOp::Min;

// ---- Every construct ---------------------------------------------------------------------------

TEST(Parser, EveryConstruct) {
  Program p = parse_ok(R"(shared x;
shared buf[4];
mutex m;
mutex locks[2];
a := 1;
b := load x;
c := load buf[a + 1];
store a x;
store -b buf[0];
lock m;
unlock locks[c];
spawn 3 {
  spawn 7 {
    print(a);
  }
  wait 7;
}
wait 3;
assert(a < b);
if (a == b) {
  print(a, b, max(a, b), min(a, -1));
}
if (a != b) {
} else {
}
if (a >= b) {
  a := 2;
} else {
  a := 3;
}
while (a <= 10 || !(b > 2)) {
  a := a + 1;
}
)");
  Program want;
  want.decls = {
      Decl{DeclKind::Shared, "x", std::nullopt, {}, {}}, Decl{DeclKind::Shared, "buf", 4, {}, {}},
      Decl{DeclKind::Mutex, "m", std::nullopt, {}, {}}, Decl{DeclKind::Mutex, "locks", 2, {}, {}}};
  auto at = [](const char* name, OptionalBox<Expr> index = std::nullopt) {
    return Location{name, std::move(index), {}};
  };
  Block inner{make_stmt(Print{{v("a")}})};
  want.body = {
      make_stmt(Assign{"a", n(1)}),
      make_stmt(Load{"b", at("x")}),
      make_stmt(Load{"c", at("buf", bin(Add, v("a"), n(1)))}),
      make_stmt(Store{v("a"), at("x")}),
      make_stmt(Store{neg(v("b")), at("buf", n(0))}),
      make_stmt(LockStmt{at("m")}),
      make_stmt(UnlockStmt{at("locks", v("c"))}),
      make_stmt(Spawn{3, {make_stmt(Spawn{7, inner}), make_stmt(Wait{7})}}),
      make_stmt(Wait{3}),
      make_stmt(Assert{lt("a", "b"), std::nullopt}),
      make_stmt(If{cmp(CompareOp::Eq, v("a"), v("b")),
                   {make_stmt(Print{
                       {v("a"), v("b"), bin(Max, v("a"), v("b")), bin(Min, v("a"), neg(n(1)))}})},
                   std::nullopt}),
      make_stmt(If{cmp(CompareOp::Ne, v("a"), v("b")), {}, Block{}}),
      make_stmt(If{cmp(CompareOp::Ge, v("a"), v("b")),
                   {make_stmt(Assign{"a", n(2)})},
                   Block{make_stmt(Assign{"a", n(3)})}}),
      make_stmt(
          While{either(cmp(CompareOp::Le, v("a"), n(10)), no(cmp(CompareOp::Gt, v("b"), n(2)))),
                {make_stmt(Assign{"a", bin(Add, v("a"), n(1))})}}),
  };
  EXPECT_EQ(p, want) << print_program(p);
}

TEST(Parser, IfWithoutElseAndWithEmptyElseAreDifferentPrograms) {
  Program without = parse_ok("if (a < b) {}");
  Program empty_else = parse_ok("if (a < b) {} else {}");
  EXPECT_FALSE(std::get<If>(only_stmt(without).node).else_body.has_value());
  ASSERT_TRUE(std::get<If>(only_stmt(empty_else).node).else_body.has_value());
  EXPECT_TRUE(std::get<If>(only_stmt(empty_else).node).else_body->empty());
  EXPECT_FALSE(without == empty_else);
}

TEST(Parser, EmptyProgramsAndWhitespace) {
  EXPECT_EQ(parse_ok(""), Program{});
  EXPECT_EQ(parse_ok(" \t\r\n\n"), Program{});
  Program decls_only = parse_ok("shared x;");
  EXPECT_EQ(decls_only.decls.size(), 1u);
  EXPECT_TRUE(decls_only.body.empty());
  // Tokens need no spaces between them.
  EXPECT_EQ(parse_ok("a:=-1;store a x;if(a<b){}else{}"),
            parse_ok("a := -1;\nstore a x;\nif (a < b) {\n} else {\n}\n"));
}

TEST(Parser, IntegerLiterals) {
  EXPECT_EQ(parse_expr("0"), n(0));
  EXPECT_EQ(parse_expr("007"), n(7));
  EXPECT_EQ(parse_expr("9223372036854775807"), n(9223372036854775807));
  EXPECT_EQ(parse_expr("-9223372036854775807"), neg(n(9223372036854775807)));
  // The most negative value cannot be written: its magnitude is not a literal.
  testing::FrontendRun run = run_frontend("a := -9223372036854775808;");
  EXPECT_FALSE(run.parsed);
  EXPECT_EQ(run.diagnostics.at(0).message,
            "integer literal '9223372036854775808' is too large (the largest is "
            "9223372036854775807)");
}

TEST(Parser, RaceChecksOfInstrumentedPrograms) {
  Program p = parse_ok("assert(a == 0) __race(write x, 65537, read 2, __meta[3]);");
  const Assert& a = std::get<Assert>(only_stmt(p).node);
  ASSERT_TRUE(a.race);
  EXPECT_EQ(a.race->kind, AccessKind::Write);
  EXPECT_EQ(a.race->loc, (Location{"x", std::nullopt, {}}));
  EXPECT_EQ(a.race->site, n(65537));
  EXPECT_EQ(a.race->prev_kind, AccessKind::Read);
  EXPECT_EQ(a.race->prev_thread, n(2));
  EXPECT_EQ(a.race->prev_site, (Location{"__meta", n(3), {}}));
  // `read` and `write` are checked by the builder; they are not keywords.
  testing::FrontendRun run = run_frontend("assert(a == 0) __race(modify x, 1, read 2, y);");
  EXPECT_FALSE(run.parsed);
  EXPECT_EQ(testing::error_messages(run),
            "1:23: error: expected 'read' or 'write', not 'modify'\n");
  EXPECT_TRUE(run_frontend("read := 1; write := read;").accepted);
}

// ---- Positions
// ------------------------------------------------------------------------------------

TEST(ParserPositions, StatementsExpressionsAndLocations) {
  Program p = parse_ok("x := a + b;\nstore (a + b) * c buf[i + 1];\n");
  ASSERT_EQ(p.body.size(), 2u);
  const Stmt& s1 = p.body[0];
  EXPECT_EQ(s1.range, range(1, 1, 1, 12));
  const Expr& sum = std::get<Assign>(s1.node).value;
  EXPECT_EQ(sum.range, range(1, 6, 1, 11));
  const Binary& b = std::get<Binary>(sum.node);
  EXPECT_EQ(b.lhs->range, range(1, 6, 1, 7));
  EXPECT_EQ(b.rhs->range, range(1, 10, 1, 11));

  const Stmt& s2 = p.body[1];
  EXPECT_EQ(s2.range, range(2, 1, 2, 30));
  const Store& st = std::get<Store>(s2.node);
  EXPECT_EQ(st.value.range, range(2, 7, 2, 18));
  // A parenthesized operand's range includes its parentheses.
  EXPECT_EQ(std::get<Binary>(st.value.node).lhs->range, range(2, 7, 2, 14));
  EXPECT_EQ(st.loc.range, range(2, 19, 2, 29));
  ASSERT_TRUE(st.loc.index);
  EXPECT_EQ(st.loc.index->range, range(2, 23, 2, 28));
}

TEST(ParserPositions, CompoundStatementsSpanLines) {
  Program p = parse_ok("spawn 1 {\n  x := 1;\n}\nif (a < b && c < d) {\n} else {\n  wait 1;\n}\n");
  ASSERT_EQ(p.body.size(), 2u);
  EXPECT_EQ(p.body[0].range, range(1, 1, 3, 2));
  EXPECT_EQ(std::get<Spawn>(p.body[0].node).body.at(0).range, range(2, 3, 2, 10));
  const If& i = std::get<If>(p.body[1].node);
  EXPECT_EQ(p.body[1].range, range(4, 1, 7, 2));
  EXPECT_EQ(i.cond.range, range(4, 5, 4, 19));
  EXPECT_EQ(std::get<Logical>(i.cond.node).rhs->range, range(4, 14, 4, 19));
  EXPECT_EQ(i.else_body->at(0).range, range(6, 3, 6, 10));
}

TEST(ParserPositions, DeclarationsConditionsAndNegation) {
  Program p = parse_ok("shared buf[4];\nmutex m;\nassert(!(a < -b));\n");
  EXPECT_EQ(p.decls[0].range, range(1, 1, 1, 15));
  EXPECT_EQ(p.decls[1].range, range(2, 1, 2, 9));
  const Cond& c = std::get<Assert>(only_stmt(p).node).cond;
  EXPECT_EQ(c.range, range(3, 8, 3, 17));
  const Cond& inner = *std::get<Not>(c.node).operand;
  EXPECT_EQ(inner.range, range(3, 9, 3, 17)); // with its parentheses
  const Expr& minus_b = std::get<Compare>(inner.node).rhs;
  EXPECT_EQ(minus_b.range, range(3, 14, 3, 16));
}

TEST(ParserPositions, ColumnsCountCodePointsAndTabsAsOne) {
  Program p = parse_ok("/* é日本 */ x := 1;\n\tprint(x);\n"); // 10 code points before `x`
  EXPECT_EQ(p.body[0].range, range(1, 11, 1, 18));
  EXPECT_EQ(p.body[1].range, range(2, 2, 2, 11));
  Program crlf = parse_ok("x := 1;\r\ny := 2;\r\n");
  EXPECT_EQ(crlf.body[1].range, range(2, 1, 2, 8));
}

// ---- Precedence and associativity
// -----------------------------------------------------------------

struct ExprCase {
  const char* source;
  Expr tree;
  const char* canonical;
};

TEST(ParserPrecedence, Expressions) {
  const std::vector<ExprCase> cases = {
      {"a - b - c", bin(Sub, bin(Sub, v("a"), v("b")), v("c")), "a - b - c"},
      {"(a - b) - c", bin(Sub, bin(Sub, v("a"), v("b")), v("c")), "a - b - c"},
      {"a - (b - c)", bin(Sub, v("a"), bin(Sub, v("b"), v("c"))), "a - (b - c)"},
      {"a - (b + c)", bin(Sub, v("a"), bin(Add, v("b"), v("c"))), "a - (b + c)"},
      {"a + b - c", bin(Sub, bin(Add, v("a"), v("b")), v("c")), "a + b - c"},
      {"a + b * c", bin(Add, v("a"), bin(Mul, v("b"), v("c"))), "a + b * c"},
      {"a * b + c", bin(Add, bin(Mul, v("a"), v("b")), v("c")), "a * b + c"},
      {"(a + b) * c", bin(Mul, bin(Add, v("a"), v("b")), v("c")), "(a + b) * c"},
      {"a * (b + c)", bin(Mul, v("a"), bin(Add, v("b"), v("c"))), "a * (b + c)"},
      {"a * b % c / d", bin(Div, bin(Mod, bin(Mul, v("a"), v("b")), v("c")), v("d")),
       "a * b % c / d"},
      {"a / (b * c)", bin(Div, v("a"), bin(Mul, v("b"), v("c"))), "a / (b * c)"},
      {"a % (b % c)", bin(Mod, v("a"), bin(Mod, v("b"), v("c"))), "a % (b % c)"},
      {"-a * b", bin(Mul, neg(v("a")), v("b")), "-a * b"},
      {"-(a * b)", neg(bin(Mul, v("a"), v("b"))), "-(a * b)"},
      {"-a + b", bin(Add, neg(v("a")), v("b")), "-a + b"},
      {"-(a + b)", neg(bin(Add, v("a"), v("b"))), "-(a + b)"},
      {"- -a", neg(neg(v("a"))), "-(-a)"},
      {"--a", neg(neg(v("a"))), "-(-a)"},
      {"-(-a)", neg(neg(v("a"))), "-(-a)"},
      {"-(-(-1))", neg(neg(neg(n(1)))), "-(-(-1))"},
      {"a - -b", bin(Sub, v("a"), neg(v("b"))), "a - -b"},
      {"a--b", bin(Sub, v("a"), neg(v("b"))), "a - -b"},
      {"a * -b", bin(Mul, v("a"), neg(v("b"))), "a * -b"},
      {"-1", neg(n(1)), "-1"},
      {"-max(a, b)", neg(bin(Max, v("a"), v("b"))), "-max(a, b)"},
      {"max(a + b, c) - d", bin(Sub, bin(Max, bin(Add, v("a"), v("b")), v("c")), v("d")),
       "max(a + b, c) - d"},
      {"min(max(a, b), -(c))", bin(Min, bin(Max, v("a"), v("b")), neg(v("c"))),
       "min(max(a, b), -c)"},
      {"max(a,b)*min(1,-2)", bin(Mul, bin(Max, v("a"), v("b")), bin(Min, n(1), neg(n(2)))),
       "max(a, b) * min(1, -2)"},
      {"((((a))))", v("a"), "a"},
      {"(a)-(b)", bin(Sub, v("a"), v("b")), "a - b"},
  };
  for (const ExprCase& c : cases) {
    SCOPED_TRACE(c.source);
    Expr e = parse_expr(c.source);
    EXPECT_EQ(e, c.tree) << print_expr(e);
    EXPECT_EQ(print_expr(e), c.canonical);
  }
}

struct CondCase {
  const char* source;
  Cond tree;
  const char* canonical;
};

TEST(ParserPrecedence, Conditions) {
  const std::vector<CondCase> cases = {
      {"a < b || c < d && e < f", either(lt("a", "b"), both(lt("c", "d"), lt("e", "f"))),
       "a < b || c < d && e < f"},
      {"(a < b || c < d) && e < f", both(either(lt("a", "b"), lt("c", "d")), lt("e", "f")),
       "(a < b || c < d) && e < f"},
      {"a < b && c < d && e < f", both(both(lt("a", "b"), lt("c", "d")), lt("e", "f")),
       "a < b && c < d && e < f"},
      {"a < b && (c < d && e < f)", both(lt("a", "b"), both(lt("c", "d"), lt("e", "f"))),
       "a < b && (c < d && e < f)"},
      {"a < b || (c < d || e < f)", either(lt("a", "b"), either(lt("c", "d"), lt("e", "f"))),
       "a < b || (c < d || e < f)"},
      {"!a < b", no(lt("a", "b")), "!(a < b)"},
      {"!a < b && c < d", both(no(lt("a", "b")), lt("c", "d")), "!(a < b) && c < d"},
      {"!(a < b && c < d)", no(both(lt("a", "b"), lt("c", "d"))), "!(a < b && c < d)"},
      {"!!a < b", no(no(lt("a", "b"))), "!!(a < b)"},
      {"!(!(a < b))", no(no(lt("a", "b"))), "!!(a < b)"},
      {"((a < b))", lt("a", "b"), "a < b"},
      {"a + 1 < b * 2", cmp(CompareOp::Lt, bin(Add, v("a"), n(1)), bin(Mul, v("b"), n(2))),
       "a + 1 < b * 2"},
      {"-a<=-b", cmp(CompareOp::Le, neg(v("a")), neg(v("b"))), "-a <= -b"},
      {"a>=b", cmp(CompareOp::Ge, v("a"), v("b")), "a >= b"},
      {"a>b", cmp(CompareOp::Gt, v("a"), v("b")), "a > b"},
      {"a==b", cmp(CompareOp::Eq, v("a"), v("b")), "a == b"},
      {"a!=b", cmp(CompareOp::Ne, v("a"), v("b")), "a != b"},
  };
  for (const CondCase& c : cases) {
    SCOPED_TRACE(c.source);
    Cond got = parse_cond(c.source);
    EXPECT_EQ(got, c.tree) << print_cond(got);
    EXPECT_EQ(print_cond(got), c.canonical);
  }
}

// ---- Comments
// -------------------------------------------------------------------------------------

const char* kCommented = R"(// leading 1
/* leading 2 */
shared x; // trailing decl

// leading stmt
a := 1; // trailing stmt
spawn 1 { // on the spawn line
  b := 2 /* inside */ + 3;
  /* multi
     line */
  // end of body
} // after spawn
if (a < b) {
  // end of then
} /* between */ else {
  // end of else
}
/* eof 1 */
// eof 2)";

TEST(ParserComments, AttachWhereTheyBelong) {
  Program p = parse_ok(kCommented);
  using V = std::vector<std::string>;
  ASSERT_EQ(p.decls.size(), 1u);
  EXPECT_EQ(p.decls[0].comments.leading, (V{"// leading 1", "/* leading 2 */"}));
  EXPECT_EQ(p.decls[0].comments.trailing, "// trailing decl");
  ASSERT_EQ(p.body.size(), 3u);
  EXPECT_EQ(p.body[0].comments.leading, (V{"// leading stmt"}));
  EXPECT_EQ(p.body[0].comments.trailing, "// trailing stmt");
  const Stmt& spawn = p.body[1];
  EXPECT_EQ(spawn.comments.leading, (V{"// on the spawn line"}));
  EXPECT_EQ(spawn.comments.body_end, (V{"/* multi\n     line */", "// end of body"}));
  EXPECT_EQ(spawn.comments.trailing, "// after spawn");
  EXPECT_EQ(std::get<Spawn>(spawn.node).body.at(0).comments.leading, (V{"/* inside */"}));
  const Stmt& if_stmt = p.body[2];
  EXPECT_EQ(if_stmt.comments.body_end, (V{"// end of then"}));
  EXPECT_EQ(if_stmt.comments.leading, (V{"/* between */"}));
  EXPECT_EQ(if_stmt.comments.else_end, (V{"// end of else"}));
  EXPECT_EQ(p.trailing_comments, (V{"/* eof 1 */", "// eof 2"}));
}

TEST(ParserComments, FmtKeepsEveryCommentAndIsIdempotent) {
  Program p = parse_ok(kCommented);
  std::string formatted = print_program(p);
  EXPECT_EQ(formatted, R"(// leading 1
/* leading 2 */
shared x; // trailing decl

// leading stmt
a := 1; // trailing stmt
// on the spawn line
spawn 1 {
  /* inside */
  b := 2 + 3;
  /* multi
     line */
  // end of body
} // after spawn
/* between */
if (a < b) {
  // end of then
} else {
  // end of else
}
/* eof 1 */
// eof 2
)");
  std::vector<std::string> in = testing::source_comments(kCommented);
  std::vector<std::string> out = testing::source_comments(formatted);
  EXPECT_EQ(in.size(), 15u);
  std::sort(in.begin(), in.end());
  std::sort(out.begin(), out.end());
  EXPECT_EQ(in, out);
  EXPECT_EQ(print_program(parse_ok(formatted)), formatted);
}

TEST(ParserComments, OddPlaces) {
  // Comments in every gap of one statement all become its leading comments, in order.
  Program p = parse_ok("store /*1*/ a /*2*/ buf /*3*/ [ /*4*/ 0 /*5*/ ] /*6*/ ; /*7*/ /*8*/\n");
  EXPECT_EQ(only_stmt(p).comments.leading,
            (std::vector<std::string>{"/*1*/", "/*2*/", "/*3*/", "/*4*/", "/*5*/", "/*6*/"}));
  EXPECT_EQ(only_stmt(p).comments.trailing, "/*7*/");
  EXPECT_EQ(p.trailing_comments, (std::vector<std::string>{"/*8*/"}));
  // A comment-only file, a comment without a final newline, `//` right after code.
  EXPECT_EQ(parse_ok("// nothing else").trailing_comments,
            (std::vector<std::string>{"// nothing else"}));
  EXPECT_EQ(only_stmt(parse_ok("a := 1;//x")).comments.trailing, "//x");
  // `/*/` does not close a comment; `/**/` is a whole one; `//` inside a block comment is text.
  Program q = parse_ok("/*/ a := 1; */ /**/ /* // */ b := 2;");
  EXPECT_EQ(only_stmt(q).comments.leading,
            (std::vector<std::string>{"/*/ a := 1; */", "/**/", "/* // */"}));
  // In a declaration and between declarations and statements.
  Program r = parse_ok("shared /*in*/ x;\n/* between */\na := 1;");
  EXPECT_EQ(r.decls[0].comments.leading, (std::vector<std::string>{"/*in*/"}));
  EXPECT_EQ(r.body[0].comments.leading, (std::vector<std::string>{"/* between */"}));
}

// ---- Errors
// -----------------------------------------------------------------------------------------

std::string errors(const std::string& text) {
  return testing::error_messages(run_frontend(text, "input.rl", /*check=*/false));
}

TEST(ParserErrors, WordingAndPosition) {
  EXPECT_EQ(errors("shared x\nstore 1 x;\n"), "1:9: error: expected ';'\n");
  EXPECT_EQ(errors("}"), "1:1: error: unexpected '}'; expected a statement or end of file\n");
  EXPECT_EQ(errors("a := 1;\nshared y;"),
            "2:1: error: declarations must come before all procedures and statements\n");
  EXPECT_EQ(errors("a := 1 $ 2;\nb := a # 3;"),
            "1:8: error: invalid character '$'\n2:8: error: invalid character '#'\n");
  EXPECT_EQ(errors("a := 1;\n/* open"), "2:1: error: unterminated /* comment\n");
  EXPECT_EQ(errors("a := 1 < 2;"), "1:8: error: unexpected '<'; expected ';'\n");
  EXPECT_EQ(errors("store 1 + x;"), "1:12: error: unexpected ';'; expected a name\n");
  EXPECT_EQ(errors("a := é;"), "1:6: error: invalid character '\xC3\xA9'\n");
  EXPECT_EQ(errors(std::string("a := \0;", 7)), "1:6: error: invalid character '\\x00'\n");
  EXPECT_EQ(errors("a := 1;\nb := \xFF;"), "2:6: error: invalid UTF-8 byte in source file\n");
  EXPECT_EQ(errors("a := (1 + 2;"), "1:12: error: unexpected ';'; expected ')'\n");
  // A long token is quoted in part: 40 characters (code points) and "...".
  std::string name(100000, 'n');
  EXPECT_EQ(errors("a := 1 " + name + ";"),
            "1:8: error: unexpected '" + std::string(40, 'n') + "...'; expected ';'\n");
}

// ---- Memory
// -----------------------------------------------------------------------------------------

// One thread of `n` statements, half of them with a trailing comment, as in
// bench/frontend/memory.py's thread shape.
std::string long_thread(int n) {
  std::string text = "shared x;\nspawn 1 {\n";
  for (int i = 0; i < n; ++i)
    text += i % 2 ? "  v := load x;\n" : "  store v + " + std::to_string(i) + " x; // c\n";
  return text + "}\nwait 1;\n";
}

std::optional<Program> parse_with(const std::string& text, const ParseOptions& options) {
  SourceFile file("input.rl", text);
  DiagnosticEngine diags(file, nullptr);
  return parse_program(file, diags, options);
}

// The whole-program parse held every token and parse-tree node of a block until the block's
// AST was built (about 2 KB per statement, most of the frontend's peak memory). Item by item,
// what the parser holds at once is one statement's worth however long the block. Counted, not
// timed or measured in bytes (bench/frontend/memory.py does that), so the test cannot flake.
TEST(ParserFootprint, BoundedWhileParsingATenThousandStatementThread) {
  const std::string text = long_thread(10000);
  ParseFootprint footprint;
  std::optional<Program> p = parse_with(text, {&footprint});
  ASSERT_TRUE(p);
  ASSERT_EQ(p->body.size(), 2u);
  const Block& thread = std::get<Spawn>(p->body[0].node).body;
  ASSERT_EQ(thread.size(), 10000u);
  EXPECT_EQ(thread[9998].comments.trailing, "// c");
  EXPECT_EQ(thread[9999].range, range(10002, 3, 10002, 15));
  EXPECT_EQ(p->body[0].range, range(2, 1, 10003, 2));
  // `store v + 1 x;` is 12 parse-tree nodes and 6 tokens.
  EXPECT_LE(footprint.max_parse_tree_nodes, 32u);
  EXPECT_LE(footprint.max_held_tokens, 16u);

  // Teeth: a parser that keeps every item to the end, as the whole-program parse did, fails
  // both bounds, and its program is the same.
  ParseFootprint kept;
  std::optional<Program> q = parse_with(text, {&kept, /*release_items=*/false});
  ASSERT_TRUE(q);
  EXPECT_EQ(*p, *q);
  EXPECT_GT(kept.max_parse_tree_nodes, 10u * 10000);
  EXPECT_GT(kept.max_held_tokens, 5u * 10000);
}

} // namespace
} // namespace racelang
