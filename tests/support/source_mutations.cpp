// Bad-source generators (see source_mutations.h). Edits are generated as data (kind, position,
// payload) and applied by plain functions, so RapidCheck shrinks them by dropping edits and
// moving positions towards the start.
#include "tests/support/source_mutations.h"

#include <algorithm>
#include <cctype>

namespace racelang::testgen {
namespace {

namespace gen = rc::gen;

// RapidCheck scales gen::inRange and numbers with the size; positions, payloads and choices
// here should be uniform whatever the size, so they run at the nominal size.
template <typename T> rc::Gen<T> nominal(rc::Gen<T> g) {
  return gen::resize(100, std::move(g));
}

bool is_name_char(unsigned char c) {
  return std::isalnum(c) || c == '_';
}

struct Edit {
  int kind;       // what to do; meaning depends on the mutator
  uint32_t pos;   // where (taken modulo the current length)
  uint32_t other; // a second position (swaps) or a payload index
  unsigned char byte;
};

rc::Gen<Edit> gen_edit(int kinds) {
  return gen::apply(
      [](int kind, uint32_t pos, uint32_t other, unsigned char byte) {
        return Edit{kind, pos, other, byte};
      },
      gen::inRange(0, kinds), gen::arbitrary<uint32_t>(), gen::arbitrary<uint32_t>(),
      gen::arbitrary<unsigned char>());
}

rc::Gen<std::vector<Edit>> gen_edits(int kinds, int max_edits) {
  return gen::nonEmpty(gen::resize(std::max(max_edits, 1),
                                   gen::container<std::vector<Edit>>(nominal(gen_edit(kinds)))));
}

// Bytes worth inserting besides arbitrary ones: brackets, operators, comment starts, NUL,
// control characters, the start of a multi-byte sequence.
constexpr char kSpecialChars[] = "(){}[];:=<>!&|+-*/%,_\n\r\t \x00\x01\x7F\xC3\xE2\xFF";
const std::string kSpecialBytes(kSpecialChars, sizeof kSpecialChars - 1);

std::string apply_char_edits(std::string text, const std::vector<Edit>& edits) {
  for (const Edit& e : edits) {
    size_t n = text.size();
    unsigned char byte = e.other % 2 ? e.byte : kSpecialBytes[e.other / 2 % kSpecialBytes.size()];
    switch (e.kind) {
    case 0:
      text.insert(text.begin() + static_cast<long>(e.pos % (n + 1)), static_cast<char>(byte));
      break;
    case 1:
      if (n) text.erase(e.pos % n, 1);
      break;
    case 2:
      if (n) text[e.pos % n] = static_cast<char>(byte);
      break;
    default:
      if (n) std::swap(text[e.pos % n], text[e.other % n]);
      break;
    }
  }
  return text;
}

std::string apply_token_edits(const std::string& text, const std::vector<Edit>& edits) {
  std::vector<std::string> tokens;
  for (Piece& p : split_pieces(text)) tokens.push_back(std::move(p.text));
  const auto& vocab = token_vocabulary();
  for (const Edit& e : edits) {
    size_t n = tokens.size();
    const std::string& word = vocab[e.other % vocab.size()];
    switch (e.kind) {
    case 0: // insert, with or without spaces around
      tokens.insert(tokens.begin() + static_cast<long>(e.pos % (n + 1)),
                    e.byte % 2 ? " " + word + " " : word);
      break;
    case 1:
      if (n) tokens.erase(tokens.begin() + static_cast<long>(e.pos % n));
      break;
    case 2:
      if (n) tokens.insert(tokens.begin() + static_cast<long>(e.pos % n), tokens[e.pos % n]);
      break;
    case 3:
      if (n) std::swap(tokens[e.pos % n], tokens[e.other % n]);
      break;
    default:
      if (n) tokens[e.pos % n] = word;
      break;
    }
  }
  std::string out;
  for (const std::string& t : tokens) out += t;
  return out;
}

} // namespace

std::vector<Piece> split_pieces(std::string_view text) {
  static const char* kOperators[] = {":=", "<=", ">=", "==", "!=", "&&", "||"};
  std::vector<Piece> out;
  size_t i = 0;
  while (i < text.size()) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    size_t j = i + 1;
    Piece::Kind kind = Piece::Code;
    if (text.substr(i, 2) == "//") {
      j = text.find_first_of("\r\n", i);
      if (j == std::string_view::npos) j = text.size();
      kind = Piece::Comment;
    } else if (text.substr(i, 2) == "/*") {
      size_t end = text.find("*/", i + 2);
      j = end == std::string_view::npos ? text.size() : end + 2;
      kind = Piece::Comment;
    } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      while (j < text.size() && std::string_view(" \t\n\r").find(text[j]) != std::string_view::npos)
        ++j;
      kind = Piece::Space;
    } else if (is_name_char(c)) {
      while (j < text.size() && is_name_char(static_cast<unsigned char>(text[j]))) ++j;
    } else {
      for (const char* op : kOperators)
        if (text.substr(i, 2) == op) j = i + 2;
    }
    out.push_back({kind, std::string(text.substr(i, j - i))});
    i = j;
  }
  return out;
}

const std::vector<std::string>& token_vocabulary() {
  static const std::vector<std::string> kVocab = {"shared",
                                                  "mutex",
                                                  "load",
                                                  "store",
                                                  "lock",
                                                  "unlock",
                                                  "spawn",
                                                  "wait",
                                                  "assert",
                                                  "if",
                                                  "else",
                                                  "while",
                                                  "print",
                                                  "max",
                                                  "min",
                                                  "__race",
                                                  "read",
                                                  "write",
                                                  ":=",
                                                  "<=",
                                                  "<",
                                                  ">=",
                                                  ">",
                                                  "==",
                                                  "!=",
                                                  "&&",
                                                  "||",
                                                  "!",
                                                  "+",
                                                  "-",
                                                  "*",
                                                  "/",
                                                  "%",
                                                  "(",
                                                  ")",
                                                  "[",
                                                  "]",
                                                  "{",
                                                  "}",
                                                  ";",
                                                  ",",
                                                  "x",
                                                  "a",
                                                  "buf",
                                                  "m",
                                                  "__x",
                                                  "0",
                                                  "1",
                                                  "1025",
                                                  "9223372036854775807",
                                                  "9223372036854775808",
                                                  "99999999999999999999999",
                                                  "//",
                                                  "/*",
                                                  "*/",
                                                  "/* c */",
                                                  "// c\n",
                                                  "\n",
                                                  "$",
                                                  "#",
                                                  "\"",
                                                  "'",
                                                  "@",
                                                  std::string("\0", 1),
                                                  "\x01",
                                                  "\x7F",
                                                  "\xFF",
                                                  "\xC3",
                                                  "\xC3\xA9",
                                                  "\xE2\x82",
                                                  "\xF0\x9F\x98\x80",
                                                  "\xED\xA0\x80",
                                                  "\xC0\x80",
                                                  "\t",
                                                  "\r",
                                                  "\v",
                                                  "\f"};
  return kVocab;
}

rc::Gen<std::string> gen_truncation(std::string text) {
  return gen::map(nominal(gen::inRange<size_t>(0, text.size() + 1)),
                  [text](size_t cut) { return text.substr(0, cut); });
}

rc::Gen<std::string> gen_char_mutation(std::string text, int max_edits) {
  return gen::map(gen_edits(4, max_edits),
                  [text](const std::vector<Edit>& edits) { return apply_char_edits(text, edits); });
}

rc::Gen<std::string> gen_token_mutation(std::string text, int max_edits) {
  return gen::map(gen_edits(5, max_edits), [text](const std::vector<Edit>& edits) {
    return apply_token_edits(text, edits);
  });
}

rc::Gen<std::string> gen_random_bytes(int max_len) {
  return gen::resize(max_len, gen::container<std::string>(nominal(gen::arbitrary<char>())));
}

namespace {

constexpr char kRacelangChars[] = "abxyz_019 \n\t(){}[];:=<>!&|+-*/%,";

void append_utf8(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

} // namespace

rc::Gen<std::string> gen_random_text(int max_len) {
  rc::Gen<uint32_t> code_point = gen::weightedOneOf<uint32_t>(
      {{6, gen::map(gen::inRange<size_t>(0, sizeof kRacelangChars - 1),
                    [](size_t k) { return static_cast<uint32_t>(kRacelangChars[k]); })},
       {2, gen::inRange<uint32_t>(0x20, 0x7F)},
       {1, gen::inRange<uint32_t>(0, 0x20)},
       {1, gen::element<uint32_t>(0x7F, 0xA0, 0xFEFF, 0x2028, 0x200B, 0xE9, 0x65E5, 0x1F600,
                                  0x10FFFF, 0xFFFD)},
       {1, gen::suchThat(gen::inRange<uint32_t>(0x80, 0x110000),
                         [](uint32_t cp) { return cp < 0xD800 || cp > 0xDFFF; })}});
  return gen::map(gen::resize(max_len, gen::container<std::vector<uint32_t>>(nominal(code_point))),
                  [](const std::vector<uint32_t>& cps) {
                    std::string out;
                    for (uint32_t cp : cps) append_utf8(out, cp);
                    return out;
                  });
}

namespace {
bool is_valid_utf8_piece(const std::string& s) {
  for (unsigned char c : s)
    if (c >= 0x80) return s == "\xC3\xA9" || s == "\xF0\x9F\x98\x80";
  return true;
}
} // namespace

rc::Gen<std::string> gen_random_source(int max_len, bool invalid_utf8) {
  std::vector<std::string> vocab = token_vocabulary();
  if (!invalid_utf8)
    std::erase_if(vocab, [](const std::string& t) { return !is_valid_utf8_piece(t); });
  rc::Gen<std::string> piece =
      gen::oneOf(gen::elementOf(vocab), gen::element<std::string>(" ", "\n", "x", "1", "("));
  return gen::map(gen::resize(max_len, gen::container<std::vector<std::string>>(nominal(piece))),
                  [](const std::vector<std::string>& pieces) {
                    std::string out;
                    for (const std::string& p : pieces) out += p;
                    return out;
                  });
}

rc::Gen<std::string> gen_hostile_repetition(int max_repeat) {
  auto prefix = gen::element<std::string>("", "x := ", "assert(", "if (", "print(", "store ",
                                          "shared buf[2]; x := load buf[", "while (a < b) {\n",
                                          "spawn 1 {\n", "lock ");
  auto pattern = gen::element<std::string>(
      "(", "{", "[", ")", "}", "-", "!", "()", "(]", "[)", "{)", "(}", "-(", "!(", "(-", "1+",
      "1 - ", "a*", "- ", "! ", "spawn 1 {", "spawn 2 {)", "if (a < b) {", "while (a<b) {",
      "} else {", "max(1,", "min(", "x := 1;", "a < b && ", "a < b || !", "/* c */", "//\n", ";",
      "buf[", "1 1 ", ":=", "\xFF", "$");
  auto suffix = gen::element<std::string>("", "1;", "x < 1);", "1", ") {}", "}", ";\n", "x;");
  auto count = gen::weightedOneOf<int>({{3, gen::inRange(1, 300)},
                                        {2, gen::inRange(max_repeat / 10, max_repeat + 1)},
                                        {1, gen::just(max_repeat)}});
  return nominal(gen::apply(
      [](const std::string& pre, const std::string& pat, int n, const std::string& suf) {
        std::string out = pre;
        out.reserve(pre.size() + pat.size() * static_cast<size_t>(n) + suf.size());
        for (int k = 0; k < n; ++k) out += pat;
        return out + suf;
      },
      prefix, pattern, count, suffix));
}

} // namespace racelang::testgen
