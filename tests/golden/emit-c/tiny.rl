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
// EXPECT-STDOUT:   atomic_fetch_sub_explicit(&rl_live, 1, memory_order_relaxed);
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
