// Running a RapidCheck property from inside a test and looking at the outcome, for "teeth"
// tests: show that a property fails, within a bounded number of cases and with a fixed seed,
// when it is given a deliberately broken printer, frontend or pass. Failures found this way are
// expected, so they are kept out of RapidCheck's end-of-run "reproduce" summary.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include <rapidcheck.h>

namespace racelang::testing {

inline constexpr uint64_t kTeethSeed = 20261122;

class QuietListener : public rc::detail::TestListener {
public:
  void onTestCaseFinished(const rc::detail::CaseDescription&) override {}
  void onShrinkTried(const rc::detail::CaseDescription&, bool) override {}
  void onTestFinished(const rc::detail::TestMetadata&, const rc::detail::TestResult&) override {}
};

// Runs `property` (a RapidCheck testable: a callable using `*gen` and RC_ASSERT/RC_FAIL) for up
// to `max_cases` cases; returns the shrunk failure, or nothing if every case passed.
template <typename Testable>
std::optional<rc::detail::FailureResult> find_failure(Testable&& property, int max_cases,
                                                      uint64_t seed = kTeethSeed) {
  rc::detail::TestParams params;
  params.seed = seed;
  params.maxSuccess = max_cases;
  params.maxSize = 100;
  rc::detail::TestMetadata metadata;
  metadata.id = metadata.description = "teeth";
  QuietListener listener;
  auto result =
      rc::detail::checkTestable(std::forward<Testable>(property), metadata, params, listener);
  if (result.template is<rc::detail::FailureResult>())
    return result.template get<rc::detail::FailureResult>();
  return std::nullopt;
}

// The counterexample's values as RapidCheck shows them, one per line.
inline std::string counterexample_text(const rc::detail::FailureResult& failure) {
  std::string out;
  for (const auto& [type, value] : failure.counterExample) out += value + "\n";
  return out;
}

} // namespace racelang::testing
