// The fuzz targets: functions over one input that return normally for every input and abort
// when an expectation breaks. libfuzzer_entry.cpp makes each a libFuzzer binary (clang,
// RACELANG_FUZZ=ON); replay_main.cpp runs them over corpus files in the ordinary build, so the
// corpus and every regression input run in the test suite on any compiler.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace racelang::fuzz {

int fuzz_frontend(const uint8_t* data, size_t size);
int fuzz_std_trace(const uint8_t* data, size_t size);
int fuzz_trace(const uint8_t* data, size_t size);

// Deliberately broken expectations, for the tests that show each target catches what it checks
// (tests/fuzz; `fuzz_replay --break=NAME`): `printer` makes the frontend target's printer
// drop the program's last character, `detector` makes the std_trace target's detectors report
// one event late, `witness` makes the trace target check every witness in reverse. Never set
// outside those tests.
struct Breakage {
  bool printer = false;
  bool detector = false;
  bool witness = false; // the trace target checks each witness reversed
  // Exit with status 3 instead of aborting on a broken expectation (fuzz_replay: a test sees
  // the message and a plain failure, not a crash).
  bool exit_instead_of_abort = false;
  // The file being replayed, named in the report (empty under libFuzzer, which saves it).
  std::string input;
};
Breakage& breakage();

// Reports a broken expectation of `target` with the input or output that shows it, and aborts
// (which libFuzzer turns into a crash report and a saved input).
[[noreturn]] void broken(std::string_view target, std::string_view what, const std::string& detail);

struct FuzzTarget {
  std::string_view name; // the folders fuzz/corpus/NAME and fuzz/regressions/NAME
  int (*run)(const uint8_t* data, size_t size);
};

inline constexpr FuzzTarget kFuzzTargets[] = {
    {"frontend", fuzz_frontend},
    {"std_trace", fuzz_std_trace},
    {"trace", fuzz_trace},
};

} // namespace racelang::fuzz
