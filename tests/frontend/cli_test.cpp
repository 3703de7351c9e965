// The real `racelang` tool on a sample of the robustness inputs and on generated programs: bad
// input exits 2 with `file:line:col: error: ...` on stderr, exactly what the in-process harness
// (the property tests' model of the CLI) predicts; valid programs pass `check` silently and
// `fmt` prints them canonically. The tool's path comes from CMake (RACELANG_CLI).
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "frontend/print.h"
#include "tests/support/frontend_harness.h"
#include "tests/support/program_gen.h"
#include "tests/support/source_mutations.h"

#ifndef RACELANG_CLI
#error "RACELANG_CLI must name the racelang executable"
#endif

namespace racelang {
namespace {

namespace fs = std::filesystem;

struct CliResult {
  int exit_code = -1;
  std::string out, err;
};

// A directory for this process's files, removed when the process exits.
struct TempDir {
  fs::path path = fs::temp_directory_path() / ("racelang_cli_test_" + std::to_string(getpid()));
  TempDir() { fs::create_directories(path); }
  ~TempDir() {
    std::error_code ignored;
    fs::remove_all(path, ignored);
  }
};

fs::path temp_dir() {
  static const TempDir dir;
  return dir.path;
}

std::string quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

fs::path write_source(const std::string& name, const std::string& text) {
  fs::path path = temp_dir() / name;
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

CliResult run_cli(const std::string& args) {
  fs::path out = temp_dir() / "stdout.txt", err = temp_dir() / "stderr.txt";
  std::string command = quote(RACELANG_CLI) + " " + args + " > " + quote(out.string()) + " 2> " +
                        quote(err.string()) + " < /dev/null";
  int status = std::system(command.c_str());
  CliResult result;
  if (status != -1 && WIFEXITED(status)) result.exit_code = WEXITSTATUS(status);
  result.out = read_file(out);
  result.err = read_file(err);
  return result;
}

// Runs `racelang check` on `text` and compares with the harness: same exit code, same stderr.
// Returns the CLI's result.
CliResult check_like_the_harness(const std::string& name, const std::string& text) {
  fs::path path = write_source(name, text);
  CliResult cli = run_cli("check --color=never " + quote(path.string()));
  if (size_t nul = text.find('\0'); nul != std::string::npos) {
    // The tool refuses binary data before the frontend sees it (frontend/source.h).
    EXPECT_EQ(cli.exit_code, 2);
    EXPECT_EQ(cli.err, path.string() + ": error: is binary data, not racelang source (a NUL " +
                           "byte at offset " + std::to_string(nul) + ")\n");
    return cli;
  }
  testing::FrontendRun run = testing::run_frontend(text, path.string());
  EXPECT_EQ(cli.exit_code, run.exit_code) << testing::printable(text, 300);
  EXPECT_EQ(cli.err, run.output) << testing::printable(text, 300);
  EXPECT_EQ(cli.out, "");
  if (cli.exit_code == 2) {
    std::string first = cli.err.substr(0, cli.err.find('\n'));
    EXPECT_TRUE(testing::is_diagnostic_header(first, path.string(), /*need_position=*/true) &&
                first.find(": error: ") != std::string::npos)
        << testing::printable(first, 300);
  }
  return cli;
}

TEST(Cli, BadInputsExit2WithClangStyleErrors) {
  testgen::GenConfig config;
  config.comments = true;
  auto printed = rc::gen::map(testgen::gen_program(config), print_program);
  std::vector<std::string> inputs;
  auto add = [&](const std::vector<std::string>& more) {
    inputs.insert(inputs.end(), more.begin(), more.end());
  };
  add(testgen::sample(testgen::gen_hostile_repetition(), 4, 1));
  add(testgen::sample(testgen::gen_random_bytes(100), 3, 2));
  add(testgen::sample(testgen::gen_random_text(100), 3, 3));
  add(testgen::sample(rc::gen::mapcat(printed, testgen::gen_truncation), 4, 4));
  add(testgen::sample(
      rc::gen::mapcat(printed, [](std::string t) { return testgen::gen_token_mutation(t); }), 4,
      5));
  std::string pairs;
  for (int k = 0; k < 50000; ++k) pairs += "()";
  inputs.push_back("x := " + pairs + "1;"); // used to overflow the stack
  inputs.push_back("shared x\nstore 1 x;\n");
  inputs.push_back(std::string("a := 1;\0", 8));
  int rejected = 0;
  for (size_t k = 0; k < inputs.size(); ++k) {
    SCOPED_TRACE("input " + std::to_string(k));
    if (check_like_the_harness("bad" + std::to_string(k) + ".rl", inputs[k]).exit_code == 2)
      ++rejected;
  }
  EXPECT_GE(rejected, static_cast<int>(inputs.size()) - 4);
}

TEST(Cli, ValidProgramsCheckSilentlyAndFormatCanonically) {
  testgen::GenConfig config;
  config.comments = true;
  int k = 0;
  for (const Program& p : testgen::sample(testgen::gen_program(config), 6, 6)) {
    std::string text = print_program(p);
    fs::path path = write_source("good" + std::to_string(k++) + ".rl", text);
    CliResult checked = run_cli("check " + quote(path.string()));
    EXPECT_EQ(checked.exit_code, 0) << checked.err;
    EXPECT_EQ(checked.err, "");
    EXPECT_EQ(checked.out, "");
    CliResult formatted = run_cli("fmt " + quote(path.string()));
    EXPECT_EQ(formatted.exit_code, 0);
    EXPECT_EQ(formatted.out, text);
  }
}

TEST(Cli, FmtOutputOfAValidProgramAtTheLimitsStillChecks) {
  std::string minus;
  for (int k = 0; k < 1000; ++k) minus += "- ";
  fs::path path = write_source("deep.rl", "a := " + minus + "1;\n");
  CliResult formatted = run_cli("fmt " + quote(path.string()));
  ASSERT_EQ(formatted.exit_code, 0);
  fs::path again = write_source("deep_fmt.rl", formatted.out);
  CliResult checked = run_cli("check " + quote(again.string()));
  EXPECT_EQ(checked.exit_code, 0) << testing::printable(checked.err, 300);
}

TEST(Cli, ColourOnlyWhenAsked) {
  fs::path path = write_source("colour.rl", "a := $;\n");
  CliResult never = run_cli("check --color=never " + quote(path.string()));
  CliResult always = run_cli("check --color=always " + quote(path.string()));
  CliResult automatic = run_cli("check " + quote(path.string())); // stderr is a file here
  EXPECT_EQ(never.exit_code, 2);
  EXPECT_EQ(always.exit_code, 2);
  EXPECT_EQ(never.err.find('\x1b'), std::string::npos);
  EXPECT_EQ(automatic.err, never.err);
  EXPECT_NE(always.err.find("\x1b[1;31merror: "), std::string::npos) << always.err;
}

} // namespace
} // namespace racelang
