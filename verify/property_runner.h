// Running a RapidCheck property from code and looking at the outcome: `racelang verify` runs the
// instrumentation properties this way, and the "teeth" tests show that a property fails,
// within a bounded number of cases and with a fixed seed, when it is given a deliberately
// broken printer, frontend or pass. Failures found this way are the result, not a test
// failure, so they are kept out of RapidCheck's end-of-run "reproduce" summary.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include <rapidcheck.h>

namespace racelang::verify {

inline constexpr uint64_t kTeethSeed = 20261122;

// What happens while a property runs: each case tried (passed or not) and each shrink step.
struct PropertyProgress {
  std::function<void(bool passed)> on_case;
  std::function<void(bool accepted)> on_shrink;
};

class QuietListener : public rc::detail::TestListener {
public:
  explicit QuietListener(const PropertyProgress* progress = nullptr) : progress_(progress) {}
  void onTestCaseFinished(const rc::detail::CaseDescription& c) override {
    if (progress_ && progress_->on_case)
      progress_->on_case(c.result.type == rc::detail::CaseResult::Type::Success);
  }
  void onShrinkTried(const rc::detail::CaseDescription&, bool accepted) override {
    if (progress_ && progress_->on_shrink) progress_->on_shrink(accepted);
  }
  void onTestFinished(const rc::detail::TestMetadata&, const rc::detail::TestResult&) override {}

private:
  const PropertyProgress* progress_;
};

// Runs `property` (a RapidCheck testable: a callable using `*gen` and RC_ASSERT/RC_FAIL) for up
// to `max_cases` cases; returns the shrunk failure, or nothing if every case passed.
template <typename Testable>
std::optional<rc::detail::FailureResult> find_failure(Testable&& property, int max_cases,
                                                      uint64_t seed = kTeethSeed,
                                                      const PropertyProgress* progress = nullptr) {
  rc::detail::TestParams params;
  params.seed = seed;
  params.maxSuccess = max_cases;
  params.maxSize = 100;
  rc::detail::TestMetadata metadata;
  metadata.id = metadata.description = "teeth";
  QuietListener listener(progress);
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

} // namespace racelang::verify
