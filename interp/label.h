// The labels of the small-step semantics (the paper's Figure 7): what a race detector observes
// of each step. A step by thread t is labelled rd(t, x), wr(t, x), acq(t, m), rel(t, m),
// fork(t, u), join(t, u), or has no label (local steps, assert, control flow, print). Shared
// locations and locks are named by their cell in the checker's flat layout (every array element
// is its own cell), threads by their racelang id. `exit(t)` is not a step of Figure 7: the
// machine emits it when a thread runs out of code, for the multiple-join detector (§3.4).
// The synchronisation of docs/language.md adds vrd(t, v) and vwr(t, v) (volatile accesses; a
// cas or fetch_add is a vrd followed, when it writes, by a vwr), cwait(t, c) (a thread starts
// waiting on condition c, after the rel(t, m) of its lock), notify(t, c), and arr(t, b) /
// dep(u, b) for barriers: the step that fills barrier b emits its own arr and then one dep for
// every thread it releases, itself included (so a dep's thread need not be the stepping one).
#pragma once

#include <cstdint>
#include <string>

#include "frontend/ast.h"

namespace racelang {

enum class LabelKind : uint8_t {
  None,
  Read,
  Write,
  Acquire,
  Release,
  Fork,
  Join,
  Exit,
  VolatileRead,
  VolatileWrite,
  CondWait,
  Notify,
  BarrierArrive,
  BarrierDepart,
};

struct Label {
  LabelKind kind = LabelKind::None;
  int64_t thread = 0;  // t: the thread that steps
  uint32_t target = 0; // a cell (x, m, v, c, b) for every label but fork/join (u, an id)
  friend bool operator==(const Label&, const Label&) = default;
};

// A labelled event with where in the source it happened: the instruction's statement.
struct LabelledStep {
  Label label;
  SourceRange range;
  friend bool operator==(const LabelledStep&, const LabelledStep&) = default;
};

// "rd", "wr", "acq", "rel", "fork", "join", "exit", "none": the paper's names; "vrd", "vwr",
// "cwait", "notify", "arr", "dep" for the synchronisation of docs/language.md.
const char* label_name(LabelKind kind);
// "rd(1, x)" with the location named by `name` (cells) or "fork(0, 2)" (threads).
std::string format_label(const Label& label, const std::string& target_name);

} // namespace racelang
