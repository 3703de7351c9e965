// A RapidCheck generator of the small programs the instrumentation properties explore
// exhaustively: the paper's language (the CPP'17 paper's §4.1) without control flow. Main plus up
// to three spawned threads (spawns nest), each a few instructions among local assignment, load,
// store, balanced lock/unlock blocks on up to two locks, spawn and wait, over up to three
// locations. Waits go to a thread's own children, to earlier siblings, or from main to any
// thread, so some threads are waited for twice (the multiple-join case of §3.4). Lock blocks
// hold only loads and stores and never nest, and waits never form a cycle, so the programs
// cannot deadlock. Programs are kept as source text and shown as such, so a counterexample
// reads as racelang.
#pragma once

#include <ostream>
#include <string>

#include <rapidcheck.h>

#include "frontend/ast.h"

namespace racelang::verify {

struct PaperProgramConfig {
  int max_spawned = 3;        // threads besides main
  int max_instructions = 4;   // simple instructions per thread (lock blocks count once)
  int locations = 3;          // at most; each program uses 1 to this many
  int locks = 2;              // at most; each program uses 1 to this many
  int max_block_accesses = 2; // loads/stores inside one lock block
};

// A generated program, as racelang source.
struct PaperProgram {
  std::string source;
};

rc::Gen<PaperProgram> gen_paper_program(PaperProgramConfig config = {});

// Whether some thread is waited for by two threads (a static property of the text).
bool has_two_waiters(const Program& program);

void showValue(const PaperProgram& program, std::ostream& os);

} // namespace racelang::verify
