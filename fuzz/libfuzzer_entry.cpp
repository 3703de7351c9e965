// libFuzzer's entry point for one target, chosen at compile time by RACELANG_FUZZ_TARGET (the
// target's function name); fuzz/CMakeLists.txt builds one binary per target from this file.
#include "fuzz/fuzz_target.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return racelang::fuzz::RACELANG_FUZZ_TARGET(data, size);
}
