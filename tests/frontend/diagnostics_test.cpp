// Diagnostics rendering unit tests: the clang-style header, the source line and the caret with
// tildes under the range; tabs mirrored so the caret lines up; columns counted in code points
// (UTF-8); ranges that run past the end of their line or over several lines; positionless
// diagnostics; a window around the caret on long lines; colour codes only when asked for; and
// the engine's cap on printed errors with its "more errors not shown" note (notes and warnings
// after the cap are not printed either).
#include <sstream>

#include <gtest/gtest.h>

#include "frontend/diagnostics.h"
#include "tests/support/frontend_harness.h"

namespace racelang {
namespace {

std::string render(const std::string& text, Severity severity, SourceRange range,
                   const std::string& message, bool color = false) {
  SourceFile file("dir/f.rl", text);
  return render_diagnostic(file, Diagnostic{severity, range, message}, color);
}

SourceRange cols(uint32_t line, uint32_t begin, uint32_t end) {
  return {{line, begin}, {line, end}};
}

TEST(Diagnostics, HeaderLineAndCaret) {
  EXPECT_EQ(render("a := 1 $ 2;\n", Severity::Error, cols(1, 8, 9), "invalid character '$'"),
            "dir/f.rl:1:8: error: invalid character '$'\n"
            "a := 1 $ 2;\n"
            "       ^\n");
  EXPECT_EQ(render("x := 1;\nshared y;\n", Severity::Error, cols(2, 1, 7), "declarations first"),
            "dir/f.rl:2:1: error: declarations first\n"
            "shared y;\n"
            "^~~~~~\n");
  EXPECT_EQ(render("store 1 buf[4];\n", Severity::Warning, cols(1, 13, 14), "index 4"),
            "dir/f.rl:1:13: warning: index 4\n"
            "store 1 buf[4];\n"
            "            ^\n");
  EXPECT_EQ(render("shared x;\n", Severity::Note, cols(1, 1, 10), "the first declaration is here"),
            "dir/f.rl:1:1: note: the first declaration is here\n"
            "shared x;\n"
            "^~~~~~~~~\n");
}

TEST(Diagnostics, TabsAreMirroredUnderTheLine) {
  EXPECT_EQ(render("\ta :=\t$;\n", Severity::Error, cols(1, 7, 8), "bad"),
            "dir/f.rl:1:7: error: bad\n"
            "\ta :=\t$;\n"
            "\t    \t^\n");
}

TEST(Diagnostics, ColumnsCountCodePoints) {
  // `é` and `日` are one column each, however many bytes they take.
  EXPECT_EQ(render("/* é日 */ $;\n", Severity::Error, cols(1, 10, 11), "bad"),
            "dir/f.rl:1:10: error: bad\n"
            "/* é日 */ $;\n"
            "         ^\n");
  // A range over multi-byte characters gets one '~' per character.
  EXPECT_EQ(render("a := é日x;\n", Severity::Error, cols(1, 6, 9), "bad"),
            "dir/f.rl:1:6: error: bad\n"
            "a := é日x;\n"
            "     ^~~\n");
}

TEST(Diagnostics, RangesPastTheLineOrOverSeveralLines) {
  // At the end of the line (a missing ';'), and past the end of the file's last line.
  EXPECT_EQ(render("shared x\nstore 1 x;\n", Severity::Error, cols(1, 9, 10), "expected ';'"),
            "dir/f.rl:1:9: error: expected ';'\n"
            "shared x\n"
            "        ^\n");
  EXPECT_EQ(render("a := (1", Severity::Error, cols(1, 10, 11), "at eof"),
            "dir/f.rl:1:10: error: at eof\n"
            "a := (1\n"
            "         ^\n");
  // Several lines: underlined to the end of the first one.
  EXPECT_EQ(render("spawn 1 {\n  a := 1;\n}\n", Severity::Error, {{1, 1}, {3, 2}}, "spawn"),
            "dir/f.rl:1:1: error: spawn\n"
            "spawn 1 {\n"
            "^~~~~~~~~\n");
  EXPECT_EQ(render("ab é\nx\n", Severity::Error, {{1, 2}, {2, 1}}, "m"), "dir/f.rl:1:2: error: m\n"
                                                                         "ab é\n"
                                                                         " ^~~\n");
  // An empty or backwards range still gets a caret.
  EXPECT_EQ(render("abc\n", Severity::Error, cols(1, 2, 2), "m"),
            "dir/f.rl:1:2: error: m\nabc\n ^\n");
  EXPECT_EQ(render("abc\n", Severity::Error, cols(1, 3, 1), "m"),
            "dir/f.rl:1:3: error: m\nabc\n  ^\n");
  // Column 0 is treated as column 1.
  EXPECT_EQ(render("abc\n", Severity::Error, cols(1, 0, 0), "m"),
            "dir/f.rl:1:0: error: m\nabc\n^\n");
}

TEST(Diagnostics, CarriageReturnsAreNotShown) {
  EXPECT_EQ(render("a $\r\nb\r\n", Severity::Error, cols(1, 3, 4), "bad"),
            "dir/f.rl:1:3: error: bad\n"
            "a $\n"
            "  ^\n");
}

// A long line is shown as a window of 160 characters around the caret, with "..." where the
// line goes on, never whole (a 400 KB generated line would flood the terminal).
TEST(Diagnostics, LongLinesShowAWindowAroundTheCaret) {
  std::string line = "a := 1;" + std::string(400000, ' ') + "$" + std::string(400000, ' ') + "b;";
  uint32_t at = 7 + 400000 + 1; // the '$'
  std::string out = render(line + "\n", Severity::Error, cols(1, at, at + 1), "bad");
  std::string window = std::string(80, ' ') + "$" + std::string(79, ' ');
  EXPECT_EQ(out, "dir/f.rl:1:" + std::to_string(at) + ": error: bad\n..." + window + "...\n" +
                     std::string(83, ' ') + "^\n");
  // Near the start: no ellipsis before; the underline stops at the window's edge.
  std::string start = render(line, Severity::Error, cols(1, 1, 300), "s");
  EXPECT_EQ(start, "dir/f.rl:1:1: error: s\n" + line.substr(0, 160) + "...\n^" +
                       std::string(159, '~') + "\n");
  // At the end of the line (past its last character): no ellipsis after, caret in place.
  uint32_t end = static_cast<uint32_t>(line.size()) + 1;
  std::string tail = render(line, Severity::Error, cols(1, end, end + 1), "e");
  EXPECT_EQ(tail, "dir/f.rl:1:" + std::to_string(end) + ": error: e\n..." +
                      line.substr(line.size() - 159) + "\n" + std::string(3 + 159, ' ') + "^\n");
  // Columns count code points inside the window too: 200 two-byte characters then the error.
  std::string wide;
  for (int i = 0; i < 200; ++i) wide += "\u00e9";
  std::string w = render(wide + "$" + wide, Severity::Error, cols(1, 201, 202), "w");
  std::string shown;
  for (int i = 0; i < 80; ++i) shown += "\u00e9";
  shown += "$";
  for (int i = 0; i < 79; ++i) shown += "\u00e9";
  EXPECT_EQ(w, "dir/f.rl:1:201: error: w\n..." + shown + "...\n" + std::string(83, ' ') + "^\n");
  // At the limit the line is shown whole.
  std::string exact(160, 'x');
  EXPECT_EQ(render(exact, Severity::Error, cols(1, 160, 161), "x"),
            "dir/f.rl:1:160: error: x\n" + exact + "\n" + std::string(159, ' ') + "^\n");
}

TEST(Diagnostics, NoPositionMeansNoSourceLine) {
  EXPECT_EQ(render("a := 1;\n", Severity::Error, {}, "internal"), "dir/f.rl: error: internal\n");
  // A line past the end of the file (cannot come from the frontend): the header only.
  EXPECT_EQ(render("a := 1;", Severity::Error, cols(7, 1, 2), "far"), "dir/f.rl:7:1: error: far\n");
  EXPECT_EQ(format_loc({12, 34}), "12:34");
}

TEST(Diagnostics, ColourOnlyWhenAsked) {
  std::string plain = render("a $;\n", Severity::Error, cols(1, 3, 4), "bad", false);
  EXPECT_EQ(plain.find('\x1b'), std::string::npos);
  EXPECT_EQ(render("a $;\n", Severity::Error, cols(1, 3, 4), "bad", true),
            "\x1b[1mdir/f.rl:1:3: \x1b[0m\x1b[1;31merror: \x1b[0m\x1b[1mbad\x1b[0m\n"
            "a $;\n"
            "\x1b[1;32m  ^\x1b[0m\n");
  EXPECT_NE(render("a\n", Severity::Warning, cols(1, 1, 2), "w", true).find("\x1b[1;35mwarning: "),
            std::string::npos);
  EXPECT_NE(render("a\n", Severity::Note, cols(1, 1, 2), "n", true).find("\x1b[1;36mnote: "),
            std::string::npos);

  SourceFile file("f.rl", "a $;\n");
  std::ostringstream out, colored;
  DiagnosticEngine plain_engine(file, &out);
  DiagnosticEngine color_engine(file, &colored, /*color=*/true);
  plain_engine.error(cols(1, 3, 4), "bad");
  color_engine.error(cols(1, 3, 4), "bad");
  EXPECT_EQ(out.str().find('\x1b'), std::string::npos);
  EXPECT_NE(colored.str().find('\x1b'), std::string::npos);
}

TEST(DiagnosticEngine, CollectsCountsAndPrintsAsReported) {
  SourceFile file("f.rl", "a := 1;\n");
  std::ostringstream out;
  DiagnosticEngine diags(file, &out);
  diags.warning(cols(1, 1, 2), "w");
  EXPECT_FALSE(diags.has_errors());
  diags.error(cols(1, 6, 7), "e");
  diags.note(cols(1, 1, 2), "n");
  EXPECT_TRUE(diags.has_errors());
  EXPECT_EQ(diags.error_count(), 1u);
  ASSERT_EQ(diags.diagnostics().size(), 3u);
  EXPECT_EQ(diags.diagnostics()[1].severity, Severity::Error);
  EXPECT_EQ(&diags.file(), &file);
  diags.finish(); // nothing suppressed: nothing more to say
  EXPECT_EQ(out.str(), "f.rl:1:1: warning: w\na := 1;\n^\n"
                       "f.rl:1:6: error: e\na := 1;\n     ^\n"
                       "f.rl:1:1: note: n\na := 1;\n^\n");
  // Without a stream, diagnostics are only collected.
  DiagnosticEngine quiet(file, nullptr);
  quiet.error({}, "e");
  quiet.finish();
  EXPECT_EQ(quiet.error_count(), 1u);
}

TEST(DiagnosticEngine, MoreErrorsNotShown) {
  SourceFile file("f.rl", "x\n");
  std::ostringstream out;
  DiagnosticEngine diags(file, &out);
  for (int k = 1; k <= 25; ++k) {
    diags.error(cols(1, 1, 2), "error " + std::to_string(k));
    diags.note(cols(1, 1, 2), "note " + std::to_string(k));
  }
  diags.warning(cols(1, 1, 2), "late warning");
  diags.finish();
  std::string text = out.str();
  EXPECT_NE(text.find("error: error 20\n"), std::string::npos);
  EXPECT_NE(text.find("note: note 20\n"), std::string::npos);
  EXPECT_EQ(text.find("error 21"), std::string::npos);
  EXPECT_EQ(text.find("note 21"), std::string::npos) << "a note follows its error";
  EXPECT_EQ(text.find("late warning"), std::string::npos);
  EXPECT_TRUE(text.ends_with("f.rl: note: 5 more errors not shown (25 in all)\n")) << text;
  EXPECT_EQ(diags.error_count(), 25u);
  EXPECT_EQ(diags.diagnostics().size(), 51u); // all collected

  // Exactly the cap: everything printed, no note.
  std::ostringstream out20;
  DiagnosticEngine twenty(file, &out20);
  for (int k = 0; k < 20; ++k) twenty.error(cols(1, 1, 2), "e");
  twenty.finish();
  EXPECT_EQ(out20.str().find("more errors"), std::string::npos);
}

TEST(DiagnosticEngine, FrontendOutputForManyErrors) {
  std::string text;
  for (int k = 0; k < 30; ++k) text += "$";
  testing::FrontendRun run = testing::run_frontend(text, "many.rl");
  EXPECT_EQ(run.diagnostics.size(), 30u);
  EXPECT_TRUE(run.output.ends_with("many.rl: note: 10 more errors not shown (30 in all)\n"))
      << run.output;
}

// The harness's check of rendered headers, which the robustness property relies on.
TEST(Diagnostics, HeaderShapeCheck) {
  using testing::is_diagnostic_header;
  EXPECT_TRUE(is_diagnostic_header("f.rl:1:2: error: x", "f.rl", true));
  EXPECT_TRUE(is_diagnostic_header("f.rl:10:200: warning: x", "f.rl"));
  EXPECT_TRUE(is_diagnostic_header("f.rl: note: x", "f.rl"));
  EXPECT_FALSE(is_diagnostic_header("f.rl: note: x", "f.rl", true));
  EXPECT_FALSE(is_diagnostic_header("g.rl:1:2: error: x", "f.rl"));
  EXPECT_FALSE(is_diagnostic_header("f.rl:1: error: x", "f.rl"));
  EXPECT_FALSE(is_diagnostic_header("f.rl:1:x: error: x", "f.rl"));
  EXPECT_FALSE(is_diagnostic_header("f.rl:1:2: fatal: x", "f.rl"));
  EXPECT_FALSE(is_diagnostic_header("f.rl:1:2: error: ", "f.rl"));
  SourceFile file("f.rl", "a $\n");
  EXPECT_TRUE(is_diagnostic_header(
      render_diagnostic(file, {Severity::Error, cols(1, 3, 4), "bad"}).substr(0, 20), "f.rl",
      true));
}

} // namespace
} // namespace racelang
