// The walks of accesses.h. They take statements apart with visit_stmt, so a statement kind
// added to the AST fails to build here until it is decided whether it accesses shared memory
// or starts a thread (frontend/ast_walk.h).
#include "elide/accesses.h"

#include "frontend/ast_walk.h"

namespace racelang::elide {
namespace {

void collect(const Block& block, int64_t thread, const ProgramInfo& info,
             std::vector<Access>& accesses, std::vector<const Spawn*>& spawns) {
  for (const Stmt& stmt : block) {
    visit_stmt(stmt, Overloaded{
                         [&](const Assign&) {},
                         [&](const Load& l) {
                           if (!is_volatile_access(l.loc, info))
                             accesses.push_back({&stmt, &l.loc, AccessKind::Read, thread});
                         },
                         [&](const Store& s) {
                           if (!is_volatile_access(s.loc, info))
                             accesses.push_back({&stmt, &s.loc, AccessKind::Write, thread});
                         },
                         [&](const LockStmt&) {},
                         [&](const UnlockStmt&) {},
                         [&](const Spawn& sp) {
                           spawns.push_back(&sp);
                           collect(sp.body, sp.thread, info, accesses, spawns);
                         },
                         [&](const Wait&) {},
                         [&](const Assert&) {},
                         [&](const If& i) {
                           collect(i.then_body, thread, info, accesses, spawns);
                           if (i.else_body) collect(*i.else_body, thread, info, accesses, spawns);
                         },
                         [&](const While& w) { collect(w.body, thread, info, accesses, spawns); },
                         [&](const Print&) {},
                         [&](const Call& c) { unexpanded_call(c); },
                         // cas and fetch_add access volatiles: synchronisation, no check.
                         [&](const Sync&) {},
                     });
  }
}

} // namespace

std::unordered_map<const Stmt*, size_t> main_top_level_of(const Program& program) {
  std::unordered_map<const Stmt*, size_t> out;
  for (size_t i = 0; i < program.body.size(); ++i)
    for_each_stmt(program.body[i], SpawnBodies::Skip, [&](const Stmt& s) { out[&s] = i; });
  return out;
}

bool is_volatile_access(const Location& loc, const ProgramInfo& info) {
  const Symbol* symbol = info.find_symbol(loc.name);
  return symbol && symbol->kind == SymbolKind::Volatile;
}

std::vector<Access> program_accesses(const Program& program, const ProgramInfo& info) {
  std::vector<Access> accesses;
  std::vector<const Spawn*> spawns;
  collect(program.body, 0, info, accesses, spawns);
  return accesses;
}

std::vector<const Spawn*> program_spawns(const Program& program, const ProgramInfo& info) {
  std::vector<Access> accesses;
  std::vector<const Spawn*> spawns;
  collect(program.body, 0, info, accesses, spawns);
  return spawns;
}

} // namespace racelang::elide
