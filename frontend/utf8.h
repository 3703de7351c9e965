// UTF-8 character counting for positions and diagnostics. Source positions count characters
// (code points), not bytes, and a caret, a clipped line or a quoted token must never split a
// character; every place that walks source text by character asks the two questions below
// here, so that they cannot disagree about what a character is.
#pragma once

#include <cstdint>
#include <string_view>

namespace racelang {

// Whether `c` continues a character rather than starting one (10xxxxxx).
inline bool is_utf8_continuation(char c) {
  return (static_cast<unsigned char>(c) & 0xC0) == 0x80;
}

// The number of characters of `text`: its bytes that start one.
inline uint32_t utf8_length(std::string_view text) {
  uint32_t n = 0;
  for (char c : text)
    if (!is_utf8_continuation(c)) ++n;
  return n;
}

} // namespace racelang
