// Implementation of the JIT's program generators (see jit_program_gen.h), with gen::exec so the
// program's shape follows earlier choices and still shrinks.
#include "tests/jit/jit_program_gen.h"

#include <vector>

namespace racelang::testing {
namespace {

namespace gen = rc::gen;

std::string num(int v) {
  return std::to_string(v);
}

// One operation of a race-free worker. Every counter has one lock and one commutative update:
// add0 (+, under l0), add1 (+, under l1), big (max, under l1); l0 before l1 when both are held.
std::string race_free_op(const std::string& indent) {
  int d = *gen::inRange(0, 9);
  switch (*gen::inRange(0, 7)) {
  case 0:
    return indent + "lock l0;\n" + indent + "v := load add0;\n" + indent + "store v + " + num(d) +
           " add0;\n" + indent + "unlock l0;\n";
  case 1:
    return indent + "lock l1;\n" + indent + "v := load add1;\n" + indent + "store v + " + num(d) +
           " add1;\n" + indent + "unlock l1;\n";
  case 2:
    return indent + "lock l1;\n" + indent + "v := load big;\n" + indent + "store max(v, acc * " +
           num(d) + " % 97) big;\n" + indent + "unlock l1;\n";
  case 3:
    return indent + "lock l0;\n" + indent + "lock l1;\n" + indent + "v := load add0;\n" + indent +
           "w := load add1;\n" + indent + "store v + " + num(d) + " add0;\n" + indent +
           "store w + acc % 5 add1;\n" + indent + "unlock l1;\n" + indent + "unlock l0;\n";
  case 4:
    return indent + "acc := (acc * " + num(d) + " + i) % 1000;\n";
  case 5:
    return indent + "if (acc % 2 == 0) {\n" + indent + "  acc := acc + " + num(d) + ";\n" + indent +
           "} else {\n" + indent + "  acc := acc - 1;\n" + indent + "}\n";
  default:
    return indent + "acc := min(acc / " + num(d + 1) + ", 50) - " + num(d) + ";\n";
  }
}

std::string loop_of_ops(const std::string& indent, int max_iterations) {
  std::string out = indent + "i := 0;\n" + indent + "while (i < " +
                    num(*gen::inRange(1, max_iterations + 1)) + ") {\n";
  int ops = *gen::inRange(1, 4);
  for (int k = 0; k < ops; ++k) out += race_free_op(indent + "  ");
  return out + indent + "  i := i + 1;\n" + indent + "}\n";
}

// Accesses to `x` for the always-racy programs: a read or a write.
std::string access_x(bool write) {
  return write ? "  store a + 1 x;\n" : "  a := load x;\n";
}

// Work that synchronises with nothing the other thread touches: its own lock and cell.
std::string private_work(int t) {
  std::string lock = t == 1 ? "p" : "q";
  std::string cell = "own[" + num(t - 1) + "]";
  switch (*gen::inRange(0, 4)) {
  case 0:
    return "  lock " + lock + ";\n  b := load " + cell + ";\n  store b + 1 " + cell +
           ";\n  unlock " + lock + ";\n";
  case 1:
    return "  a := a * 3 + " + num(*gen::inRange(0, 5)) + ";\n";
  case 2:
    return "  k := 0;\n  while (k < " + num(*gen::inRange(1, 30)) + ") {\n    k := k + 1;\n  }\n";
  default:
    return "  if (a > 2) {\n    store a " + cell + ";\n  }\n";
  }
}

} // namespace

rc::Gen<std::string> gen_race_free_source() {
  return gen::resize(
      100, gen::exec([] {
        int workers = *gen::inRange(1, 4);
        std::string out = "shared add0;\nshared add1;\nshared big;\nshared out[8];\n"
                          "shared result;\nmutex l0;\nmutex l1;\n\n";
        for (int t = 1; t <= workers; ++t) {
          out += "spawn " + num(t) + " {\n  acc := " + num(t) + ";\n";
          if (t > 1 && *gen::inRange(0, 3) == 0) {
            int u = *gen::inRange(1, t);
            out += "  wait " + num(u) + ";\n  r := load out[" + num(u) + "];\n  acc := acc + r;\n";
          }
          out += loop_of_ops("  ", 20);
          if (*gen::inRange(0, 3) == 0) {
            int h =
                workers + t; // ids stay small: the instrumentation's clocks have max id + 1 entries
            out += "  spawn " + num(h) + " {\n    acc := " + num(h) + ";\n" +
                   loop_of_ops("    ", 5) + "    store acc out[" + num(4 + t) + "];\n  }\n  wait " +
                   num(h) + ";\n  hv := load out[" + num(4 + t) + "];\n  acc := acc + hv;\n";
          }
          out += "  store acc out[" + num(t) + "];\n}\n";
        }
        if (*gen::arbitrary<bool>()) out += "acc := 0;\n" + loop_of_ops("", 10);
        std::vector<int> order;
        for (int t = 1; t <= workers; ++t) order.push_back(t);
        for (size_t k = order.size(); k > 1; --k)
          std::swap(order[k - 1],
                    order[static_cast<size_t>(*gen::inRange<int>(0, static_cast<int>(k)))]);
        for (int t : order) out += "wait " + num(t) + ";\n";
        out += "s := 0;\nv := load add0;\ns := s + v;\nv := load add1;\ns := s * 7 + v;\n"
               "v := load big;\ns := s * 7 + v;\nj := 0;\nwhile (j < 8) {\n  v := load out[j];\n"
               "  s := s * 3 + v;\n  j := j + 1;\n}\nstore s result;\nprint(s);\n";
        return out;
      }));
}

rc::Gen<std::string> gen_always_racy_source() {
  return gen::resize(100, gen::exec([] {
                       // (write, write), (write, read) or (read, write): at least one write.
                       int kinds = *gen::inRange(0, 3);
                       bool first_writes = kinds != 2, second_writes = kinds != 1;
                       std::string out = "shared x;\nshared own[2];\nmutex p;\nmutex q;\n\n";
                       if (*gen::arbitrary<bool>())
                         out += "store 5 x;\n"; // before the spawns: ordered by fork
                       for (int t = 1; t <= 2; ++t) {
                         bool write = t == 1 ? first_writes : second_writes;
                         out += "spawn " + num(t) + " {\n  a := " + num(t) + ";\n";
                         int before = *gen::inRange(0, 3), after = *gen::inRange(0, 3);
                         for (int k = 0; k < before; ++k) out += private_work(t);
                         out += access_x(write);
                         if (*gen::arbitrary<bool>()) out += access_x(*gen::arbitrary<bool>());
                         for (int k = 0; k < after; ++k) out += private_work(t);
                         out += "}\n";
                       }
                       out += "wait 1;\nwait 2;\n";
                       return out;
                     }));
}

rc::Gen<std::string> gen_race_free_sync_source() {
  return gen::exec([] {
    int workers = *gen::inRange(2, 5);
    int phases = *gen::inRange(0, 4);
    bool spin_lock = *gen::arbitrary<bool>();
    bool chain = *gen::arbitrary<bool>();
    int items = *gen::inRange(0, 6);
    int capacity = *gen::inRange(1, 3);
    std::string n = num(workers + 1);
    std::string out = "volatile cnt;\nvolatile sl;\nshared total;\nvolatile ready[" + n +
                      "];\nshared msg[" + n + "];\nshared slot[" + n + "];\nshared res[" + n +
                      "];\nbarrier bar(" + num(workers) + ");\nmutex m;\ncondition not_full;\n" +
                      "condition not_empty;\nshared queue[" + num(capacity) +
                      "];\nshared head;\nshared size;\nshared consumed;\n";
    for (int w = 1; w <= workers; ++w) {
      std::string id = num(w), next = num(w % workers + 1);
      out += "spawn " + id + " {\n  acc := " + num(*gen::inRange(0, 10)) + ";\n";
      // Barrier phases: each phase's writes happen before the next phase's reads.
      if (phases > 0)
        out += "  p := 0;\n  while (p < " + num(phases) + ") {\n    store acc * 10 + p slot[" + id +
               "];\n    await bar;\n    v := load slot[" + next +
               "];\n    acc := (acc + v) % 1000;\n    await bar;\n    p := p + 1;\n  }\n";
      // A counter only ever added to with fetch_add.
      for (int k = *gen::inRange(0, 3); k > 0; --k)
        out += "  r := fetch_add(cnt, " + num(*gen::inRange(1, 10)) + ");\n";
      // A plain total under a cas spin lock.
      if (spin_lock)
        out += "  r := cas(sl, 0, 1);\n  while (r != 0) {\n    r := cas(sl, 0, 1);\n  }\n"
               "  v := load total;\n  store v + acc + " +
               id + " total;\n  store 0 sl;\n";
      // Message passing down the chain: a plain message published by a volatile flag.
      if (chain) {
        if (w > 1)
          out += "  f := load ready[" + num(w - 1) +
                 "];\n  while (f == 0) {\n    f := load ready[" + num(w - 1) +
                 "];\n  }\n  v := load msg[" + num(w - 1) + "];\n  acc := (acc + v * 3) % 1000;\n";
        out += "  store acc + " + id + " msg[" + id + "];\n  store 1 ready[" + id + "];\n";
      }
      // Worker 1 produces into the bounded queue that main consumes.
      if (w == 1 && items > 0)
        out += "  k := 0;\n  while (k < " + num(items) +
               ") {\n    lock m;\n    s := load size;\n    while (s == " + num(capacity) +
               ") {\n      wait(not_full, m);\n      s := load size;\n    }\n"
               "    h := load head;\n    store acc + k queue[(h + s) % " +
               num(capacity) +
               "];\n    store s + 1 size;\n    notify(not_empty);\n    unlock m;\n"
               "    k := k + 1;\n  }\n";
      out += "  store acc res[" + id + "];\n}\n";
    }
    // Main consumes the items in order (each folded into `consumed` by position).
    if (items > 0)
      out += "k := 0;\nc := 0;\nwhile (k < " + num(items) +
             ") {\n  lock m;\n  s := load size;\n  while (s == 0) {\n    wait(not_empty, m);\n"
             "    s := load size;\n  }\n  h := load head;\n  v := load queue[h];\n"
             "  store (h + 1) % " +
             num(capacity) + " head;\n  store s - 1 size;\n  " +
             (*gen::arbitrary<bool>() ? "notify_all" : "notify") +
             "(not_full);\n  unlock m;\n  c := (c * 7 + v) % 100003;\n  k := k + 1;\n}\n"
             "store c consumed;\n";
    for (int w = 1; w <= workers; ++w) out += "wait " + num(w) + ";\n";
    return out;
  });
}

} // namespace racelang::testing
