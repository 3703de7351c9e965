// The loop behind `racelang verify` (see verify.h).
#include "verify/verify.h"

#include <iostream>
#include <sstream>

#include <rapidcheck/detail/Configuration.h>

#include "verify/program_gen.h"
#include "verify/property_runner.h"

namespace racelang::verify {
namespace {

// RapidCheck prefixes a failure with where the RC_FAIL or RC_ASSERT is ("file.cpp:68:" and
// the macro's text); a user of `racelang verify` wants what failed, not our source lines.
std::string without_source_location(const std::string& description) {
  std::istringstream in(description);
  std::string first, second;
  std::getline(in, first);
  if (first.find(".cpp:") == std::string::npos || first.back() != ':') return description;
  std::getline(in, second);
  std::string rest((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (second.starts_with("RC_FAIL(")) {
    while (!rest.empty() && rest.front() == '\n') rest.erase(0, 1);
    return rest;
  }
  return second + (rest.empty() ? "" : "\n" + rest); // an RC_ASSERT: its condition is the news
}

// RapidCheck announces its default configuration on stderr the first time it reads it; the
// seed it names is not the one verify uses, so keep it from being shown.
void load_rapidcheck_configuration_quietly() {
  std::ostringstream ignored;
  auto* saved = std::cerr.rdbuf(ignored.rdbuf());
  rc::detail::configuration();
  std::cerr.rdbuf(saved);
}

// The failure message of `property` on `program`, with the schedule that shows it.
std::string message_with_evidence(const Property& property, const PaperProgram& program,
                                  const PassOptions& pass) {
  set_failure_evidence(true);
  try {
    property.check(program, pass);
  } catch (const rc::detail::CaseResult& result) {
    return without_source_location(result.description);
  }
  return ""; // cannot happen for a counterexample: the check is deterministic
}

} // namespace

std::optional<PropertyFailure> verify_pass(const VerifyOptions& options) {
  load_rapidcheck_configuration_quietly();
  struct EvidenceBack {
    ~EvidenceBack() { set_failure_evidence(true); }
  } restore;
  std::vector<const Property*> properties = options.properties;
  if (properties.empty())
    for (const Property& p : instrumentation_properties()) properties.push_back(&p);
  for (const Property* property : properties) {
    int cases = 0, shrinks = 0;
    PropertyProgress progress;
    progress.on_case = [&](bool) {
      ++cases;
      if (options.on_case) options.on_case(*property, cases);
    };
    progress.on_shrink = [&](bool accepted) {
      if (!accepted) return;
      ++shrinks;
      if (options.on_shrink) options.on_shrink(*property, shrinks);
    };
    set_failure_evidence(false); // for the search and the shrinking
    auto failure = find_failure(
        [&] {
          PaperProgram program = *gen_paper_program(options.programs);
          property->check(program, options.pass);
        },
        options.cases, options.seed, &progress);
    if (!failure) continue;
    PropertyFailure out;
    out.property = property;
    out.shrinks = shrinks;
    // The one value of the counterexample is the program, shown as a newline and its source.
    if (!failure->counterExample.empty()) out.program = failure->counterExample.front().second;
    if (out.program.starts_with('\n')) out.program.erase(0, 1);
    out.message = message_with_evidence(*property, PaperProgram{out.program}, options.pass);
    if (out.message.empty()) out.message = without_source_location(failure->description);
    return out;
  }
  return std::nullopt;
}

} // namespace racelang::verify
