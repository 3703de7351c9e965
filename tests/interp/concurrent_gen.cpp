// Implementation of the concurrent program generator (see concurrent_gen.h), written with
// gen::exec so the program's shape follows earlier choices (how many threads, who may wait for
// whom) and still shrinks.
#include "tests/interp/concurrent_gen.h"

#include <vector>

namespace racelang::testing {
namespace {

namespace gen = rc::gen;

std::string location() {
  return *gen::element<std::string>("x", "y", "buf[0]", "buf[1]", "buf[i]");
}

std::string access() {
  if (*gen::arbitrary<bool>()) return "v := load " + location() + ";";
  return "store v + " + std::to_string(*gen::inRange(0, 3)) + " " + location() + ";";
}

// One step of a thread when threads 1..earlier have been spawned before it.
std::string step(int earlier, const ConcurrentGenConfig& config) {
  int kinds = 6 + (earlier > 0 ? 1 : 0) + (config.loops ? 2 : 0);
  if (config.counted_loops && *gen::inRange(0, 4) == 0) {
    if (*gen::arbitrary<bool>()) return "assert (v < " + std::to_string(*gen::inRange(1, 4)) + ");";
    return "j := 0; while (j < 2) { " + access() + " j := j + 1; }";
  }
  int kind = *gen::inRange(0, kinds);
  switch (kind) {
  case 0:
  case 1:
    return access();
  case 2:
    return "i := " + std::to_string(*gen::inRange(0, 2)) + ";";
  case 3: {
    std::string m = *gen::element<std::string>("m", "n");
    std::string out = "lock " + m + "; " + access();
    if (*gen::arbitrary<bool>()) out += " " + access();
    return out + " unlock " + m + ";";
  }
  case 4:
    return "if (v > 0) { " + access() + " }";
  case 5: { // both locks, in either order: deadlocks when two threads disagree
    bool mn = *gen::arbitrary<bool>();
    std::string a = mn ? "m" : "n", b = mn ? "n" : "m";
    return "lock " + a + "; lock " + b + "; " + access() + " unlock " + b + "; unlock " + a + ";";
  }
  default:
    break;
  }
  if (earlier > 0 && kind == 6)
    return "wait " + std::to_string(*gen::inRange(1, earlier + 1)) + ";";
  if (kind == kinds - 2) return "store 1 flag;";
  return "f := 0; while (f == 0) { lock m; f := load flag; unlock m; }";
}

std::string steps(int earlier, const ConcurrentGenConfig& config, int max) {
  int n = *gen::inRange(0, max + 1);
  std::string out;
  for (int k = 0; k < n; ++k) out += "  " + step(earlier, config) + "\n";
  return out;
}

} // namespace

rc::Gen<std::string> gen_concurrent_source(ConcurrentGenConfig config) {
  // Every choice has its own small bound, so draw at full size (RapidCheck shrinks inRange
  // towards small values with the size, which would make most programs single-threaded).
  return gen::resize(
      100, gen::exec([config] {
        int threads = *gen::inRange(1, 4);
        std::string out =
            "shared x;\nshared y;\nshared buf[2];\nshared flag;\nmutex m;\nmutex n;\n";
        for (int t = 1; t <= threads; ++t) {
          out += steps(t - 1, config, 2);
          out += "spawn " + std::to_string(t) + " {\n" + steps(t - 1, config, 4) + "}\n";
        }
        out += steps(0, config, 2);
        for (int t = 1; t <= threads; ++t)
          if (*gen::arbitrary<bool>()) out += "wait " + std::to_string(t) + ";\n";
        return out;
      }));
}

} // namespace racelang::testing
