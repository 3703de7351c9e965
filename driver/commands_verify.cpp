// `racelang verify`: property-based testing of an instrumentation pass from the command line.
// It runs the theorem checks of verify/ (the same code the test suite runs) on generated
// programs, each explored under every schedule, prints progress, and on a failure prints the
// shrunk counterexample as racelang source with a schedule that shows the disagreement and the
// command that reproduces it (exit 1).
#include <iostream>
#include <unistd.h>

#include "driver/commands.h"
#include "driver/compile.h"
#include "driver/exit_codes.h"
#include "driver/output.h"
#include "verify/verify.h"

namespace racelang {
namespace {

// More than this many programs per property is a nightly run; a typo of an extra zero should
// not silently start one that takes days.
constexpr uint64_t kMaxCases = 1'000'000;

std::string property_names() {
  std::string out;
  for (const verify::Property& p : verify::instrumentation_properties())
    out += (out.empty() ? "" : ", ") + std::string(p.name);
  return out;
}

std::vector<OptionSpec> verify_options() {
  std::vector<OptionSpec> specs = pass_option_specs();
  specs.push_back({"cases", true, "generated programs per property (default 100)", "N"});
  specs.push_back({"seed", true,
                   "RapidCheck's seed (default " + std::to_string(verify::kDefaultVerifySeed) +
                       "); the same seed checks the same programs",
                   "S"});
  specs.push_back(
      {"property", true, "check only this property (" + property_names() + ")", "NAME"});
  specs.push_back(
      {"counterexample", true, "write a counterexample's source to FILE as well", "FILE"});
  specs.push_back({"sync", false,
                   "generate programs with volatiles, cas, fetch_add, a barrier or a condition "
                   "handoff, and assume"});
  return specs;
}

const char* kVerifyDescription =
    "Checks an instrumentation pass against the labelled semantics on generated programs\n"
    "(threads, locks, spawn/wait, shared scalars, an array, bounded loops), each explored\n"
    "under every schedule: Theorem 4 (the instrumented program's final states are those of\n"
    "the original's race-free executions), Theorem 5 (a check fails exactly when the original\n"
    "races, with the same first races), Lemmas 3 and 8-10 (small-step and bigger-step\n"
    "semantics agree) and Lemma 4 (the instrumentation never races on its own metadata). A\n"
    "failing property is shrunk to a small counterexample, printed as racelang source with a\n"
    "schedule that shows it (exit 1). The deliberately broken variants of a pass (--variant)\n"
    "and of the check eliminations (--elide) each fail some property.";

} // namespace

int command_verify(const std::vector<std::string>& args) {
  auto specs = verify_options();
  auto options = parse_options("verify", specs, args);
  if (!options) return kExitUsage;
  if (options->help) {
    std::cout << format_help("racelang verify [options]", kVerifyDescription, specs);
    return kExitSuccess;
  }
  auto usage = [](const std::string& message) { return usage_error("verify", message); };
  if (!options->positional.empty())
    return usage("verify takes no FILE: it checks the pass on programs it generates");
  auto pass = pass_choice("verify", *options);
  if (!pass) return kExitUsage;

  verify::VerifyOptions verify;
  verify.pass = *pass;
  if (auto text = options->get("cases")) {
    auto n = parse_count(*text);
    if (!n || *n == 0 || *n > kMaxCases)
      return usage("--cases needs a number from 1 to " + std::to_string(kMaxCases) + ", not '" +
                   *text + "'");
    verify.cases = static_cast<int>(*n);
  }
  if (auto text = options->get("seed")) {
    auto n = parse_count(*text);
    if (!n) return usage("--seed needs a non-negative number, not '" + *text + "'");
    verify.seed = *n;
  }
  if (auto name = options->get("property")) {
    const verify::Property* property = verify::find_property(*name);
    if (!property) return usage("unknown property '" + *name + "' (" + property_names() + ")");
    verify.properties.push_back(property);
  }

  if (options->has("sync")) verify.programs = verify::sync_program_config();

  const PassInfo& info = pass_info(pass->pass);
  const PassVariant* variant = find_variant(*pass);
  std::string what = "pass " + std::string(info.name) + ", variant " + std::string(variant->name) +
                     ", elide " + elimination_names(*pass);
  std::string flags = "--pass=" + std::string(info.name) +
                      " --variant=" + std::string(variant->name) +
                      " --elide=" + elimination_names(*pass);
  std::cerr << "racelang verify: " << what << (is_broken(*pass) ? " (deliberately broken)" : "")
            << "; " << verify.cases << " programs per property, seed " << verify.seed << "\n";

  // Progress: a line rewritten in place on a terminal, one line per property otherwise.
  bool live = isatty(STDERR_FILENO) == 1;
  const verify::Property* current = nullptr;
  int current_cases = 0;
  auto finish_line = [&] {
    if (!current) return;
    if (live) std::cerr << "\r\x1b[K";
    std::cerr << "  " << current->name << ": " << current_cases << " programs\n";
  };
  verify.on_case = [&](const verify::Property& p, int cases) {
    if (current != &p) {
      finish_line();
      current = &p;
    }
    current_cases = cases;
    if (live) std::cerr << "\r  " << p.name << ": " << cases << "/" << verify.cases << std::flush;
  };
  verify.on_shrink = [&](const verify::Property& p, int shrinks) {
    if (live)
      std::cerr << "\r\x1b[K  " << p.name << ": shrinking (" << shrinks << ")" << std::flush;
  };

  auto failure = verify::verify_pass(verify);
  if (!failure) {
    finish_line();
    std::cout << "racelang verify: every property holds for " << what << " on " << verify.cases
              << " programs each (seed " << verify.seed << ")\n";
    return kExitSuccess;
  }
  if (live) std::cerr << "\r\x1b[K";
  std::cerr << "  " << failure->property->name << ": fails\n";

  std::string reproduce = "racelang verify " + flags + (options->has("sync") ? " --sync" : "") +
                          " --property=" + std::string(failure->property->name) +
                          " --seed=" + std::to_string(verify.seed) +
                          " --cases=" + std::to_string(verify.cases);
  std::cout << "racelang verify: " << failure->property->name << " ("
            << failure->property->description << ") fails for " << what << ".\n"
            << failure->message << "\n\ncounterexample (shrunk " << failure->shrinks
            << " times), as racelang source:\n"
            << failure->program << (failure->program.ends_with('\n') ? "" : "\n")
            << "\nA schedule above replays with 'racelang run FILE --schedule-string=...' on the\n"
               "original, or on 'racelang instrument "
            << flags << " FILE' for the instrumented program.\nTo reproduce: " << reproduce << "\n";
  if (auto path = options->get("counterexample")) {
    std::string error;
    if (!write_output_file(*path, failure->program, error)) {
      std::cerr << error << "\n";
      return kExitUsage;
    }
  }
  return kExitFailure;
}

} // namespace racelang
