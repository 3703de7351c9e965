// Failure messages from sites (see sites.h), worded by the catalogue every backend shares
// (outcome/messages.h).
#include "jit/sites.h"

#include <algorithm>

#include "outcome/messages.h"

namespace racelang::jit {
namespace {

// "with a = 1, b = 0" for the site's locals, whose values start at `values`; `available` is
// how many values the generated code could pass.
std::string with_locals(const Site& site, const int64_t* values, size_t available) {
  size_t n = std::min(site.locals.size(), available);
  std::vector<std::string> names(site.locals.begin(), site.locals.begin() + n), shown;
  for (size_t k = 0; k < n; ++k) shown.push_back(std::to_string(values[k]));
  return messages::locals_detail(names, shown);
}

} // namespace

std::string site_message(const Site& site, const ProgramLayout& layout, const int64_t* values) {
  constexpr size_t kSlots = kSiteValueSlots;
  switch (site.kind) {
  case SiteKind::DivisionByZero:
  case SiteKind::ModuloByZero:
    return messages::division_by_zero(site.kind == SiteKind::DivisionByZero ? BinaryOp::Div
                                                                            : BinaryOp::Mod,
                                      site.text, with_locals(site, values, kSlots));
  case SiteKind::BadIndex:
    return messages::index_out_of_range(std::to_string(values[0]), site.array, site.array_size,
                                        site.text, with_locals(site, values + 1, kSlots - 1));
  case SiteKind::Assert:
    return messages::assertion_failed(site.text, with_locals(site, values, kSlots));
  case SiteKind::Unlock: {
    int64_t held = values[0];
    return messages::unlock_not_held(layout.info->cell_name(static_cast<uint32_t>(values[1])),
                                     held == 0 ? "" : std::to_string(held - 1));
  }
  case SiteKind::RaceCheck:
    return messages::race_check_failed(site.access,
                                       layout.info->cell_name(static_cast<uint32_t>(values[0])),
                                       site.previous_access, std::to_string(values[1]));
  case SiteKind::Spawn:
    return messages::already_spawned(layout.thread_ids[site.target],
                                     messages::spawned_state(values[0] != 0));
  case SiteKind::CondWait: {
    int64_t held = values[0];
    return messages::cond_wait_not_held(layout.info->cell_name(static_cast<uint32_t>(values[1])),
                                        layout.info->cell_name(static_cast<uint32_t>(values[2])),
                                        held == 0 ? "" : std::to_string(held - 1));
  }
  case SiteKind::Lock:
  case SiteKind::Wait:
  case SiteKind::Await:
  case SiteKind::Assume:
    break;
  }
  return "";
}

} // namespace racelang::jit
