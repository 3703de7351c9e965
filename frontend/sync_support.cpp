// The one check that keeps programs with the interpreter-only synchronisation away from the
// backends that cannot run them yet (see sync_support.h).
#include "frontend/sync_support.h"


#include "frontend/ast_walk.h"

namespace racelang {
namespace {

const char* symbol_what(SymbolKind kind) {
  switch (kind) {
  case SymbolKind::Volatile:
    return "volatile variables";
  case SymbolKind::Condition:
    return "condition variables";
  case SymbolKind::Barrier:
    return "barriers";
  case SymbolKind::Shared:
  case SymbolKind::Lock:
    return nullptr;
  }
  return nullptr;
}

const char* sync_what(const Sync& sync) {
  return std::visit(
      Overloaded{
          [](const Cas&) { return "'cas' operations on volatile variables"; },
          [](const FetchAdd&) { return "'fetch_add' operations on volatile variables"; },
          [](const CondWait&) { return "condition variables"; },
          [](const Notify&) { return "condition variables"; },
          [](const Await&) { return "barriers"; },
          [](const Assume&) { return "'assume' statements"; },
      },
      sync.op);
}

} // namespace

std::optional<SyncUse> find_interpreter_only_sync(const Program& program, const ProgramInfo& info) {
  std::optional<SyncUse> found;
  auto volatile_access = [&](const Location& loc) {
    const Symbol* sym = info.find_symbol(loc.name);
    return sym && sym->kind == SymbolKind::Volatile;
  };
  for_each_stmt(program.body, SpawnBodies::Enter, [&](const Stmt& s) {
    if (found) return;
    if (auto* sync = std::get_if<Sync>(&s.node)) {
      found = SyncUse{s.range, sync_what(*sync)};
    } else if (auto* load = std::get_if<Load>(&s.node); load && volatile_access(load->loc)) {
      found = SyncUse{s.range, "volatile variables"};
    } else if (auto* store = std::get_if<Store>(&s.node); store && volatile_access(store->loc)) {
      found = SyncUse{s.range, "volatile variables"};
    }
  });
  if (found) return found;
  for (const Decl& d : program.decls) {
    const Symbol* sym = info.find_symbol(d.name);
    if (const char* what = sym ? symbol_what(sym->kind) : nullptr) return SyncUse{d.range, what};
  }
  return std::nullopt;
}

std::string interpreter_only_message(const SyncUse& use, const std::string& backend) {
  // Which backends run them: docs/language.md, "Volatiles, conditions, barriers".
  return use.what + " are not supported by " + backend +
         " yet (the interpreter runs them: 'racelang run', 'explore' and 'test'; so do the "
         "JIT, 'racelang instrument' and 'racelang emit-c')";
}

} // namespace racelang
