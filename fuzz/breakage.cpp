// What the fuzz targets share (fuzz_target.h): the switches of their deliberately broken
// variants (off unless a test turns one on) and the report of a broken expectation.
#include "fuzz/fuzz_target.h"

#include <cstdio>
#include <cstdlib>

namespace racelang::fuzz {

Breakage& breakage() {
  static Breakage b;
  return b;
}

void broken(std::string_view target, std::string_view what, const std::string& detail) {
  std::fprintf(stderr, "fuzz/%.*s: %.*s\n", static_cast<int>(target.size()), target.data(),
               static_cast<int>(what.size()), what.data());
  if (!breakage().input.empty()) std::fprintf(stderr, "input: %s\n", breakage().input.c_str());
  std::fprintf(stderr, "%s\n", detail.c_str());
  if (breakage().exit_instead_of_abort) std::exit(3);
  std::abort();
}

} // namespace racelang::fuzz
