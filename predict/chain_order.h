// Internal to predict/: incremental reachability on a DAG of small width (POPL'20, Fast, Sound
// and Effectively Complete Dynamic Race Prediction, Appendix A), which M2 keeps its partial
// order in. The nodes are k chains (a thread's events in a cone, totally ordered); edges between
// chains are inserted one by one, and `before` answers reachability in O(1). For every node it
// keeps, per chain, the earliest node of that chain it reaches and the latest one reaching it.
// Inserting a -> b lowers the first for the nodes reaching a (per chain a prefix, walked back
// from its end) and raises the second for the nodes b reaches (a suffix, walked forward); a walk
// stops at the first node that does not change, since every node before it on its chain
// reaches no less (after it: is reached by no less). The paper keeps the same maps in Fenwick
// trees for O(k^2 log n) per insertion in the worst case; this version pays only for the entries
// that change, which keeps the common case (few changes) cheaper and the code small. The many
// edges known at once (M2's thread order, fork/join and reads-from) are closed in one pass in
// topological order instead, where inserting them one by one in trace order would walk a whole
// chain per edge.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace racelang::predict {

struct ChainNode {
  uint32_t chain = 0, pos = 0;
};

class ChainOrder {
public:
  // Chains of the given lengths, each totally ordered, no edge across them.
  void reset(const std::vector<uint32_t>& lengths) { reset(lengths, {}); }
  // Chains of the given lengths with the given edges, closed in one pass in topological order,
  // O((nodes + edges) * k): inserting many edges one by one can cost a walk over a whole chain
  // each (edges in trace order raise the latest predecessor of every later node). False if the
  // edges close a cycle (the order is then unusable). An edge from a node to itself adds nothing.
  bool reset(const std::vector<uint32_t>& lengths,
             const std::vector<std::pair<ChainNode, ChainNode>>& edges);
  // Whether a reaches b (a == b included).
  bool before(ChainNode a, ChainNode b) const { return first_after(a, b.chain) <= b.pos; }
  // The earliest node of chain c that a reaches (the chain's length if none).
  uint32_t first_after(ChainNode a, uint32_t c) const { return succ_[slot(a) + c]; }
  // How many nodes of chain c reach a (those at positions below it; a's own chain counts a).
  uint32_t reached_by(ChainNode a, uint32_t c) const { return pred_[slot(a) + c]; }
  // Inserts a -> b. False if b already reaches a (the edge would close a cycle; nothing
  // changes then).
  bool insert(ChainNode a, ChainNode b);

private:
  std::size_t slot(ChainNode a) const { return (std::size_t{start_[a.chain]} + a.pos) * k_; }
  std::size_t k_ = 0;
  std::vector<uint32_t> lengths_, start_; // chain -> length, first node's index
  std::vector<uint32_t> succ_, pred_;     // node * k + chain
};

} // namespace racelang::predict
