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

std::string volatile_location() {
  return *gen::element<std::string>("vf", "vf", "va[0]", "va[1]", "va[i]");
}

// One synchronisation step (ConcurrentGenConfig::sync). Volatile accesses come with the
// plain accesses they would publish (`store 1 x; store 1 vf;`, `v := load vf; if (v > 0)
// { load x; }`), so handoffs that are race-free only through the volatile edge are common.
std::string sync_step(int kind) {
  switch (kind) {
  case 0:
    return "v := load " + volatile_location() + ";";
  case 1:
    return "store v + " + std::to_string(*gen::inRange(1, 3)) + " " + volatile_location() + ";";
  case 2:
    return access() + " store 1 " + volatile_location() + ";";
  case 3:
    return "v := load " + volatile_location() + "; if (v > 0) { " + access() + " }";
  case 4:
    return *gen::element<std::string>("v := cas(vf, 0, 1);", "v := cas(vf, v, v + 1);",
                                      "v := cas(va[i], 1, 2);");
  case 5:
    return *gen::element<std::string>("v := fetch_add(vf, 1);", "v := fetch_add(va[i], 2);");
  case 6: // a bare wait: a lost wake-up unless someone notifies later
    return "lock m; wait(cv, m); unlock m;";
  case 7: // the usual guarded wait; terminates since nobody notifies in a loop
    return "lock m; f := load flag; while (f == 0) { wait(cv, m); f := load flag; } unlock m;";
  case 8:
    return *gen::element<std::string>("lock m; store 1 flag; notify(cv); unlock m;",
                                      "lock m; store 1 flag; notify_all(cv); unlock m;",
                                      "store 1 flag; notify(cv);");
  case 9:
    return *gen::element<std::string>("notify(cv);", "notify_all(cv);");
  case 10:
    return "await bar;";
  default:
    return "v := load " + *gen::element<std::string>("x", "vf", "flag") + "; " +
           *gen::element<std::string>("assume(v > 0);", "assume(v == 0);");
  }
}

// One step of a thread when threads 1..earlier have been spawned before it.
std::string step(int earlier, const ConcurrentGenConfig& config) {
  if (config.sync && *gen::inRange(0, 5) < 2) return sync_step(*gen::inRange(0, 12));
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
        // With sync, often two of the threads (main = 0) meet: both await the barrier, or one
        // waits on the condition that the other notifies, in the middle of their other steps,
        // so that barriers fill and notifies wake waiters, not only deadlock.
        std::vector<std::string> meet(threads + 1);
        if (config.sync) {
          out += "volatile vf;\nvolatile va[2];\ncondition cv;\nbarrier bar(2);\n";
          int kind = *gen::inRange(0, 3);
          int a = *gen::inRange(0, threads + 1), b = *gen::inRange(0, threads);
          if (b >= a) ++b;
          if (kind == 1) {
            meet[a] = meet[b] = "  await bar;\n";
          } else if (kind == 2) {
            meet[a] = "  " + sync_step(6 + *gen::inRange(0, 2)) + "\n";
            meet[b] = "  " + sync_step(8 + *gen::inRange(0, 2)) + "\n";
          }
        }
        auto body = [&](int t, int earlier, int max) {
          if (!config.sync) return steps(earlier, config, max);
          return steps(earlier, config, max / 2) + meet[t] + steps(earlier, config, max / 2);
        };
        for (int t = 1; t <= threads; ++t) {
          out += steps(t - 1, config, 2);
          out += "spawn " + std::to_string(t) + " {\n" + body(t, t - 1, 4) + "}\n";
        }
        out += body(0, 0, 2);
        for (int t = 1; t <= threads; ++t)
          if (*gen::arbitrary<bool>()) out += "wait " + std::to_string(t) + ";\n";
        return out;
      }));
}

} // namespace racelang::testing
