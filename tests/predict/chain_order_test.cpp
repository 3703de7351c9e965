// M2's incremental reachability structure (predict/chain_order.h) against a brute-force
// transitive closure, on random chains and random sequences of edge insertions: after every
// insertion, every reachability query and every per-chain earliest successor and latest
// predecessor agree, and an insertion that would close a cycle is refused and changes nothing.
// The same after many edges given at once (closed in one pass), then one more inserted. The
// negative control, an order that keeps only the inserted edges (no transitivity across them),
// is caught by both checks.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <vector>

#include "predict/chain_order.h"
#include "verify/property_runner.h"

namespace racelang {
namespace {

using predict::ChainNode;
using predict::ChainOrder;

// Reachability by search over the chains and the edges inserted so far.
struct BruteOrder {
  std::vector<uint32_t> lengths;
  std::vector<std::pair<ChainNode, ChainNode>> edges;
  bool reaches(ChainNode a, ChainNode b) const {
    std::vector<ChainNode> work{a};
    std::vector<std::vector<bool>> seen;
    for (uint32_t len : lengths) seen.emplace_back(len, false);
    while (!work.empty()) {
      ChainNode x = work.back();
      work.pop_back();
      if (seen[x.chain][x.pos]) continue;
      seen[x.chain][x.pos] = true;
      if (x.chain == b.chain && x.pos <= b.pos) return true;
      if (x.pos + 1 < lengths[x.chain]) work.push_back({x.chain, x.pos + 1});
      for (auto [from, to] : edges)
        if (from.chain == x.chain && from.pos == x.pos) work.push_back(to);
    }
    return false;
  }
};

// The negative control: chain order plus the inserted edges themselves, nothing transitive.
class DirectEdgesOnly {
public:
  void reset(const std::vector<uint32_t>& lengths) {
    lengths_ = lengths;
    edges_.clear();
  }
  bool before(ChainNode a, ChainNode b) const {
    if (a.chain == b.chain) return a.pos <= b.pos;
    for (auto [from, to] : edges_)
      if (from.chain == a.chain && from.pos >= a.pos && to.chain == b.chain && to.pos <= b.pos)
        return true;
    return false;
  }
  uint32_t first_after(ChainNode a, uint32_t c) const {
    for (uint32_t p = 0; p < lengths_[c]; ++p)
      if (before(a, {c, p})) return p;
    return lengths_[c];
  }
  uint32_t reached_by(ChainNode a, uint32_t c) const {
    for (uint32_t p = lengths_[c]; p-- > 0;)
      if (before({c, p}, a)) return p + 1;
    return 0;
  }
  bool insert(ChainNode a, ChainNode b) {
    if (before(b, a) && !(a.chain == b.chain && a.pos == b.pos)) return false;
    edges_.push_back({a, b});
    return true;
  }
  bool reset(const std::vector<uint32_t>& lengths,
             const std::vector<std::pair<ChainNode, ChainNode>>& edges) {
    reset(lengths);
    for (auto [a, b] : edges)
      if (!insert(a, b)) return false;
    return true;
  }

private:
  std::vector<uint32_t> lengths_;
  std::vector<std::pair<ChainNode, ChainNode>> edges_;
};

// Every query of `order` against the brute-force closure.
template <typename Order>
void check_queries(const Order& order, const BruteOrder& brute,
                   const std::vector<uint32_t>& lengths) {
  for (uint32_t c = 0; c < lengths.size(); ++c)
    for (uint32_t p = 0; p < lengths[c]; ++p) {
      ChainNode x{c, p};
      for (uint32_t d = 0; d < lengths.size(); ++d) {
        uint32_t first = lengths[d], reached = 0;
        for (uint32_t q = 0; q < lengths[d]; ++q) {
          RC_ASSERT(order.before(x, {d, q}) == brute.reaches(x, {d, q}));
          if (brute.reaches(x, {d, q})) first = std::min(first, q);
          if (brute.reaches({d, q}, x)) reached = q + 1;
        }
        RC_ASSERT(order.first_after(x, d) == first);
        RC_ASSERT(order.reached_by(x, d) == reached);
      }
    }
}

std::vector<uint32_t> gen_lengths() {
  return *rc::gen::container<std::vector<uint32_t>>(*rc::gen::inRange<size_t>(1, 5),
                                                    rc::gen::inRange<uint32_t>(1, 7));
}

ChainNode gen_node(const std::vector<uint32_t>& lengths) {
  auto c = *rc::gen::inRange<uint32_t>(0, static_cast<uint32_t>(lengths.size()));
  return ChainNode{c, *rc::gen::inRange<uint32_t>(0, lengths[c])};
}

template <typename Order> void check_against_brute_force() {
  auto lengths = gen_lengths();
  Order order;
  order.reset(lengths);
  BruteOrder brute{lengths, {}};
  size_t steps = *rc::gen::inRange<size_t>(1, 20);
  for (size_t step = 0; step < steps; ++step) {
    ChainNode a = gen_node(lengths), b = gen_node(lengths);
    bool same = a.chain == b.chain && a.pos == b.pos;
    bool cycle = !same && brute.reaches(b, a);
    RC_ASSERT(order.insert(a, b) == !cycle);
    if (!cycle) brute.edges.push_back({a, b});
    check_queries(order, brute, lengths);
  }
}

// Many edges at once (reset with edges): refused exactly when they close a cycle, else the
// closure of all of them; then edges inserted one by one on top, as M2 does.
template <typename Order> void check_bulk_against_brute_force() {
  auto lengths = gen_lengths();
  BruteOrder brute{lengths, {}};
  size_t count = *rc::gen::inRange<size_t>(0, 20);
  for (size_t i = 0; i < count; ++i) brute.edges.push_back({gen_node(lengths), gen_node(lengths)});
  bool cycle = false;
  for (auto [a, b] : brute.edges)
    cycle = cycle || (!(a.chain == b.chain && a.pos == b.pos) && brute.reaches(b, a));
  RC_TAG(cycle ? "cycle" : "acyclic");
  Order order;
  RC_ASSERT(order.reset(lengths, brute.edges) == !cycle);
  if (cycle) return;
  check_queries(order, brute, lengths);
  ChainNode a = gen_node(lengths), b = gen_node(lengths);
  bool closes = !(a.chain == b.chain && a.pos == b.pos) && brute.reaches(b, a);
  RC_ASSERT(order.insert(a, b) == !closes);
  if (!closes) brute.edges.push_back({a, b});
  check_queries(order, brute, lengths);
}

RC_GTEST_PROP(ChainOrder, AgreesWithTheTransitiveClosure, ()) {
  check_against_brute_force<ChainOrder>();
}

TEST(ChainOrder, AnOrderWithoutTransitivityIsCaught) {
  EXPECT_TRUE(
      verify::find_failure([] { check_against_brute_force<DirectEdgesOnly>(); }, 200).has_value());
}

RC_GTEST_PROP(ChainOrder, ManyEdgesAtOnceAgreeWithTheTransitiveClosure, ()) {
  check_bulk_against_brute_force<ChainOrder>();
}

TEST(ChainOrder, ManyEdgesAtOnceWithoutTransitivityAreCaught) {
  EXPECT_TRUE(verify::find_failure([] { check_bulk_against_brute_force<DirectEdgesOnly>(); }, 200)
                  .has_value());
}

} // namespace
} // namespace racelang
