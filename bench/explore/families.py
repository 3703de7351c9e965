"""The classic stateless-model-checking benchmark families, written in racelang (generators:
each takes its size n and returns the program's text). Where a family's Mazurkiewicz trace
count is known (published for the original benchmark and the encoding keeps it, or derived
here for this encoding), `expected_traces` returns it; otherwise None (bench/README.md,
"Classic families", says which is which and why)."""
import math


def spawn(t, body):
    lines = "".join("  " + line + "\n" if line else "\n" for line in body.split("\n"))
    return "spawn %d {\n%s}\n" % (t, lines)


def wait_all(n, first=1):
    return "".join("wait %d;\n" % t for t in range(first, n + 1))


def filesystem(n):
    """Flanagan and Godefroid's filesystem (POPL'05): thread tid takes inode tid % 32 under its
    lock and, if free, searches for a free block from (2 i) % 26 under each block's lock.
    Threads 13.. collide with thread tid - 13 on one block: 2^(n-13) traces for 13 <= n <= 26
    (POPL'14 Table 1 lists 2, 8, 32, 64 for n = 14, 16, 18, 19)."""
    s = "// filesystem(%d)\nshared inode[32];\nshared busy[26];\nmutex locki[32];\nmutex lockb[26];\n\n" % n
    for t in range(1, n + 1):
        i = (t - 1) % 32
        s += spawn(t, """lock locki[%d];
v := load inode[%d];
if (v == 0) {
  b := %d;
  done := 0;
  while (done == 0) {
    lock lockb[b];
    u := load busy[b];
    if (u == 0) {
      store 1 busy[b];
      store b + 1 inode[%d];
      done := 1;
    }
    unlock lockb[b];
    b := (b + 1) %% 26;
  }
}
unlock locki[%d];""" % (i, i, (i * 2) % 26, i, i))
    return s + wait_all(n)


def indexer(n):
    """Flanagan and Godefroid's indexer: each thread inserts 4 messages into a 128-slot hash
    table with linear probing. The original inserts with compare-and-swap; racelang has none,
    so each slot's CAS is its own lock (lock, load, store if empty, unlock). Two failed CASes
    on one slot would then be dependent, which they are not for a real CAS; on these sizes it
    makes no difference: the published counts (POPL'14 Table 1: 8 for n = 12, 4096 for
    n = 15; 1 below 12, where no two messages collide) are met and checked."""
    s = "// indexer(%d)\nshared table[128];\nmutex slot[128];\n\n" % n
    for t in range(1, n + 1):
        tid = t - 1
        s += spawn(t, """m := 0;
while (m < 4) {
  m := m + 1;
  w := m * 11 + %d;
  h := (w * 7) %% 128;
  done := 0;
  while (done == 0) {
    lock slot[h];
    v := load table[h];
    if (v == 0) {
      store w table[h];
      done := 1;
    }
    unlock slot[h];
    h := (h + 1) %% 128;
  }
}""" % tid)
    return s + wait_all(n)


def stack(n):
    """A stack under one lock; thread i pushes i then pops. Main holds the lock while it spawns
    them. Only the order of the 2n critical sections matters, each thread's push before its
    pop: (2n)!/2^n traces (derived)."""
    s = "// stack(%d)\nshared st[%d];\nshared top;\nmutex m;\n\nlock m;\n" % (n, n)
    for t in range(1, n + 1):
        s += spawn(t, """lock m;
p := load top;
store %d st[p];
store p + 1 top;
unlock m;
lock m;
p := load top;
if (p > 0) {
  v := load st[p - 1];
  store p - 1 top;
}
unlock m;""" % t)
    return s + "unlock m;\n" + wait_all(n)


def queue(n):
    """A ring-buffer queue under one lock; thread i enqueues i then dequeues. (2n)!/2^n traces
    (derived, as for the stack)."""
    s = "// queue(%d)\nshared q[%d];\nshared head;\nshared tail;\nmutex m;\n\nlock m;\n" % (n, n)
    for t in range(1, n + 1):
        s += spawn(t, """lock m;
tl := load tail;
store %d q[tl %% %d];
store tl + 1 tail;
unlock m;
lock m;
h := load head;
tl := load tail;
if (h < tl) {
  v := load q[h %% %d];
  store h + 1 head;
}
unlock m;""" % (t, n, n))
    return s + "unlock m;\n" + wait_all(n)


def sigma(n):
    """SV-COMP's sigma: main spawns n threads, incrementing array_index after each spawn; each
    thread writes 1 to array[array_index] (racy); main sums the array. Count not checked (no
    published count for this encoding)."""
    s = "// sigma(%d)\nshared array[%d];\nshared array_index;\n\n" % (n, n + 1)
    for t in range(1, n + 1):
        s += spawn(t, "k := load array_index;\nstore 1 array[k];")
        s += "k := load array_index;\nstore k + 1 array_index;\n"
    s += wait_all(n)
    s += "sum := 0;\nk := 0;\nwhile (k < %d) {\n  v := load array[k];\n  sum := sum + v;\n  k := k + 1;\n}\nprint(sum);\n" % (n + 1)
    return s


def fib_bench(n):
    """SV-COMP's fib_bench: i = j = 1; thread 1 does i += j, thread 2 j += i, n times each
    (racy). Count not checked."""
    s = "// fib_bench(%d)\nshared i;\nshared j;\n\nstore 1 i;\nstore 1 j;\n" % n
    s += spawn(1, "k := 0;\nwhile (k < %d) {\n  a := load i;\n  b := load j;\n  store a + b i;\n  k := k + 1;\n}" % n)
    s += spawn(2, "k := 0;\nwhile (k < %d) {\n  a := load j;\n  b := load i;\n  store a + b j;\n  k := k + 1;\n}" % n)
    return s + wait_all(2) + "a := load i;\nb := load j;\nprint(a, b);\n"


def peterson(n):
    """Peterson's mutual exclusion for two threads with plain shared variables (racy), each
    entering n times; the wait is a single test (enter if the other is not interested or it is
    our turn, else skip the round), as model checkers replace the spin by an assume. Count not
    checked."""
    s = "// peterson(%d)\nshared flag[2];\nshared turn;\nshared x;\n\n" % n
    for me in (0, 1):
        other = 1 - me
        s += spawn(me + 1, """k := 0;
while (k < %d) {
  store 1 flag[%d];
  store %d turn;
  f := load flag[%d];
  t := load turn;
  if (f == 0 || t == %d) {
    store %d x;
    v := load x;
    assert(v == %d);
  }
  store 0 flag[%d];
  k := k + 1;
}""" % (n, me, other, other, me, me + 1, me + 1, me))
    return s + wait_all(2)


def dekker(n):
    """Dekker's mutual exclusion for two threads with plain shared variables (racy), n rounds;
    the busy waits are single tests as in peterson. Count not checked."""
    s = "// dekker(%d)\nshared flag[2];\nshared turn;\nshared x;\n\n" % n
    for me in (0, 1):
        other = 1 - me
        s += spawn(me + 1, """k := 0;
while (k < %d) {
  store 1 flag[%d];
  f := load flag[%d];
  if (f == 1) {
    t := load turn;
    if (t != %d) {
      store 0 flag[%d];
    }
  }
  f := load flag[%d];
  mine := load flag[%d];
  if (f == 0 && mine == 1) {
    store %d x;
    v := load x;
    assert(v == %d);
  }
  store %d turn;
  store 0 flag[%d];
  k := k + 1;
}""" % (n, me, other, me, me, other, me, me + 1, me + 1, other, me))
    return s + wait_all(2)


def mpat(n):
    """n pairs of threads; the threads of pair i each lock m[i], increment x[i] and unlock, and
    pairs share nothing: the two orders of each pair's critical sections, 2^n traces (derived;
    our encoding after the family's name, not a published program)."""
    s = "// mpat(%d)\nshared x[%d];\nmutex m[%d];\n\n" % (n, n, n)
    for t in range(1, 2 * n + 1):
        i = (t - 1) % n
        s += spawn(t, "lock m[%d];\nv := load x[%d];\nstore v + 1 x[%d];\nunlock m[%d];" % (i, i, i, i))
    return s + wait_all(2 * n)


def philosophers(n):
    """n dining philosophers, each eating once; forks are locks taken in index order (no
    deadlock); each increments the shared meal count under its forks only (racy for n > 2).
    Count not checked."""
    s = "// philosophers(%d)\nshared meals;\nmutex fork[%d];\n\n" % (n, n)
    for t in range(1, n + 1):
        a, b = t - 1, t % n
        lo, hi = min(a, b), max(a, b)
        s += spawn(t, "lock fork[%d];\nlock fork[%d];\nv := load meals;\nstore v + 1 meals;\nunlock fork[%d];\nunlock fork[%d];" % (lo, hi, hi, lo))
    return s + wait_all(n)


def double_factorial_count(n):
    return math.factorial(2 * n) // 2 ** n


# name: (generator, sizes, sizes for --smoke, expected traces or None, rule)
FAMILIES = {
    "filesystem": (filesystem, [13, 14, 16, 18], [13, 14],
                   lambda n: 2 ** (n - 13), "2^(n-13), POPL'14"),
    "indexer": (indexer, [11, 12, 13, 15], [11, 12], lambda n: {11: 1, 12: 8, 15: 4096}.get(n),
                "1 (n <= 11), 8 (12), 4096 (15), POPL'14"),
    "stack": (stack, [2, 3, 4], [2, 3], double_factorial_count, "(2n)!/2^n"),
    "queue": (queue, [2, 3, 4], [2, 3], double_factorial_count, "(2n)!/2^n"),
    "sigma": (sigma, [2, 3, 4, 5], [2, 3], None, "not checked"),
    "fib_bench": (fib_bench, [1, 2, 3, 4], [1, 2], None, "not checked"),
    "peterson": (peterson, [1, 2, 3], [1], None, "not checked"),
    "dekker": (dekker, [1, 2], [1], None, "not checked"),
    "mpat": (mpat, [2, 4, 6, 8], [2, 3], lambda n: 2 ** n, "2^n"),
    "philosophers": (philosophers, [3, 4, 5, 6], [3], None, "not checked"),
}
