// `run --html --dot`, `explore --html-dir` and `predict --html-dir` through the real tool: the exit
// code is the run's whatever the pictures, the files are written, an output naming the input is
// refused, an unwritable output is exit 2, and the JIT backend refuses the options.
#include <gtest/gtest.h>

#include "tests/driver/cli_process.h"

namespace racelang {
namespace {

using namespace racelang::testing;

const char* kRacy = "shared x;\nspawn 1 {\n  store 1 x;\n}\nv := load x;\nwait 1;\n";
const char* kClean = "shared x;\nspawn 1 {\n  store 1 x;\n}\nwait 1;\nv := load x;\n";

TEST(ViewOutputs, ExitCodesAreUnchangedAndFilesWritten) {
  fs::path racy = write_file("racy.rl", kRacy), clean = write_file("clean.rl", kClean);
  for (auto [program, code] : {std::pair{racy, 66}, std::pair{clean, 0}}) {
    CliResult plain = run_cli({"run", "--seed=2", program.string()});
    fs::path html = temp_dir() / "out.html", dot = temp_dir() / "out.dot";
    fs::remove(html);
    fs::remove(dot);
    CliResult pictured = run_cli(
        {"run", "--seed=2", "--html=" + html.string(), "--dot=" + dot.string(), program.string()});
    EXPECT_EQ(plain.exit_code, code);
    EXPECT_EQ(pictured.exit_code, code);
    EXPECT_EQ(pictured.out, plain.out);
    EXPECT_EQ(pictured.err, plain.err);
    EXPECT_NE(read_file(html).find("<svg id=\"graph\""), std::string::npos);
    EXPECT_NE(read_file(dot).find("digraph run {"), std::string::npos);
  }
}

TEST(ViewOutputs, AnOutputThatIsTheInputIsRefused) {
  fs::path program = write_file("self.rl", kRacy);
  for (const char* option : {"--html=", "--dot="}) {
    CliResult r = run_cli({"run", option + program.string(), program.string()});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("refusing to overwrite it"), std::string::npos);
    EXPECT_EQ(read_file(program), kRacy);
  }
}

TEST(ViewOutputs, AnUnwritableOutputIsAnIoError) {
  fs::path program = write_file("w.rl", kRacy);
  CliResult r = run_cli({"run", "--seed=1", "--html=/nonexistent-dir/x.html", program.string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("/nonexistent-dir/x.html: error:"), std::string::npos);
  CliResult e = run_cli({"explore", "--html-dir=/proc/racelang-no", program.string()});
  EXPECT_EQ(e.exit_code, 2);
}

TEST(ViewOutputs, JitBackendRefusesThePictures) {
  fs::path program = write_file("j.rl", kRacy);
  CliResult r = run_cli({"run", "--backend=jit", "--html=x.html", program.string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--html applies to the interpreter"), std::string::npos);
}

TEST(ViewOutputs, ExploreWritesAPagePerWitness) {
  fs::path program = write_file("ex.rl", kRacy);
  fs::path dir = temp_dir() / "pages";
  CliResult plain = run_cli({"explore", program.string()});
  CliResult r = run_cli({"explore", "--html-dir=" + dir.string(), program.string()});
  EXPECT_EQ(r.exit_code, 66);
  EXPECT_EQ(r.exit_code, plain.exit_code);
  EXPECT_EQ(r.out, plain.out);
  std::string page = read_file(dir / "race-1.html");
  EXPECT_NE(page.find("class=\"ev race\""), std::string::npos);
  EXPECT_NE(page.find("racelang run " + program.string()), std::string::npos);
}

TEST(ViewOutputs, PredictWritesAPagePerPredictedRace) {
  fs::path program = write_file("pr.rl", kRacy);
  fs::path dir = temp_dir() / "predicted";
  CliResult r = run_cli({"predict", "--seed=1", "--html-dir=" + dir.string(), program.string()});
  EXPECT_EQ(r.exit_code, 66) << r.err;
  EXPECT_NE(r.err.find("Page: " + (dir / "race-1.html").string()), std::string::npos) << r.err;
  std::string page = read_file(dir / "race-1.html");
  EXPECT_NE(page.find("class=\"ev race\""), std::string::npos);
  EXPECT_NE(page.find("racelang predict " + program.string()), std::string::npos);
  EXPECT_NE(page.find("--schedule-string="), std::string::npos);
  // A trace has no program to replay.
  fs::path trace = write_file("pr.std", "T0|w(x)|1\nT1|w(x)|2\n");
  CliResult t = run_cli({"predict", "--html-dir=" + dir.string(), trace.string()});
  EXPECT_EQ(t.exit_code, 2);
  EXPECT_NE(t.err.find("--html-dir draws replays of the program"), std::string::npos) << t.err;
}

} // namespace
} // namespace racelang
