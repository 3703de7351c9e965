// The two steps every forward "must" analysis over structured code shares (redundant checks:
// the accesses since the last synchronisation; ordered cells: the locks held): after an
// if/else, what holds on both branches (an intersection), and at a loop's head the greatest
// fixpoint head = in ∩ out(body, head), which is also what holds after the loop. Facts are
// ordered sets, so intersection is a merge. Internal to elide/.
#pragma once

#include <algorithm>
#include <iterator>
#include <set>
#include <utility>

namespace racelang::elide {

template <typename T> std::set<T> intersect(const std::set<T>& a, const std::set<T>& b) {
  std::set<T> out;
  std::set_intersection(a.begin(), a.end(), b.begin(), b.end(), std::inserter(out, out.end()));
  return out;
}

// `out_of_body(head)` runs the loop body from `head` without recording decisions and returns
// the facts at its end. Facts only shrink, so this ends within one iteration per fact.
template <typename T, typename OutOfBody>
std::set<T> loop_head_fixpoint(const std::set<T>& in, OutOfBody&& out_of_body) {
  std::set<T> head = in;
  while (true) {
    std::set<T> next = intersect(head, out_of_body(head));
    if (next == head) return head;
    head = std::move(next);
  }
}

} // namespace racelang::elide
