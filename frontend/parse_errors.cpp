// What the parser expected and where an error reads best (parse_errors.h).
#include "frontend/parse_errors.h"

#include <set>

namespace racelang::parse_detail {

std::string describe_expected(const antlr4::misc::IntervalSet& expected,
                              const antlr4::dfa::Vocabulary& vocab) {
  std::set<size_t> types;
  for (ssize_t t : expected.toList()) types.insert(static_cast<size_t>(t));
  auto has = [&](size_t t) { return types.count(t) > 0; };
  std::vector<std::string> parts;
  // A statement can start with a name or any statement keyword; name the category instead.
  bool statement = true;
  for (const char* kw : {"'store'", "'lock'", "'spawn'", "'while'"}) {
    bool found = false;
    for (size_t t : types) found |= vocab.getDisplayName(t) == kw;
    statement &= found;
  }
  bool expression = has(P::INT) && has(P::ID);
  for (size_t t : types) {
    std::string name = vocab.getDisplayName(t);
    if (statement &&
        (t == P::ID || (name.size() > 2 && name.front() == '\'' &&
                        std::isalpha(static_cast<unsigned char>(name[1])) && name != "'else'")))
      continue; // covered by "a statement"
    if (expression && (t == P::INT || t == P::ID || name == "'-'" || name == "'('" ||
                       name == "'max'" || name == "'min'"))
      continue; // covered by "an expression"
    if (t == Token::EOF)
      parts.push_back("end of file");
    else if (t == P::ID)
      parts.push_back("a name");
    else if (t == P::INT)
      parts.push_back("an integer");
    else
      parts.push_back(name);
  }
  if (expression) parts.insert(parts.begin(), "an expression");
  if (statement) parts.insert(parts.begin(), "a statement");
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) out += i + 1 == parts.size() ? " or " : ", ";
    out += parts[i];
  }
  return out;
}

bool starts_declaration(const Token* tok) {
  const std::string& text = tok->getText();
  return text == "shared" || text == "mutex" || text == "volatile" || text == "condition" ||
         text == "barrier";
}

void SyntaxErrorListener::syntaxError(antlr4::Recognizer* recognizer, Token* offending, size_t line,
                                      size_t col, const std::string& antlr_message,
                                      std::exception_ptr) {
  auto* parser = dynamic_cast<antlr4::Parser*>(recognizer);
  if (!parser || !offending) { // not expected: keep ANTLR's own words rather than lose them
    diags_.error({{static_cast<uint32_t>(line), static_cast<uint32_t>(col + 1)},
                  {static_cast<uint32_t>(line), static_cast<uint32_t>(col + 2)}},
                 antlr_message);
    return;
  }
  // ANTLR's recovery can report the same token twice; one diagnostic per token is enough.
  if (offending->getTokenIndex() == last_token_index_) return;
  last_token_index_ = offending->getTokenIndex();

  std::string expected;
  antlr4::misc::IntervalSet expected_set;
  try {
    expected_set = parser->getExpectedTokens();
    expected = describe_expected(expected_set, parser->getVocabulary());
  } catch (...) {
  }
  std::string found =
      offending->getType() == Token::EOF ? "end of file" : quote_token_text(offending->getText());

  if (starts_declaration(offending) && !expected_set.contains(offending->getType())) {
    diags_.error(token_range(offending),
                 "declarations must come before all procedures and statements");
    return;
  }
  if (offending->getText() == "proc" && !expected_set.contains(offending->getType())) {
    diags_.error(token_range(offending),
                 "procedures must come after the declarations and before all statements");
    return;
  }
  // A missing token at the end of a line (typically ';') reads best right after the previous
  // token, as clang puts it.
  const Token* previous = previous_token(offending);
  if (previous && previous->getLine() < offending->getLine() &&
      (expected_set.size() == 1 ||
       expected_set.contains(literal_type(parser->getVocabulary(), "';'")))) {
    SourceLoc at = token_end(previous);
    std::string what = expected_set.size() == 1 ? expected : "';'";
    diags_.error({at, {at.line, at.col + 1}}, "expected " + what);
    return;
  }
  std::string message = "unexpected " + found;
  if (!expected.empty()) message += "; expected " + expected;
  diags_.error(token_range(offending), message);
}

} // namespace racelang::parse_detail
