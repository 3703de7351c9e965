// Generators of bad racelang source for robustness properties: truncations and character- or
// token-level mutations of (printed, well-formed) programs, random bytes (invalid UTF-8, NUL and
// control characters included), racelang-flavoured noise, and hostile repetitions (deep
// nesting, long operator chains, unbalanced or mismatched brackets) sized past the frontend's
// limits. Every generator shrinks towards fewer edits and shorter text.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <rapidcheck.h>

namespace racelang::testgen {

// Source text cut into pieces whose concatenation is the text again: code tokens, comments and
// runs of whitespace, roughly as the lexer sees them (multi-character operators stay whole).
struct Piece {
  enum Kind { Code, Comment, Space } kind;
  std::string text;
};
std::vector<Piece> split_pieces(std::string_view text);

// Tokens and fragments that are interesting to insert: every keyword, operator and bracket,
// names, edge-case integers, comment openers and closers, bad characters, invalid UTF-8.
const std::vector<std::string>& token_vocabulary();

// A prefix of `text` cut at a random byte (possibly inside a token, comment or UTF-8 sequence).
rc::Gen<std::string> gen_truncation(std::string text);
// 1..max_edits random insertions, deletions, replacements and swaps of bytes.
rc::Gen<std::string> gen_char_mutation(std::string text, int max_edits = 4);
// 1..max_edits random insertions (from token_vocabulary), deletions, duplications, swaps and
// replacements of whole tokens.
rc::Gen<std::string> gen_token_mutation(std::string text, int max_edits = 4);
// Arbitrary bytes, up to max_len of them.
rc::Gen<std::string> gen_random_bytes(int max_len = 200);
// Valid UTF-8 text of up to max_len code points: ASCII (racelang's characters more often), NUL
// and other control characters, a BOM, non-breaking and other odd spaces, CJK, emoji. It gets
// past the UTF-8 check, so the lexer and parser see it.
rc::Gen<std::string> gen_random_text(int max_len = 200);
// Noise made of racelang's tokens (and a few bad ones), more likely to get past the lexer.
rc::Gen<std::string> gen_random_source(int max_len = 60, bool invalid_utf8 = true);
// A prefix, a pattern repeated up to max_repeat times, and a suffix: `x := ` + `(`*n + `1;`,
// `-`*n, `(]`*n, `spawn 1 {)`*n, `1+`*n and the like.
rc::Gen<std::string> gen_hostile_repetition(int max_repeat = 1200);

} // namespace racelang::testgen
