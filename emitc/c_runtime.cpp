// The C runtime every emitted program starts with (see c_runtime.h). It is written so that
// ThreadSanitizer sees exactly racelang's happens-before edges and no others: locks are
// pthread mutexes (release -> later acquire), spawn is pthread_create (fork), and a join is a
// release store of the thread's `finished` flag read by an acquire load in each waiter.
// The synchronisation adds only its own edges: volatiles are seq_cst atomics, a condition
// wait releases and re-acquires its lock, and a barrier orders each phase's arrivals before
// its departures through acq_rel counters. Everything else the runtime shares between threads
// (lock holders, the live-thread count, condition tickets) is a relaxed atomic, which orders
// nothing, so a detector finds no race in the runtime itself and no extra edge that would
// hide a race of the program.
#include "emitc/c_runtime.h"

namespace racelang::emitc {

const char* c_runtime_prelude() {
  return R"(#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* ---- racelang runtime ------------------------------------------------------------------ */

/* A program uses only some of these; no compiler should warn about the rest. */
#if defined(__GNUC__)
#define RL_UNUSED __attribute__((unused))
#else
#define RL_UNUSED
#endif

/* Arithmetic wraps (64-bit two's complement): computed in uint64_t, where overflow is
   defined, and converted back (implementation-defined in C11; every GCC and Clang target
   wraps). Division and modulo by zero are checked at the call sites, with the message. */
static inline RL_UNUSED int64_t rl_add(int64_t a, int64_t b) { return (int64_t)((uint64_t)a + (uint64_t)b); }
static inline RL_UNUSED int64_t rl_sub(int64_t a, int64_t b) { return (int64_t)((uint64_t)a - (uint64_t)b); }
static inline RL_UNUSED int64_t rl_mul(int64_t a, int64_t b) { return (int64_t)((uint64_t)a * (uint64_t)b); }
static inline RL_UNUSED int64_t rl_neg(int64_t a) { return (int64_t)(0 - (uint64_t)a); }
static inline RL_UNUSED int64_t rl_div(int64_t a, int64_t b) {
  return (a == INT64_MIN && b == -1) ? INT64_MIN : a / b;
}
static inline RL_UNUSED int64_t rl_mod(int64_t a, int64_t b) { return b == -1 ? 0 : a % b; }
static inline RL_UNUSED int64_t rl_max(int64_t a, int64_t b) { return a > b ? a : b; }
static inline RL_UNUSED int64_t rl_min(int64_t a, int64_t b) { return a < b ? a : b; }

/* A failure stops the program: stdout is locked (so no thread prints after the message) and
   flushed, the message goes to stderr, and the process exits without running exit handlers
   (other threads are still running). */
static inline RL_UNUSED void rl_fail_begin(void) {
  flockfile(stdout);
  fflush(stdout);
}
static inline RL_UNUSED _Noreturn void rl_fail_end(int code) { _exit(code); }

/* A racelang lock: a mutex and its holder (thread id + 1; 0 when free), so that unlocking a
   lock the thread does not hold is reported instead of being undefined behaviour. */
typedef struct {
  pthread_mutex_t mutex;
  _Atomic int64_t holder;
} rl_lock;

static inline RL_UNUSED void rl_init_locks(rl_lock* locks, size_t count) {
  for (size_t i = 0; i < count; ++i) {
    pthread_mutex_init(&locks[i].mutex, NULL);
    atomic_init(&locks[i].holder, 0);
  }
}
static inline RL_UNUSED void rl_acquire(rl_lock* l, int64_t tid) {
  pthread_mutex_lock(&l->mutex);
  atomic_store_explicit(&l->holder, tid + 1, memory_order_relaxed);
}
static inline RL_UNUSED int64_t rl_holder(rl_lock* l) {
  return atomic_load_explicit(&l->holder, memory_order_relaxed);
}
static inline RL_UNUSED void rl_release(rl_lock* l) {
  atomic_store_explicit(&l->holder, 0, memory_order_relaxed);
  pthread_mutex_unlock(&l->mutex);
}

/* A spawned thread. Only the one thread whose code holds `spawn u` touches `spawned`.
   Waiters poll `finished` (acquire) instead of sleeping on a mutex and condition variable:
   two waiters locking one mutex would be ordered with each other, an edge racelang does not
   have, and a detector would then miss races between them. pthread_join can be called only
   once, and several threads may wait for one. */
typedef struct {
  int spawned;
  _Atomic int finished;
} rl_thread;

static _Atomic int64_t rl_live; /* spawned threads that have not finished */

/* Backs off from yielding to sleeping, doubling up to half a millisecond. */
static inline RL_UNUSED void rl_pause(unsigned* round) {
  if (*round < 16) {
    ++*round;
    sched_yield();
    return;
  }
  long ns = 1000L << (*round < 25 ? *round - 16 : 9);
  if (*round < 25) ++*round;
  struct timespec ts = {0, ns};
  nanosleep(&ts, NULL);
}

/* Returns 0 if the thread was spawned before (the caller reports the error). */
static inline RL_UNUSED int rl_spawn(rl_thread* t, void* (*body)(void*)) {
  if (t->spawned) return 0;
  t->spawned = 1;
  atomic_fetch_add_explicit(&rl_live, 1, memory_order_relaxed);
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
  pthread_t handle;
  int err = pthread_create(&handle, &attr, body, NULL);
  pthread_attr_destroy(&attr);
  if (err != 0) {
    rl_fail_begin();
    fprintf(stderr, "racelang: error: cannot create a thread: %s\n", strerror(err));
    rl_fail_end(1);
  }
  return 1;
}
static inline RL_UNUSED void rl_finish(rl_thread* t) {
  atomic_store_explicit(&t->finished, 1, memory_order_release);
  /* Release, for rl_wait_all_acquire only: rl_wait_all's relaxed loads order nothing. */
  atomic_fetch_sub_explicit(&rl_live, 1, memory_order_release);
}
static inline RL_UNUSED void rl_wait(rl_thread* t) {
  unsigned round = 0;
  while (!atomic_load_explicit(&t->finished, memory_order_acquire)) rl_pause(&round);
}
/* The program ends when every thread has finished. */
static inline RL_UNUSED void rl_wait_all(void) {
  unsigned round = 0;
  while (atomic_load_explicit(&rl_live, memory_order_relaxed) != 0) rl_pause(&round);
}
/* The same, and then every finished thread happens before the caller (an acquire load of the
   count, which reads the end of the release sequence of every thread's decrement): used only
   to print the final memory for the tests (EmitCOptions::print_final_memory), an edge the
   program itself does not have. */
static inline RL_UNUSED void rl_wait_all_acquire(void) {
  rl_wait_all();
  (void)atomic_load_explicit(&rl_live, memory_order_acquire);
}

/* ---- synchronisation (docs/language.md, "Volatiles, conditions, barriers") ----------- */

/* Volatile variables are _Atomic int64_t globals accessed with the seq_cst atomic_* calls:
   racelang's volatiles are sequentially consistent, and fetch_add on a signed atomic wraps
   (C11 7.17.7.5), as racelang's does. */

/* A condition variable: a FIFO of tickets. A waiter takes the next ticket while it holds the
   lock, releases the lock, and sleeps until `notified` passes its ticket; a notify lets the
   oldest unnotified ticket through, notify_all every ticket taken so far. So notify wakes the
   longest waiter, a notify with nobody waiting does nothing, and nothing wakes a waiter that
   was not notified. Both counters are relaxed atomics: racelang's notify orders nothing (only
   the wait's release and re-acquisition of the lock do), and a pthread condition variable or
   an internal mutex would give ThreadSanitizer an edge from the notifier to the waiter that
   would hide a race (tests/emitc/programs/race_notify_handoff.rl). A notifier holding the
   lock sees every ticket taken before that lock was released (the mutex orders them). */
typedef struct {
  _Atomic uint64_t tickets;  /* tickets taken so far */
  _Atomic uint64_t notified; /* tickets below this have been notified */
} rl_cond;

/* The caller has checked that the thread holds `l`. */
static inline RL_UNUSED void rl_cond_wait(rl_cond* c, rl_lock* l, int64_t tid) {
  uint64_t ticket = atomic_fetch_add_explicit(&c->tickets, 1, memory_order_relaxed);
  rl_release(l);
  unsigned round = 0;
  while (atomic_load_explicit(&c->notified, memory_order_relaxed) <= ticket) rl_pause(&round);
  rl_acquire(l, tid);
}
static inline RL_UNUSED void rl_notify(rl_cond* c, int all) {
  uint64_t notified = atomic_load_explicit(&c->notified, memory_order_relaxed);
  for (;;) {
    /* `tickets` only grows: a stale value only misses waiters that arrived concurrently. */
    uint64_t tickets = atomic_load_explicit(&c->tickets, memory_order_relaxed);
    if (notified >= tickets) return; /* nobody waits */
    uint64_t next = all ? tickets : notified + 1;
    if (atomic_compare_exchange_weak_explicit(&c->notified, &notified, next,
                                              memory_order_relaxed, memory_order_relaxed))
      return;
  }
}

/* A barrier: arrivals are numbered by one counter, arrival t belongs to phase t / count, and
   the arrival that fills a phase publishes it by raising `released` (to at least phase + 1);
   the others of the phase spin until it is raised. The count is the declaration's, passed at
   each await. Every arrival is an acq_rel read-modify-write of `arrived`, so the filling one
   has acquired every earlier arrival; its release of `released` and the waiters' acquire
   loads hand that on: every arrival of a phase happens before every departure from it
   (BARRIER RELEASE), with no mutex that would also order the departures of one phase after
   the arrivals of the next. `released` is raised with a compare-and-swap loop (an atomic
   maximum, a read-modify-write that continues the release sequence) because phases can be
   filled out of order when more threads than the count share a barrier. */
typedef struct {
  _Atomic uint64_t arrived;  /* arrivals so far, over every phase */
  _Atomic uint64_t released; /* phases below this have been released */
} rl_barrier;

static inline RL_UNUSED void rl_await(rl_barrier* b, uint64_t count) {
  uint64_t t = atomic_fetch_add_explicit(&b->arrived, 1, memory_order_acq_rel);
  uint64_t phase = t / count;
  if (t % count == count - 1) {
    uint64_t released = atomic_load_explicit(&b->released, memory_order_relaxed);
    while (released < phase + 1 &&
           !atomic_compare_exchange_weak_explicit(&b->released, &released, phase + 1,
                                                  memory_order_release, memory_order_relaxed)) {
    }
    return;
  }
  unsigned round = 0;
  while (atomic_load_explicit(&b->released, memory_order_acquire) <= phase) rl_pause(&round);
}

/* ---- the program ----------------------------------------------------------------------- */
)";
}

} // namespace racelang::emitc
