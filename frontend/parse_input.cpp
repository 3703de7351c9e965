// UTF-8 validation and byte-offset positions for the parser's input (parse_input.h).
#include "frontend/parse_input.h"

namespace racelang::parse_detail {

size_t first_invalid_utf8(std::string_view s) {
  size_t i = 0;
  while (i < s.size()) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    size_t len = c < 0x80           ? 1
                 : (c >> 5) == 0x6  ? 2
                 : (c >> 4) == 0xE  ? 3
                 : (c >> 3) == 0x1E ? 4
                                    : 0;
    if (len == 0 || i + len > s.size()) return i;
    uint32_t cp = len == 1 ? c : len == 2 ? (c & 0x1F) : len == 3 ? (c & 0x0F) : (c & 0x07);
    for (size_t k = 1; k < len; ++k) {
      unsigned char cc = static_cast<unsigned char>(s[i + k]);
      if (!is_utf8_continuation(static_cast<char>(cc))) return i;
      cp = (cp << 6) | (cc & 0x3F);
    }
    bool overlong =
        (len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000);
    if (overlong || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return i;
    i += len;
  }
  return std::string_view::npos;
}

SourceLoc loc_of_offset(const std::string& text, size_t offset) {
  SourceLoc loc{1, 1};
  for (size_t i = 0; i < offset && i < text.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (c == '\n') {
      ++loc.line;
      loc.col = 1;
    } else if (!is_utf8_continuation(static_cast<char>(c))) {
      ++loc.col;
    }
  }
  return loc;
}

// The token quoted for a message: at most 40 characters of it and "...", so that a 400 KB

} // namespace racelang::parse_detail
