// The tool's outputs: one that names an input (by any spelling or link) is refused before
// anything is written; a write error on a file or on standard output (/dev/full, a closed
// stdout) is exit 2 naming it; files are replaced whole; SIGINT and SIGTERM flush what was
// printed and exit 130 and 143 (driver/output.h).
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <sstream>
#include <thread>

#include <gtest/gtest.h>

#include "tests/driver/cli_process.h"

namespace racelang {
namespace {

using namespace racelang::testing;

const char* kProgram = "shared x;\nspawn 1 {\n  store 1 x;\n}\nwait 1;\nprint(7);\n";

// An output that is an input, however it is named, is refused and the input left as it was.
TEST(Outputs, AnOutputThatNamesAnInputIsRefused) {
  fs::path program = write_file("prog.rl", kProgram);
  fs::path dir = temp_dir() / "sub";
  fs::create_directories(dir);
  fs::path hard_link = temp_dir() / "hard.rl", symlink = temp_dir() / "sym.rl";
  fs::create_hard_link(program, hard_link);
  fs::create_symlink(program, symlink);
  std::vector<std::string> spellings{program.string(), (dir / ".." / "prog.rl").string(),
                                     hard_link.string(), symlink.string()};
  for (const std::string& out : spellings) {
    std::string refused = ": error: this output is the input '" + program.string() +
                          "' (the same file); refusing to overwrite it\n";
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"emit-c", program.string(), "-o", out},
          std::vector<std::string>{"run", "--trace=" + out, program.string()},
          std::vector<std::string>{"run", "--record=" + out, program.string()},
          std::vector<std::string>{"run", "--backend=jit", "--record=" + out, program.string()}}) {
      CliResult r = run_cli(args);
      EXPECT_EQ(r.exit_code, 2) << args[0] << " " << out;
      EXPECT_EQ(r.err, out + refused) << args[0] << " " << out;
      EXPECT_EQ(r.out, "");
      EXPECT_EQ(read_file(program), kProgram);
    }
  }
}

TEST(Outputs, ARecordThatIsTheReplayedScheduleOrTheTraceIsRefused) {
  fs::path program = write_file("prog2.rl", kProgram);
  fs::path schedule = write_file("s.sched", "0 0 1 0\n");
  CliResult r = run_cli(
      {"run", "--replay=" + schedule.string(), "--record=" + schedule.string(), program.string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, schedule.string() + ": error: this output is the input '" + schedule.string() +
                       "' (the same file); refusing to overwrite it\n");
  EXPECT_EQ(read_file(schedule), "0 0 1 0\n");
  fs::path trace = write_file("t.std", "old\n");
  r = run_cli({"run", "--trace=" + trace.string(), "--record=" + trace.string(), program.string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(read_file(trace), "old\n");
}

TEST(Outputs, WriteErrorsOnFilesAreErrorsNamingTheFile) {
  fs::path program = write_file("prog3.rl", kProgram);
  CliResult r = run_cli({"run", "--seed=1", "--record=/dev/full", program.string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("/dev/full: error: cannot write: No space left on device"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(r.out, "7\n"); // the run itself went ahead
  r = run_cli({"run", "--seed=1", "--trace=/dev/full", program.string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("/dev/full: error: cannot write: No space left on device"),
            std::string::npos)
      << r.err;
  r = run_cli({"emit-c", program.string(), "-o", "/dev/full"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "/dev/full: error: cannot write: No space left on device\n");
}

TEST(Outputs, FilesAreReplacedWholeAndKeepTheirMode) {
  fs::path program = write_file("prog4.rl", "shared   x;\nstore 1 x;\n");
  ASSERT_EQ(chmod(program.c_str(), 0640), 0);
  CliResult r = run_cli({"fmt", "--in-place", program.string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(read_file(program), "shared x;\n\nstore 1 x;\n");
  struct stat st {};
  ASSERT_EQ(stat(program.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0640u);
  fs::path c = temp_dir() / "out.c";
  r = run_cli({"emit-c", program.string(), "-o", c.string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(read_file(c).find("int main"), std::string::npos);
  for (const auto& entry : fs::directory_iterator(temp_dir())) // no temporary left behind
    EXPECT_EQ(entry.path().filename().string().find(".racelang-"), std::string::npos);
}

TEST(Outputs, StandardOutputErrorsAreErrors) {
  fs::path program = write_file("prog5.rl", kProgram);
  for (Stdout where : {Stdout::DevFull, Stdout::Closed}) {
    std::string why = where == Stdout::DevFull ? "No space left on device" : "Bad file descriptor";
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"fmt", program.string()},
          std::vector<std::string>{"emit-c", program.string()},
          std::vector<std::string>{"run", "--seed=1", program.string()},
          std::vector<std::string>{"explore", program.string()},
          std::vector<std::string>{"--help"}}) {
      CliResult r = run_cli(args, where);
      EXPECT_EQ(r.exit_code, 2) << args[0] << " " << why;
      // Output that fails before the end (more than a buffer, as emit-c's; flushed before a
      // race report, as run's) is only a flag by then; output that fails at the end says why.
      std::string message = "racelang: error: cannot write standard output";
      if (args[0] == "fmt" || args[0] == "--help") message += ": " + why;
      EXPECT_NE(r.err.find(message), std::string::npos) << args[0] << ": " << r.err;
    }
  }
}

// A program that prints and then spins forever; its stdout is a file, so block-buffered: the
// printed line is still in the buffer when the signal comes, and must reach the file.
TEST(Interrupts, SigintAndSigtermFlushWhatWasPrintedAndExit130And143) {
  fs::path program =
      write_file("spin.rl", "print(42);\ni := 0;\nwhile (i >= 0) {\n  i := (i + 1) % 5;\n}\n");
  // The interpreter, and the JIT (`racelang FILE`) with its program on real threads.
  const std::vector<std::vector<std::string>> commands{
      {"run", "--seed=1", "--max-steps=9000000000000000000", program.string()}, {program.string()}};
  for (const auto& [args, sig] :
       {std::pair{commands[0], SIGINT}, std::pair{commands[0], SIGTERM},
        std::pair{commands[1], SIGINT}, std::pair{commands[1], SIGTERM}}) {
    SCOPED_TRACE(args[0] + " " + std::to_string(sig));
    Process p(args);
    ASSERT_GT(p.pid, 0);
    // Wait until it is well into the loop (half a second of CPU; starting, JIT compilation
    // included, takes a fifth of that), not just started.
    wait_for_cpu(p.pid, 0.5);
    ASSERT_EQ(kill(p.pid, sig), 0);
    CliResult r = p.wait();
    EXPECT_EQ(r.exit_code, 128 + sig);
    EXPECT_EQ(r.out, "42\n");
    EXPECT_EQ(r.err, sig == SIGINT ? "racelang: interrupted (SIGINT)\n"
                                   : "racelang: terminated (SIGTERM)\n");
  }
}

} // namespace
} // namespace racelang
