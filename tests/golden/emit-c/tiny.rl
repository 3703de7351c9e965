// RUN: emit-c %s
// The whole C translation of a tiny program: the runtime, one global per shared location,
// a lock with its holder, a thread function per spawn, checks that print the interpreter's
// messages, and main, which waits for every thread before it returns.
shared x;
mutex m;

spawn 1 {
  lock m;
  v := load x;
  store v + 1 x;
  unlock m;
}
wait 1;
v := load x;
print(v, 100 / v);

// EXPECT-EXIT: 0
// EXPECT-STDOUT: /* tests/golden/emit-c/tiny.rl, translated to C11 with POSIX threads by racelang emit-c.
// EXPECT-STDOUT:    Build: cc -O2 -pthread FILE.c  (ThreadSanitizer: add -fsanitize=thread). */
// EXPECT-STDOUT: #define _POSIX_C_SOURCE 200809L
// EXPECT-STDOUT: #include <inttypes.h>
// EXPECT-STDOUT: #include <pthread.h>
// EXPECT-STDOUT: #include <sched.h>
// EXPECT-STDOUT: #include <stdatomic.h>
// EXPECT-STDOUT: #include <stddef.h>
// EXPECT-STDOUT: #include <stdint.h>
// EXPECT-STDOUT: #include <stdio.h>
// EXPECT-STDOUT: #include <string.h>
// EXPECT-STDOUT: #include <time.h>
// EXPECT-STDOUT: #include <unistd.h>
// EXPECT-STDOUT:
// EXPECT-STDOUT: /* ---- racelang runtime ------------------------------------------------------------------ */
// EXPECT-STDOUT:
// EXPECT-STDOUT: /* A program uses only some of these; no compiler should warn about the rest. */
// EXPECT-STDOUT: #if defined(__GNUC__)
// EXPECT-STDOUT: #define RL_UNUSED __attribute__((unused))
// EXPECT-STDOUT: #else
// EXPECT-STDOUT: #define RL_UNUSED
// EXPECT-STDOUT: #endif
// EXPECT-STDOUT:
// EXPECT-STDOUT: /* Arithmetic wraps (64-bit two's complement): computed in uint64_t, where overflow is
// EXPECT-STDOUT:    defined, and converted back (implementation-defined in C11; every GCC and Clang target
// EXPECT-STDOUT:    wraps). Division and modulo by zero are checked at the call sites, with the message. */
// EXPECT-STDOUT: static inline RL_UNUSED int64_t rl_add(int64_t a, int64_t b) { return (int64_t)((uint64_t)a + (uint64_t)b); }
// EXPECT-STDOUT: static inline RL_UNUSED int64_t rl_sub(int64_t a, int64_t b) { return (int64_t)((uint64_t)a - (uint64_t)b); }
// EXPECT-STDOUT: static inline RL_UNUSED int64_t rl_mul(int64_t a, int64_t b) { return (int64_t)((uint64_t)a * (uint64_t)b); }
// EXPECT-STDOUT: static inline RL_UNUSED int64_t rl_neg(int64_t a) { return (int64_t)(0 - (uint64_t)a); }
// EXPECT-STDOUT: static inline RL_UNUSED int64_t rl_div(int64_t a, int64_t b) {
// EXPECT-STDOUT:   return (a == INT64_MIN && b == -1) ? INT64_MIN : a / b;
// EXPECT-STDOUT: }
// EXPECT-STDOUT: static inline RL_UNUSED int64_t rl_mod(int64_t a, int64_t b) { return b == -1 ? 0 : a % b; }
// EXPECT-STDOUT: static inline RL_UNUSED int64_t rl_max(int64_t a, int64_t b) { return a > b ? a : b; }
// EXPECT-STDOUT: static inline RL_UNUSED int64_t rl_min(int64_t a, int64_t b) { return a < b ? a : b; }
// EXPECT-STDOUT:
// EXPECT-STDOUT: /* A failure stops the program: stdout is locked (so no thread prints after the message) and
// EXPECT-STDOUT:    flushed, the message goes to stderr, and the process exits without running exit handlers
// EXPECT-STDOUT:    (other threads are still running). */
// EXPECT-STDOUT: static inline RL_UNUSED void rl_fail_begin(void) {
// EXPECT-STDOUT:   flockfile(stdout);
// EXPECT-STDOUT:   fflush(stdout);
// EXPECT-STDOUT: }
// EXPECT-STDOUT: static inline RL_UNUSED _Noreturn void rl_fail_end(int code) { _exit(code); }
// EXPECT-STDOUT:
// EXPECT-STDOUT: /* A racelang lock: a mutex and its holder (thread id + 1; 0 when free), so that unlocking a
// EXPECT-STDOUT:    lock the thread does not hold is reported instead of being undefined behaviour. */
// EXPECT-STDOUT: typedef struct {
// EXPECT-STDOUT:   pthread_mutex_t mutex;
// EXPECT-STDOUT:   _Atomic int64_t holder;
// EXPECT-STDOUT: } rl_lock;
// EXPECT-STDOUT:
// EXPECT-STDOUT: static inline RL_UNUSED void rl_init_locks(rl_lock* locks, size_t count) {
// EXPECT-STDOUT:   for (size_t i = 0; i < count; ++i) {
// EXPECT-STDOUT:     pthread_mutex_init(&locks[i].mutex, NULL);
// EXPECT-STDOUT:     atomic_init(&locks[i].holder, 0);
// EXPECT-STDOUT:   }
// EXPECT-STDOUT: }
// EXPECT-STDOUT: static inline RL_UNUSED void rl_acquire(rl_lock* l, int64_t tid) {
// EXPECT-STDOUT:   pthread_mutex_lock(&l->mutex);
// EXPECT-STDOUT:   atomic_store_explicit(&l->holder, tid + 1, memory_order_relaxed);
// EXPECT-STDOUT: }
// EXPECT-STDOUT: static inline RL_UNUSED int64_t rl_holder(rl_lock* l) {
// EXPECT-STDOUT:   return atomic_load_explicit(&l->holder, memory_order_relaxed);
// EXPECT-STDOUT: }
// EXPECT-STDOUT: static inline RL_UNUSED void rl_release(rl_lock* l) {
// EXPECT-STDOUT:   atomic_store_explicit(&l->holder, 0, memory_order_relaxed);
// EXPECT-STDOUT:   pthread_mutex_unlock(&l->mutex);
// EXPECT-STDOUT: }
// EXPECT-STDOUT:
// EXPECT-STDOUT: /* A spawned thread. Only the one thread whose code holds `spawn u` touches `spawned`.
// EXPECT-STDOUT:    Waiters poll `finished` (acquire) instead of sleeping on a mutex and condition variable:
// EXPECT-STDOUT:    two waiters locking one mutex would be ordered with each other, an edge racelang does not
// EXPECT-STDOUT:    have, and a detector would then miss races between them. pthread_join can be called only
// EXPECT-STDOUT:    once, and several threads may wait for one. */
// EXPECT-STDOUT: typedef struct {
// EXPECT-STDOUT:   int spawned;
// EXPECT-STDOUT:   _Atomic int finished;
// EXPECT-STDOUT: } rl_thread;
// EXPECT-STDOUT:
// EXPECT-STDOUT: static _Atomic int64_t rl_live; /* spawned threads that have not finished */
// EXPECT-STDOUT:
// EXPECT-STDOUT: /* Backs off from yielding to sleeping, doubling up to half a millisecond. */
// EXPECT-STDOUT: static inline RL_UNUSED void rl_pause(unsigned* round) {
// EXPECT-STDOUT:   if (*round < 16) {
// EXPECT-STDOUT:     ++*round;
// EXPECT-STDOUT:     sched_yield();
// EXPECT-STDOUT:     return;
// EXPECT-STDOUT:   }
// EXPECT-STDOUT:   long ns = 1000L << (*round < 25 ? *round - 16 : 9);
// EXPECT-STDOUT:   if (*round < 25) ++*round;
// EXPECT-STDOUT:   struct timespec ts = {0, ns};
// EXPECT-STDOUT:   nanosleep(&ts, NULL);
// EXPECT-STDOUT: }
// EXPECT-STDOUT:
// EXPECT-STDOUT: /* Returns 0 if the thread was spawned before (the caller reports the error). */
// EXPECT-STDOUT: static inline RL_UNUSED int rl_spawn(rl_thread* t, void* (*body)(void*)) {
// EXPECT-STDOUT:   if (t->spawned) return 0;
// EXPECT-STDOUT:   t->spawned = 1;
// EXPECT-STDOUT:   atomic_fetch_add_explicit(&rl_live, 1, memory_order_relaxed);
// EXPECT-STDOUT:   pthread_attr_t attr;
// EXPECT-STDOUT:   pthread_attr_init(&attr);
// EXPECT-STDOUT:   pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
// EXPECT-STDOUT:   pthread_t handle;
// EXPECT-STDOUT:   int err = pthread_create(&handle, &attr, body, NULL);
// EXPECT-STDOUT:   pthread_attr_destroy(&attr);
// EXPECT-STDOUT:   if (err != 0) {
// EXPECT-STDOUT:     rl_fail_begin();
// EXPECT-STDOUT:     fprintf(stderr, "racelang: error: cannot create a thread: %s\n", strerror(err));
// EXPECT-STDOUT:     rl_fail_end(1);
// EXPECT-STDOUT:   }
// EXPECT-STDOUT:   return 1;
// EXPECT-STDOUT: }
// EXPECT-STDOUT: static inline RL_UNUSED void rl_finish(rl_thread* t) {
// EXPECT-STDOUT:   atomic_store_explicit(&t->finished, 1, memory_order_release);
// EXPECT-STDOUT:   /* Release, for rl_wait_all_acquire only: rl_wait_all's relaxed loads order nothing. */
// EXPECT-STDOUT:   atomic_fetch_sub_explicit(&rl_live, 1, memory_order_release);
// EXPECT-STDOUT: }
// EXPECT-STDOUT: static inline RL_UNUSED void rl_wait(rl_thread* t) {
// EXPECT-STDOUT:   unsigned round = 0;
// EXPECT-STDOUT:   while (!atomic_load_explicit(&t->finished, memory_order_acquire)) rl_pause(&round);
// EXPECT-STDOUT: }
// EXPECT-STDOUT: /* The program ends when every thread has finished. */
// EXPECT-STDOUT: static inline RL_UNUSED void rl_wait_all(void) {
// EXPECT-STDOUT:   unsigned round = 0;
// EXPECT-STDOUT:   while (atomic_load_explicit(&rl_live, memory_order_relaxed) != 0) rl_pause(&round);
// EXPECT-STDOUT: }
// EXPECT-STDOUT: /* The same, and then every finished thread happens before the caller (an acquire load of the
// EXPECT-STDOUT:    count, which reads the end of the release sequence of every thread's decrement): used only
// EXPECT-STDOUT:    to print the final memory for the tests (EmitCOptions::print_final_memory), an edge the
// EXPECT-STDOUT:    program itself does not have. */
// EXPECT-STDOUT: static inline RL_UNUSED void rl_wait_all_acquire(void) {
// EXPECT-STDOUT:   rl_wait_all();
// EXPECT-STDOUT:   (void)atomic_load_explicit(&rl_live, memory_order_acquire);
// EXPECT-STDOUT: }
// EXPECT-STDOUT:
// EXPECT-STDOUT: /* ---- synchronisation (docs/language.md, "Volatiles, conditions, barriers") ----------- */
// EXPECT-STDOUT:
// EXPECT-STDOUT: /* Volatile variables are _Atomic int64_t globals accessed with the seq_cst atomic_* calls:
// EXPECT-STDOUT:    racelang's volatiles are sequentially consistent, and fetch_add on a signed atomic wraps
// EXPECT-STDOUT:    (C11 7.17.7.5), as racelang's does. */
// EXPECT-STDOUT:
// EXPECT-STDOUT: /* A condition variable: a FIFO of tickets. A waiter takes the next ticket while it holds the
// EXPECT-STDOUT:    lock, releases the lock, and sleeps until `notified` passes its ticket; a notify lets the
// EXPECT-STDOUT:    oldest unnotified ticket through, notify_all every ticket taken so far. So notify wakes the
// EXPECT-STDOUT:    longest waiter, a notify with nobody waiting does nothing, and nothing wakes a waiter that
// EXPECT-STDOUT:    was not notified. Both counters are relaxed atomics: racelang's notify orders nothing (only
// EXPECT-STDOUT:    the wait's release and re-acquisition of the lock do), and a pthread condition variable or
// EXPECT-STDOUT:    an internal mutex would give ThreadSanitizer an edge from the notifier to the waiter that
// EXPECT-STDOUT:    would hide a race (tests/emitc/programs/race_notify_handoff.rl). A notifier holding the
// EXPECT-STDOUT:    lock sees every ticket taken before that lock was released (the mutex orders them). */
// EXPECT-STDOUT: typedef struct {
// EXPECT-STDOUT:   _Atomic uint64_t tickets;  /* tickets taken so far */
// EXPECT-STDOUT:   _Atomic uint64_t notified; /* tickets below this have been notified */
// EXPECT-STDOUT: } rl_cond;
// EXPECT-STDOUT:
// EXPECT-STDOUT: /* The caller has checked that the thread holds `l`. */
// EXPECT-STDOUT: static inline RL_UNUSED void rl_cond_wait(rl_cond* c, rl_lock* l, int64_t tid) {
// EXPECT-STDOUT:   uint64_t ticket = atomic_fetch_add_explicit(&c->tickets, 1, memory_order_relaxed);
// EXPECT-STDOUT:   rl_release(l);
// EXPECT-STDOUT:   unsigned round = 0;
// EXPECT-STDOUT:   while (atomic_load_explicit(&c->notified, memory_order_relaxed) <= ticket) rl_pause(&round);
// EXPECT-STDOUT:   rl_acquire(l, tid);
// EXPECT-STDOUT: }
// EXPECT-STDOUT: static inline RL_UNUSED void rl_notify(rl_cond* c, int all) {
// EXPECT-STDOUT:   uint64_t notified = atomic_load_explicit(&c->notified, memory_order_relaxed);
// EXPECT-STDOUT:   for (;;) {
// EXPECT-STDOUT:     /* `tickets` only grows: a stale value only misses waiters that arrived concurrently. */
// EXPECT-STDOUT:     uint64_t tickets = atomic_load_explicit(&c->tickets, memory_order_relaxed);
// EXPECT-STDOUT:     if (notified >= tickets) return; /* nobody waits */
// EXPECT-STDOUT:     uint64_t next = all ? tickets : notified + 1;
// EXPECT-STDOUT:     if (atomic_compare_exchange_weak_explicit(&c->notified, &notified, next,
// EXPECT-STDOUT:                                               memory_order_relaxed, memory_order_relaxed))
// EXPECT-STDOUT:       return;
// EXPECT-STDOUT:   }
// EXPECT-STDOUT: }
// EXPECT-STDOUT:
// EXPECT-STDOUT: /* A barrier: arrivals are numbered by one counter, arrival t belongs to phase t / count, and
// EXPECT-STDOUT:    the arrival that fills a phase publishes it by raising `released` (to at least phase + 1);
// EXPECT-STDOUT:    the others of the phase spin until it is raised. The count is the declaration's, passed at
// EXPECT-STDOUT:    each await. Every arrival is an acq_rel read-modify-write of `arrived`, so the filling one
// EXPECT-STDOUT:    has acquired every earlier arrival; its release of `released` and the waiters' acquire
// EXPECT-STDOUT:    loads hand that on: every arrival of a phase happens before every departure from it
// EXPECT-STDOUT:    (BARRIER RELEASE), with no mutex that would also order the departures of one phase after
// EXPECT-STDOUT:    the arrivals of the next. `released` is raised with a compare-and-swap loop (an atomic
// EXPECT-STDOUT:    maximum, a read-modify-write that continues the release sequence) because phases can be
// EXPECT-STDOUT:    filled out of order when more threads than the count share a barrier. */
// EXPECT-STDOUT: typedef struct {
// EXPECT-STDOUT:   _Atomic uint64_t arrived;  /* arrivals so far, over every phase */
// EXPECT-STDOUT:   _Atomic uint64_t released; /* phases below this have been released */
// EXPECT-STDOUT: } rl_barrier;
// EXPECT-STDOUT:
// EXPECT-STDOUT: static inline RL_UNUSED void rl_await(rl_barrier* b, uint64_t count) {
// EXPECT-STDOUT:   uint64_t t = atomic_fetch_add_explicit(&b->arrived, 1, memory_order_acq_rel);
// EXPECT-STDOUT:   uint64_t phase = t / count;
// EXPECT-STDOUT:   if (t % count == count - 1) {
// EXPECT-STDOUT:     uint64_t released = atomic_load_explicit(&b->released, memory_order_relaxed);
// EXPECT-STDOUT:     while (released < phase + 1 &&
// EXPECT-STDOUT:            !atomic_compare_exchange_weak_explicit(&b->released, &released, phase + 1,
// EXPECT-STDOUT:                                                   memory_order_release, memory_order_relaxed)) {
// EXPECT-STDOUT:     }
// EXPECT-STDOUT:     return;
// EXPECT-STDOUT:   }
// EXPECT-STDOUT:   unsigned round = 0;
// EXPECT-STDOUT:   while (atomic_load_explicit(&b->released, memory_order_acquire) <= phase) rl_pause(&round);
// EXPECT-STDOUT: }
// EXPECT-STDOUT:
// EXPECT-STDOUT: /* ---- the program ----------------------------------------------------------------------- */
// EXPECT-STDOUT: /* Shared memory, in the checker's cell order. Plain globals: racy accesses stay
// EXPECT-STDOUT:    visible to a race detector. */
// EXPECT-STDOUT: static int64_t s_x;
// EXPECT-STDOUT: static rl_lock m_m;
// EXPECT-STDOUT: static rl_thread rl_t[2]; /* by thread index; [0] is main */
// EXPECT-STDOUT: static void* rl_thread_1(void* arg);
// EXPECT-STDOUT:
// EXPECT-STDOUT: static void* rl_thread_1(void* arg) {
// EXPECT-STDOUT:   (void)arg;
// EXPECT-STDOUT:   int64_t v_v = 0;
// EXPECT-STDOUT:   (void)v_v;
// EXPECT-STDOUT:   rl_acquire(&m_m, 1);
// EXPECT-STDOUT:   v_v = s_x;
// EXPECT-STDOUT:   s_x = rl_add(v_v, 1);
// EXPECT-STDOUT:   const int64_t t1 = rl_holder(&m_m);
// EXPECT-STDOUT:   if (t1 != 2) {
// EXPECT-STDOUT:     if (t1 == 0) {
// EXPECT-STDOUT:       rl_fail_begin();
// EXPECT-STDOUT:       fprintf(stderr, "tests/golden/emit-c/tiny.rl:12:3: error: thread 1: unlock of 'm', which it does not hold (it is free)\n  unlock m;\n  ^~~~~~~~~\n");
// EXPECT-STDOUT:       rl_fail_end(1);
// EXPECT-STDOUT:     }
// EXPECT-STDOUT:     rl_fail_begin();
// EXPECT-STDOUT:     fprintf(stderr, "tests/golden/emit-c/tiny.rl:12:3: error: thread 1: unlock of 'm', which it does not hold (it is held by thread %" PRId64 ")\n  unlock m;\n  ^~~~~~~~~\n", t1 - 1);
// EXPECT-STDOUT:     rl_fail_end(1);
// EXPECT-STDOUT:   }
// EXPECT-STDOUT:   rl_release(&m_m);
// EXPECT-STDOUT:   rl_finish(&rl_t[1]);
// EXPECT-STDOUT:   return NULL;
// EXPECT-STDOUT: }
// EXPECT-STDOUT:
// EXPECT-STDOUT: int main(void) {
// EXPECT-STDOUT:   rl_init_locks(&m_m, 1);
// EXPECT-STDOUT:   (void)&s_x;
// EXPECT-STDOUT:   (void)&m_m;
// EXPECT-STDOUT:   int64_t v_v = 0;
// EXPECT-STDOUT:   (void)v_v;
// EXPECT-STDOUT:   if (!rl_spawn(&rl_t[1], rl_thread_1)) {
// EXPECT-STDOUT:     rl_fail_begin();
// EXPECT-STDOUT:     fprintf(stderr, "tests/golden/emit-c/tiny.rl:8:1: error: thread 0: thread 1 has already been spawned (%s); a thread id is spawned at most once\nspawn 1 {\n^~~~~~~~~\n", atomic_load_explicit(&(&rl_t[1])->finished, memory_order_relaxed) ? "it has finished" : "it is still running");
// EXPECT-STDOUT:     rl_fail_end(1);
// EXPECT-STDOUT:   }
// EXPECT-STDOUT:   rl_wait(&rl_t[1]);
// EXPECT-STDOUT:   v_v = s_x;
// EXPECT-STDOUT:   const int64_t t2 = v_v;
// EXPECT-STDOUT:   if (t2 == 0) {
// EXPECT-STDOUT:     rl_fail_begin();
// EXPECT-STDOUT:     fprintf(stderr, "tests/golden/emit-c/tiny.rl:16:10: error: thread 0: division by zero (100 / v with v = %" PRId64 ")\nprint(v, 100 / v);\n         ^~~~~~~\n", v_v);
// EXPECT-STDOUT:     rl_fail_end(1);
// EXPECT-STDOUT:   }
// EXPECT-STDOUT:   fprintf(stdout, "%" PRId64 " %" PRId64 "\n", v_v, rl_div(100, t2));
// EXPECT-STDOUT:   rl_wait_all();
// EXPECT-STDOUT:   return 0;
// EXPECT-STDOUT: }
