// The tool's inputs: a directory, a device, a FIFO, binary data or a source over the size limit
// is refused by every command that reads a program, with `PATH: error: ...` and exit 2, before
// it is read (frontend/source.h); a source at the limit is read.
#include <sys/stat.h>

#include <fstream>

#include <gtest/gtest.h>

#include "frontend/source.h"
#include "tests/driver/cli_process.h"

namespace racelang {
namespace {

using namespace racelang::testing;

// Every command that reads a program refuses what is not a source file, naming it.
void expect_refused(const std::string& path, const std::string& message) {
  for (std::string command : {"check", "fmt", "run", "explore", "instrument", "emit-c"}) {
    CliResult r = run_cli({command, path});
    EXPECT_EQ(r.exit_code, 2) << command << " " << path;
    EXPECT_EQ(r.err, path + ": error: " + message + "\n") << command;
    EXPECT_EQ(r.out, "") << command;
  }
}

TEST(Inputs, ADirectoryIsRefused) {
  expect_refused(temp_dir().string(), "is a directory, not a source file");
}

TEST(Inputs, DevicesAndFifosAreRefusedWithoutReadingThem) {
  const std::string not_regular =
      "is not a regular file (a device, FIFO or socket); sources are read from files only";
  expect_refused("/dev/zero", not_regular); // would be read until memory runs out
  fs::path fifo = temp_dir() / "fifo.rl";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  expect_refused(fifo.string(), not_regular); // would wait for a writer forever
}

TEST(Inputs, BinaryDataIsRefused) {
  fs::path path = write_file("binary.rl", std::string("shared x;\nstore 1 x;\0\x01", 23));
  expect_refused(path.string(), "is binary data, not racelang source (a NUL byte at offset 20)");
}

TEST(Inputs, SourcesOverTheSizeLimitAreRefusedBeforeBeingRead) {
  fs::path path = temp_dir() / "huge.rl";
  { std::ofstream(path) << "x := 1;\n"; }
  fs::resize_file(path, SourceFile::kMaxBytes + 1); // sparse: cheap to make
  expect_refused(path.string(), "is larger than 16 MiB, the limit for a source file");
}

TEST(Inputs, AFileAtTheSizeLimitIsRead) {
  fs::path path = temp_dir() / "limit.rl";
  write_file("limit.rl", "x := 1;\n" + std::string(SourceFile::kMaxBytes - 8, ' '));
  SourceFile file("", "");
  std::string error;
  ASSERT_TRUE(SourceFile::read(path.string(), file, error)) << error;
  EXPECT_EQ(file.text().size(), SourceFile::kMaxBytes);
  EXPECT_EQ(file.line(1), "x := 1;");
}

TEST(Inputs, AMissingFileSaysWhy) {
  CliResult r = run_cli({"check", "no/such/file.rl"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "no/such/file.rl: error: cannot open: No such file or directory\n");
}

} // namespace
} // namespace racelang
