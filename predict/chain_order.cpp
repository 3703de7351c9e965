// Incremental reachability on chains (chain_order.h).
#include "predict/chain_order.h"

#include <algorithm>

namespace racelang::predict {

bool ChainOrder::reset(const std::vector<uint32_t>& lengths,
                       const std::vector<std::pair<ChainNode, ChainNode>>& edges) {
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
  if (edges.empty()) return true;
  // Kahn's algorithm over node ids (start_[chain] + pos): each node's successors are the next
  // node of its chain and the targets of its edges (grouped by source, CSR).
  auto id = [&](ChainNode n) { return start_[n.chain] + n.pos; };
  std::vector<uint32_t> chain_of(nodes), first(nodes + 1, 0), targets(edges.size()),
      indegree(nodes);
  for (uint32_t c = 0; c < k_; ++c)
    for (uint32_t p = 0; p < lengths[c]; ++p) {
      chain_of[start_[c] + p] = c;
      indegree[start_[c] + p] = p > 0 ? 1 : 0;
    }
  for (auto [a, b] : edges)
    if (id(a) != id(b)) {
      ++first[id(a) + 1];
      ++indegree[id(b)];
    }
  for (size_t n = 0; n < nodes; ++n) first[n + 1] += first[n];
  std::vector<uint32_t> fill(first.begin(), first.end() - 1);
  for (auto [a, b] : edges)
    if (id(a) != id(b)) targets[fill[id(a)]++] = id(b);
  std::vector<uint32_t> order;
  order.reserve(nodes);
  for (uint32_t n = 0; n < nodes; ++n)
    if (indegree[n] == 0) order.push_back(n);
  // The next node of n's chain, -1 if n is its last (node ids of a chain are consecutive).
  auto next_in_chain = [&](uint32_t n) {
    return n + 1 < start_[chain_of[n]] + lengths_[chain_of[n]] ? int64_t{n} + 1 : int64_t{-1};
  };
  for (size_t i = 0; i < order.size(); ++i) {
    uint32_t n = order[i];
    auto visit = [&](uint32_t m) {
      if (--indegree[m] == 0) order.push_back(m);
    };
    if (int64_t m = next_in_chain(n); m >= 0) visit(static_cast<uint32_t>(m));
    for (uint32_t e = first[n]; e < first[n + 1]; ++e) visit(targets[e]);
  }
  if (order.size() < nodes) return false; // a cycle: its nodes never reach indegree 0
  // Latest predecessors forward, earliest successors backward, along the topological order
  // (a node's entries start at id * k).
  auto join = [&](uint32_t from, uint32_t to) {
    for (size_t d = 0; d < k_; ++d)
      pred_[to * k_ + d] = std::max(pred_[to * k_ + d], pred_[from * k_ + d]);
  };
  auto meet = [&](uint32_t at, uint32_t from) {
    for (size_t d = 0; d < k_; ++d)
      succ_[at * k_ + d] = std::min(succ_[at * k_ + d], succ_[from * k_ + d]);
  };
  for (uint32_t n : order) {
    if (int64_t m = next_in_chain(n); m >= 0) join(n, static_cast<uint32_t>(m));
    for (uint32_t e = first[n]; e < first[n + 1]; ++e) join(n, targets[e]);
  }
  for (size_t i = order.size(); i-- > 0;) {
    uint32_t n = order[i];
    if (int64_t m = next_in_chain(n); m >= 0) meet(n, static_cast<uint32_t>(m));
    for (uint32_t e = first[n]; e < first[n + 1]; ++e) meet(n, targets[e]);
  }
  return true;
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
