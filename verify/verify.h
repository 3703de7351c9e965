// `racelang verify` as a library: runs the instrumentation properties (properties.h) of one pass
// and variant on generated programs, each explored under every schedule, and returns the first
// property that fails with its shrunk counterexample. The test suite's controls call the same
// function, so what the command reports and what the tests assert are one computation.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "instrument/instrument.h"
#include "verify/program_gen.h"
#include "verify/properties.h"

namespace racelang::verify {

inline constexpr uint64_t kDefaultVerifySeed = 20261122;

struct VerifyOptions {
  PassOptions pass;
  std::vector<const Property*> properties; // empty: every property
  int cases = 100;                         // generated programs per property
  uint64_t seed = kDefaultVerifySeed;
  // What the programs are made of: the paper's language, or with sync_program_config() the
  // synchronisation beyond locks (`racelang verify --sync`).
  PaperProgramConfig programs;
  // Called after each case of a property with the number run so far, and during shrinking
  // with the number of smaller counterexamples found so far.
  std::function<void(const Property&, int cases)> on_case;
  std::function<void(const Property&, int shrinks)> on_shrink;
};

struct PropertyFailure {
  const Property* property = nullptr;
  std::string program; // the shrunk counterexample, as racelang source
  std::string message; // what differs, ending with a schedule that shows it when one is found
  int shrinks = 0;
};

// Runs the properties in order; stops at the first that fails and returns it.
std::optional<PropertyFailure> verify_pass(const VerifyOptions& options);

} // namespace racelang::verify
