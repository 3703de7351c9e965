// The access history's canonical encoding (see race.h).
#include "interp/race.h"

namespace racelang {

void AccessHistory::serialize(std::string& out) const {
  auto put = [&](uint32_t v) { out.append(reinterpret_cast<const char*>(&v), sizeof v); };
  put(static_cast<uint32_t>(sites_.size()));
  for (const auto& [key, range] : sites_) {
    put(std::get<0>(key));
    put(static_cast<uint32_t>(std::get<1>(key)));
    put(std::get<2>(key) ? 1 : 0);
    put(range.begin.line);
    put(range.begin.col);
  }
}

} // namespace racelang
