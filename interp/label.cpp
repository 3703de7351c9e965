// Names of labels, as the paper writes them, for traces, tests and debugging output.
#include "interp/label.h"

namespace racelang {

const char* label_name(LabelKind kind) {
  switch (kind) {
  case LabelKind::None:
    return "none";
  case LabelKind::Read:
    return "rd";
  case LabelKind::Write:
    return "wr";
  case LabelKind::Acquire:
    return "acq";
  case LabelKind::Release:
    return "rel";
  case LabelKind::Fork:
    return "fork";
  case LabelKind::Join:
    return "join";
  case LabelKind::Exit:
    return "exit";
  case LabelKind::VolatileRead:
    return "vrd";
  case LabelKind::VolatileWrite:
    return "vwr";
  case LabelKind::CondWait:
    return "cwait";
  case LabelKind::Notify:
    return "notify";
  case LabelKind::BarrierArrive:
    return "arr";
  case LabelKind::BarrierDepart:
    return "dep";
  }
  return "none";
}

std::string format_label(const Label& label, const std::string& target_name) {
  std::string out = label_name(label.kind);
  if (label.kind == LabelKind::None) return out;
  out += "(" + std::to_string(label.thread);
  if (label.kind != LabelKind::Exit) out += ", " + target_name;
  return out + ")";
}

} // namespace racelang
