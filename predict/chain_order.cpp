// Incremental reachability on chains (chain_order.h).
#include "predict/chain_order.h"

#include <algorithm>

namespace racelang::predict {

void ChainOrder::reset(const std::vector<uint32_t>& lengths) {
  k_ = lengths.size();
  lengths_ = lengths;
  start_.assign(k_, 0);
  size_t nodes = 0;
  for (size_t c = 0; c < k_; ++c) {
    start_[c] = static_cast<uint32_t>(nodes);
    nodes += lengths[c];
  }
  succ_.resize(nodes * k_);
  pred_.resize(nodes * k_);
  for (uint32_t c = 0; c < k_; ++c)
    for (uint32_t p = 0; p < lengths[c]; ++p) {
      size_t s = slot({c, p});
      for (size_t d = 0; d < k_; ++d) {
        succ_[s + d] = lengths_[d];
        pred_[s + d] = 0;
      }
      succ_[s + c] = p;
      pred_[s + c] = p + 1;
    }
}

bool ChainOrder::insert(ChainNode a, ChainNode b) {
  if (before(a, b)) return true;
  if (before(b, a)) return false;
  // Neither changes below: the nodes updated reach a and are reached by b, and b does not reach
  // a (no cycle), so b's successors and a's predecessors stay as they are.
  const size_t sb = slot(b), sa = slot(a);
  for (uint32_t c = 0; c < k_; ++c) {
    // Nodes of chain c reaching a: positions below reached_by(a, c), walked back.
    for (uint32_t p = pred_[sa + c]; p-- > 0;) {
      size_t s = slot({c, p});
      bool changed = false;
      for (size_t d = 0; d < k_; ++d)
        if (succ_[sb + d] < succ_[s + d]) {
          succ_[s + d] = succ_[sb + d];
          changed = true;
        }
      if (!changed) break;
    }
    // Nodes of chain c that b reaches: positions from first_after(b, c) on.
    for (uint32_t p = succ_[sb + c]; p < lengths_[c]; ++p) {
      size_t s = slot({c, p});
      bool changed = false;
      for (size_t d = 0; d < k_; ++d)
        if (pred_[sa + d] > pred_[s + d]) {
          pred_[s + d] = pred_[sa + d];
          changed = true;
        }
      if (!changed) break;
    }
  }
  return true;
}

} // namespace racelang::predict
