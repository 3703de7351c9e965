// Schedulable happens-before (OOPSLA'18, What Happens-After the First Race? Enhancing the
// Predictive Power of Happens-Before Based Dynamic Race Detection): happens-before plus an
// edge from each read's writer to the read. Vector clocks as in the paper's algorithm: a write
// stores its thread's clock as the location's last-write clock, a read joins it. Every pair, not
// only the paper's one report per access (clock_pairs.h).
#include "predict/analyses.h"
#include "predict/clock_pairs.h"

namespace racelang::predict {

void shb_races(const TraceIndex& index, const PredictOptions& options, PredictResult& out) {
  const size_t n = index.threads();
  std::vector<Clock> c(n, Clock(n, 0));
  // Per lock (dense ids; an empty clock: none yet), and per location the last write's clock in
  // one flat array (all zero: none yet, which joins as nothing).
  std::vector<Clock> lock_clock(index.trace.locks.size());
  std::vector<uint32_t> last_write(index.trace.locations.size() * n, 0);
  // The log holds every access: counted first, so that it is allocated once.
  size_t accesses = 0;
  for (Op op : index.op) accesses += is_access(op);
  AccessLog log(index.trace.locations.size(), n, accesses);
  // The pass reads the index's compact arrays (an Event is 56 bytes).
  for (uint32_t i = 0; i < index.op.size(); ++i) {
    const Op op = index.op[i];
    const uint32_t target = index.target[i], t = index.thread_of[i];
    Clock& ct = c[t];
    ++ct[t];
    switch (op) {
    case Op::Acquire:
      join_into(ct, lock_clock[target]);
      break;
    case Op::Release:
      lock_clock[target] = ct;
      break;
    case Op::Fork:
      if (int64_t u = index.dense_of(target); u >= 0) join_into(c[static_cast<size_t>(u)], ct);
      break;
    case Op::Join:
      if (int64_t u = index.dense_of(target); u >= 0) join_into(ct, c[static_cast<size_t>(u)]);
      break;
    case Op::Read:
    case Op::Write: {
      bool write = op == Op::Write;
      uint32_t* lw = last_write.data() + size_t{target} * n;
      if (!write && !options.shb_without_reads_from)
        for (size_t u = 0; u < n; ++u) ct[u] = std::max(ct[u], lw[u]);
      if (!log.report(op, target, i, t, ct, Analysis::Shb, options.max_pairs, out.races)) {
        out.truncated = true;
        return;
      }
      log.add(op, target, i, t, ct[t]);
      if (write) std::copy(ct.begin(), ct.end(), lw);
      break;
    }
    default:
      break;
    }
  }
}

} // namespace racelang::predict
