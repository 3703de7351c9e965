// Failure messages from sites (see sites.h), worded exactly as interp/machine.cpp words them.
#include "jit/sites.h"

#include <algorithm>

namespace racelang::jit {
namespace {

// "with a = 1, b = 0" for the site's locals, whose values start at `values`; `available` is
// how many values the generated code could pass.
std::string with_locals(const Site& site, const int64_t* values, size_t available) {
  std::string out;
  size_t n = std::min(site.locals.size(), available);
  for (size_t k = 0; k < n; ++k)
    out += (out.empty() ? "with " : ", ") + site.locals[k] + " = " + std::to_string(values[k]);
  return out;
}

} // namespace

std::string site_message(const Site& site, const ProgramLayout& layout, const int64_t* values) {
  constexpr size_t kSlots = kSiteValueSlots;
  switch (site.kind) {
  case SiteKind::DivisionByZero:
  case SiteKind::ModuloByZero: {
    std::string what =
        site.kind == SiteKind::DivisionByZero ? "division by zero" : "modulo by zero";
    std::string detail = with_locals(site, values, kSlots);
    return what + " (" + site.text + (detail.empty() ? "" : " " + detail) + ")";
  }
  case SiteKind::BadIndex: {
    std::string detail = with_locals(site, values + 1, kSlots - 1);
    return "index " + std::to_string(values[0]) + " is out of range for '" + site.array +
           "' of size " + std::to_string(site.array_size) +
           (detail.empty() ? "" : " (" + site.text + " " + detail + ")");
  }
  case SiteKind::Assert: {
    std::string detail = with_locals(site, values, kSlots);
    return "assertion failed: " + site.text + (detail.empty() ? "" : " (" + detail + ")");
  }
  case SiteKind::Unlock: {
    int64_t held = values[0];
    std::string name = layout.info->cell_name(static_cast<uint32_t>(values[1]));
    return "unlock of '" + name + "', which it does not hold (" +
           (held == 0 ? std::string("it is free")
                      : "it is held by thread " + std::to_string(held - 1)) +
           ")";
  }
  case SiteKind::RaceCheck:
    return std::string("instrumentation check failed: ") + spelling(site.access) + " of '" +
           layout.info->cell_name(static_cast<uint32_t>(values[0])) + "' races with a " +
           spelling(site.previous_access) + " by thread " + std::to_string(site.previous_thread);
  case SiteKind::Spawn:
    return "thread " + std::to_string(layout.thread_ids[site.target]) +
           " has already been spawned (" + (values[0] ? "it is still running" : "it has finished") +
           "); a thread id is spawned at most once";
  case SiteKind::Lock:
  case SiteKind::Wait:
    break;
  }
  return "";
}

} // namespace racelang::jit
