// Runs a fuzz target over files, as libFuzzer would run its corpus but without libFuzzer: the
// ordinary build (any compiler) replays the corpus and the regression inputs in the test suite.
// Usage: fuzz_replay [--break=NAME] TARGET PATH... (a PATH that is a directory means every file
// under it). Exits 0 after running every file, 2 on a usage or I/O error; a broken expectation
// aborts.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "fuzz/fuzz_target.h"

namespace fs = std::filesystem;

int main(int argc, char** argv) {
  using racelang::fuzz::FuzzTarget;
  if (argc >= 2 && std::string(argv[1]).rfind("--break=", 0) == 0) {
    std::string what = std::string(argv[1]).substr(8);
    if (what == "printer")
      racelang::fuzz::breakage().printer = true;
    else if (what == "detector")
      racelang::fuzz::breakage().detector = true;
    else if (what == "witness")
      racelang::fuzz::breakage().witness = true;
    else {
      std::fprintf(stderr, "fuzz_replay: unknown breakage '%s'\n", what.c_str());
      return 2;
    }
    ++argv, --argc;
  }
  racelang::fuzz::breakage().exit_instead_of_abort = true;
  if (argc < 3) {
    std::fprintf(stderr, "usage: fuzz_replay [--break=printer|detector|witness] TARGET PATH...\n");
    return 2;
  }
  const FuzzTarget* target = nullptr;
  for (const FuzzTarget& t : racelang::fuzz::kFuzzTargets)
    if (t.name == argv[1]) target = &t;
  if (!target) {
    std::fprintf(stderr, "fuzz_replay: unknown target '%s'\n", argv[1]);
    return 2;
  }
  std::vector<fs::path> files;
  for (int i = 2; i < argc; ++i) {
    std::error_code ec;
    if (fs::is_directory(argv[i], ec)) {
      for (const auto& entry : fs::recursive_directory_iterator(argv[i]))
        if (entry.is_regular_file()) files.push_back(entry.path());
    } else if (fs::is_regular_file(argv[i], ec)) {
      files.push_back(argv[i]);
    } else {
      std::fprintf(stderr, "fuzz_replay: '%s' is not a file or directory\n", argv[i]);
      return 2;
    }
  }
  std::sort(files.begin(), files.end()); // a deterministic order
  for (const fs::path& file : files) {
    std::ifstream in(file, std::ios::binary);
    std::string data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (!in.good() && !in.eof()) {
      std::fprintf(stderr, "fuzz_replay: cannot read '%s'\n", file.c_str());
      return 2;
    }
    racelang::fuzz::breakage().input = file.string();
    target->run(reinterpret_cast<const uint8_t*>(data.data()), data.size());
  }
  std::printf("fuzz_replay: %s: %zu inputs, no failure\n", argv[1], files.size());
  return 0;
}
