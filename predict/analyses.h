// Internal to predict/: one entry point per analysis; predict.cpp dispatches and adds witnesses.
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "predict/predict.h"
#include "predict/trace_index.h"

namespace racelang::predict {

// Schedulable happens-before (OOPSLA'18, What Happens-After the First Race?).
void shb_races(const TraceIndex& index, const PredictOptions& options, PredictResult& out);
// Sync-preserving races (POPL'21): vector times of closures (closure.h) and per-lock queues.
void syncp_races(const TraceIndex& index, const PredictOptions& options, PredictResult& out);
// Weak causally-precedes (PLDI'17, Dynamic Race Prediction in Linear Time).
void wcp_races(const TraceIndex& index, const PredictOptions& options, PredictResult& out);

// M2 (POPL'20), pair by pair; its races come with their witnesses.
void m2_races(const TraceIndex& index, const PredictOptions& options, PredictResult& out);

// M2's decision for one pair, for other analyses (the maximal one asks it first): the witness,
// or nothing, `certain` telling whether the rejection used forced orderings only (then no
// correct reordering exposes the pair). Builds its per-trace tables once.
struct M2Tables;
class M2Decider {
public:
  M2Decider(const TraceIndex& index, const PredictOptions& options);
  ~M2Decider();
  std::optional<std::vector<uint32_t>> decide(uint32_t e1, uint32_t e2, bool& certain);

private:
  struct Slices;
  const TraceIndex& index_;
  const PredictOptions& options_;
  std::unique_ptr<M2Tables> tables_;
  std::unique_ptr<Slices> slices_;
};

// The maximal causal model (PLDI'14) over Z3; its races come with their witnesses.
void maximal_races(const TraceIndex& index, const PredictOptions& options, PredictResult& out);

} // namespace racelang::predict
