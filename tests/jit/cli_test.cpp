// The JIT through the real `racelang` tool, for what golden files cannot pin because it varies
// by LLVM version or by run: `--emit=llvm` prints a verifiable module with atomic shared
// accesses, `--stats` reports compile time, threads, accesses and checks, and the default
// command (`racelang FILE`) runs the JIT with instrumentation. The tool's path comes from
// CMake (RACELANG_CLI).
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>

#include <gtest/gtest.h>

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

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Runs racelang with `args` on a program with `text`.
CliResult run_cli(const std::string& text, const std::string& args) {
  fs::path dir = fs::temp_directory_path() / ("racelang_jit_cli_" + std::to_string(getpid()));
  fs::create_directories(dir);
  fs::path source = dir / "p.rl", out = dir / "out.txt", err = dir / "err.txt";
  std::ofstream(source) << text;
  std::string command = std::string(RACELANG_CLI) + " " + source.string() + " " + args + " >" +
                        out.string() + " 2>" + err.string();
  int status = std::system(command.c_str());
  CliResult r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = read_file(out);
  r.err = read_file(err);
  fs::remove_all(dir);
  return r;
}

const char* kLocked = "shared x;\nmutex m;\nspawn 1 { lock m; v := load x; store v + 1 x; "
                      "unlock m; }\nlock m;\nv := load x;\nstore v + 1 x;\nunlock m;\nwait 1;\n"
                      "v := load x;\nprint(v);\n";

TEST(JitCli, EmitLlvmPrintsTheOptimisedModule) {
  CliResult r = run_cli(kLocked, "--detector=none --emit=llvm");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_NE(r.out.find("define void @racelang_thread_0(ptr"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("define void @racelang_thread_1(ptr"), std::string::npos);
  EXPECT_NE(r.out.find("load atomic i64"), std::string::npos);
  EXPECT_NE(r.out.find("acquire monotonic"), std::string::npos);
  EXPECT_EQ(r.out.find("\n2\n"), std::string::npos) << "the program must not run";
}

// The code that runs rarely is compiled as a module of its own (jit/README.md, "Quick code for
// rare paths"), but `--emit=llvm` prints one module, as LLVM's tools read it: the quick
// module's functions defined in it, not only declared.
TEST(JitCli, EmitLlvmPrintsOneModuleWithTheQuickCodeLinkedIn) {
  CliResult r = run_cli(kLocked, "--emit=llvm --elide=redundant,thread-local");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  size_t modules = 0;
  for (size_t at = r.out.find("; ModuleID"); at != std::string::npos;
       at = r.out.find("; ModuleID", at + 1))
    ++modules;
  EXPECT_EQ(modules, 1u) << r.out;
  EXPECT_NE(r.out.find("define hidden i1 @racelang_thread_0.rare0("), std::string::npos)
      << "main's slow paths were not compiled quickly, or not printed\n"
      << r.out;
  EXPECT_EQ(r.out.find("declare hidden i1 @racelang_thread_0.rare0("), std::string::npos) << r.out;
}

TEST(JitCli, StatsReportCompileTimeAndCounts) {
  // Without the `ordered` elimination, which would leave x (always under m) unchecked.
  CliResult r = run_cli(kLocked, "--stats -O1 --elide=redundant,thread-local");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "2\n");
  // On two threads where there are two cores: the quick module beside the program's.
  std::regex times(R"(racelang: jit: -O1, compiled in [0-9.]+ ms( on 2 threads)? )"
                   R"(\(IR [0-9.]+ ms, optimise )"
                   R"([0-9.]+ ms, machine code [0-9.]+ ms\))"
                   R"((, [0-9]+ calls of shared instrumentation code \([0-9]+ in slow paths\))?)"
                   R"(, [0-9]+ functions of rare paths compiled quickly \([0-9]+ slow paths, )"
                   R"([0-9]+ shared\))"
                   R"( after instrumenting in [0-9.]+ ms; )"
                   R"(ran in [0-9.]+ ms)");
  EXPECT_TRUE(std::regex_search(r.err, times)) << r.err;
  // With the instrumentation: 5 accesses of x, each under its lock __X[x], and 2 of m.
  EXPECT_NE(r.err.find("racelang: jit: 2 threads, 5 shared accesses, "), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find(" checks executed, 7 locks acquired"), std::string::npos) << r.err;
  // What the eliminations asked for decided: none applies to x.
  EXPECT_NE(r.err.find("racelang: elide: 5 accesses: 5 checked, 0 redundant, 0 thread-local, 0 "
                       "ordered, 0 disjoint, 0 coalesced in 0 range checks; 0 of 1 shared "
                       "variables need no metadata\n"),
            std::string::npos)
      << r.err;
  // The default eliminations: every access of x holds m, so none needs a check or metadata.
  r = run_cli(kLocked, "--stats");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("racelang: elide: 5 accesses: 0 checked, 0 redundant, 0 thread-local, 5 "
                       "ordered, 0 disjoint, 0 coalesced in 0 range checks; 1 of 1 shared "
                       "variables need no metadata\n"),
            std::string::npos)
      << r.err;

  // Main and thread 1 each read and write x once; main reads it again at the end.
  r = run_cli(kLocked, "--stats --detector=none");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("racelang: jit: 2 threads, 5 shared accesses, 0 metadata accesses, 0 "
                       "checks executed, 2 locks acquired"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(r.err.find("racelang: elide:"), std::string::npos) << "nothing was instrumented";
}

TEST(JitCli, TheDefaultCommandIsTheJitWithInstrumentation) {
  CliResult r = run_cli("shared x;\nspawn 1 { store 1 x; }\nspawn 2 { store 2 x; }\nwait 1;\n"
                        "wait 2;\n",
                        "");
  EXPECT_EQ(r.exit_code, 66);
  EXPECT_NE(r.err.find("(found by an instrumentation check)"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("Real threads cannot be replayed"), std::string::npos);
  EXPECT_NE(r.err.find("To replay: racelang run "), std::string::npos);
  // The interpreter's default detector is VectorClock; the JIT's default pass is FastTrack's.
  EXPECT_NE(r.err.find("--backend=interp --detector=fasttrack --seed="), std::string::npos)
      << r.err;
  // The instrumentation was made in memory from this very file: both accesses are named at
  // its positions, with their source lines, as the interpreter names them.
  std::regex positions(
      R"(Write of 'x' by thread [12] at [^ ]*p\.rl:[23]:11:\n +spawn [12] \{ store [12] x; \}\n +\^~+\n)");
  EXPECT_TRUE(std::regex_search(r.err, positions)) << r.err;
  EXPECT_EQ(r.err.find("of the uninstrumented program"), std::string::npos) << r.err;
}

} // namespace
} // namespace racelang
