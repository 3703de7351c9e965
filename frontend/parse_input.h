// The lexer's input (internal to frontend/): the source text read in place as UTF-8, and the
// checks and positions the parser needs before it can read it at all (ANTLR throws on text
// that is not valid UTF-8).
#pragma once

#include <string>
#include <string_view>

#include "antlr4-runtime.h"
#include "frontend/diagnostics.h"
#include "frontend/source.h"
#include "frontend/utf8.h"

namespace racelang::parse_detail {

// Checks that the text is valid UTF-8, since the ANTLR runtime throws on anything else.
// Returns the byte offset of the first bad byte, or npos.
size_t first_invalid_utf8(std::string_view s);

// The line and column (in code points) of a byte offset.
SourceLoc loc_of_offset(const std::string& text, size_t offset);

// positions). ANTLR's ANTLRInputStream copies the text into UTF-32 with room to spare, about
// 12 bytes per byte of source (320 bytes per statement of a typical program), alive for the
// whole parse. The lexer moves forward and seeks back only to the start of the token it is
// reading, and token text is asked for near the lexer (the token window holds only tokens
// around the item being parsed), so a cursor that steps from where it is costs no more than
// reading the text once. The text is valid UTF-8 (parse_program checks it first).
class Utf8CharStream : public antlr4::CharStream {
public:
  explicit Utf8CharStream(const SourceFile& file) : text_(file.text()), name_(file.path()) {
    for (char c : text_)
      if (!is_utf8_continuation(c)) ++size_;
  }

  void consume() override {
    if (at_.index >= size_) throw antlr4::IllegalStateException("cannot consume EOF");
    step_forward(at_);
  }
  size_t LA(ssize_t i) override {
    if (i == 0) return 0;
    Cursor c = at_;
    if (i < 0) {
      if (static_cast<size_t>(-i) > c.index) return EOF;
      for (ssize_t k = 0; k < -i; ++k) step_back(c);
    } else {
      if (c.index + static_cast<size_t>(i) - 1 >= size_) return EOF;
      for (ssize_t k = 1; k < i; ++k) step_forward(c);
    }
    return decode(c.byte);
  }
  ssize_t mark() override { return -1; } // the whole text stays available
  void release(ssize_t) override {}
  size_t index() override { return at_.index; }
  void seek(size_t index) override { move(at_, std::min(index, size_)); }
  size_t size() override { return size_; }
  std::string getSourceName() const override { return name_.empty() ? UNKNOWN_SOURCE_NAME : name_; }
  std::string getText(const antlr4::misc::Interval& interval) override {
    if (interval.a < 0 || interval.b < interval.a || static_cast<size_t>(interval.a) >= size_)
      return "";
    Cursor begin = at_;
    move(begin, static_cast<size_t>(interval.a));
    Cursor end = begin;
    move(end, std::min(static_cast<size_t>(interval.b) + 1, size_));
    return text_.substr(begin.byte, end.byte - begin.byte);
  }
  std::string toString() const override { return text_; }

private:
  struct Cursor {
    size_t index = 0; // in code points
    size_t byte = 0;
  };
  void step_forward(Cursor& c) const {
    ++c.byte;
    while (c.byte < text_.size() && is_utf8_continuation(text_[c.byte])) ++c.byte;
    ++c.index;
  }
  void step_back(Cursor& c) const {
    --c.byte;
    while (c.byte > 0 && is_utf8_continuation(text_[c.byte])) --c.byte;
    --c.index;
  }
  void move(Cursor& c, size_t index) const {
    while (c.index < index) step_forward(c);
    while (c.index > index) step_back(c);
  }
  size_t decode(size_t byte) const {
    auto b = [&](size_t k) { return static_cast<unsigned char>(text_[byte + k]); };
    unsigned char lead = b(0);
    if (lead < 0x80) return lead;
    if ((lead >> 5) == 0x6) return ((lead & 0x1Fu) << 6) | (b(1) & 0x3Fu);
    if ((lead >> 4) == 0xE) return ((lead & 0x0Fu) << 12) | ((b(1) & 0x3Fu) << 6) | (b(2) & 0x3Fu);
    return ((lead & 0x07u) << 18) | ((b(1) & 0x3Fu) << 12) | ((b(2) & 0x3Fu) << 6) | (b(3) & 0x3Fu);
  }

  const std::string& text_;
  std::string name_;
  size_t size_ = 0;
  Cursor at_;
};

} // namespace racelang::parse_detail
