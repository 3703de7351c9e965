// Text helpers of the pictures: escaping for HTML and for JSON inside a <script> element, and
// trimming source lines for display.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace racelang::view_text {

// &, <, >, " and ' as entities.
std::string html_escape(std::string_view s);
// A JSON string literal that is also safe inside <script>: '<', '>' and '&' as \u escapes, so
// no "</script>" or "<!--" can appear in it.
std::string json_quote(std::string_view s);
// A DOT string literal: quotes and backslashes escaped, newlines as \n.
std::string dot_quote(std::string_view s);
// Leading and trailing blanks removed.
std::string_view trim(std::string_view s);
// At most `max` bytes, with "…" when cut (never inside a UTF-8 sequence).
std::string clip(std::string_view s, std::size_t max);

} // namespace racelang::view_text
