// RUN: instrument --pass=vc tests/golden/inputs/locked_counter.txt --variant=roadrunner-release --elide=redundant,thread-local
// THEN: emit-c %t
// `racelang emit-c b.rl` on an instrumented file translates it as it is (the header names the
// pass and variant that made it).

// EXPECT-EXIT: 0
// EXPECT-STDOUT: // racelang instrument: from tests/golden/inputs/locked_counter.txt
// EXPECT-STDOUT: // racelang instrument: pass vc, variant roadrunner-release, elide redundant,thread-local
// EXPECT-STDOUT: // VectorClock instrumentation: every racelang command runs this file as it is, and reports its
// EXPECT-STDOUT: // positions in the original. With --bigger-step each @group runs as one atomic step.
// EXPECT-STDOUT: // The original of tests/golden/instrument/{jit,emit_c}_instrumented.rl: two threads increment
// EXPECT-STDOUT: // a counter under a lock, so every schedule prints 2.
// EXPECT-STDOUT: shared x;
// EXPECT-STDOUT: mutex m;
// EXPECT-STDOUT: shared __C[4];
// EXPECT-STDOUT: shared __L[2];
// EXPECT-STDOUT: shared __R[2];
// EXPECT-STDOUT: shared __W[2];
// EXPECT-STDOUT: shared __RS[2];
// EXPECT-STDOUT: shared __WS[2];
// EXPECT-STDOUT: mutex __X[1];
// EXPECT-STDOUT:
// EXPECT-STDOUT: // racelang instrumentation: VectorClock (CPP'17, Figure 9 with per-location locks)
// EXPECT-STDOUT: // @group(2) prologue: C[t][t] := 1 for every thread t
// EXPECT-STDOUT: store 1 __C[0];
// EXPECT-STDOUT: store 1 __C[3];
// EXPECT-STDOUT: // @group(12) spawn 1
// EXPECT-STDOUT: __t1 := load __C[0];
// EXPECT-STDOUT: __t2 := load __C[2];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[2];
// EXPECT-STDOUT: __t1 := load __C[1];
// EXPECT-STDOUT: __t2 := load __C[3];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[3];
// EXPECT-STDOUT: __t1 := load __C[0];
// EXPECT-STDOUT: __t1 := __t1 + 1;
// EXPECT-STDOUT: store __t1 __C[0];
// EXPECT-STDOUT: spawn 1 {
// EXPECT-STDOUT:   // @group(9) lock m
// EXPECT-STDOUT:   lock m;
// EXPECT-STDOUT:   __t1 := load __L[0];
// EXPECT-STDOUT:   __t2 := load __C[2];
// EXPECT-STDOUT:   __t2 := max(__t1, __t2);
// EXPECT-STDOUT:   store __t2 __C[2];
// EXPECT-STDOUT:   __t1 := load __L[1];
// EXPECT-STDOUT:   __t2 := load __C[3];
// EXPECT-STDOUT:   __t2 := max(__t1, __t2);
// EXPECT-STDOUT:   store __t2 __C[3];
// EXPECT-STDOUT:   // @group(12) v := load x
// EXPECT-STDOUT:   lock __X[0];
// EXPECT-STDOUT:   __t1 := load __W[0];
// EXPECT-STDOUT:   __t2 := load __C[2];
// EXPECT-STDOUT:   assert(__t1 <= __t2) __race(read x, 8 * 65536 + 3, write 0, __WS[0]);
// EXPECT-STDOUT:   __t1 := load __W[1];
// EXPECT-STDOUT:   __t2 := load __C[3];
// EXPECT-STDOUT:   assert(__t1 <= __t2) __race(read x, 8 * 65536 + 3, write 1, __WS[1]);
// EXPECT-STDOUT:   __t1 := load __C[3];
// EXPECT-STDOUT:   store __t1 __R[1];
// EXPECT-STDOUT:   store 8 * 65536 + 3 __RS[1];
// EXPECT-STDOUT:   v := load x;
// EXPECT-STDOUT:   unlock __X[0];
// EXPECT-STDOUT:   // @group(18) store v + 1 x
// EXPECT-STDOUT:   lock __X[0];
// EXPECT-STDOUT:   __t1 := load __W[0];
// EXPECT-STDOUT:   __t2 := load __C[2];
// EXPECT-STDOUT:   assert(__t1 <= __t2) __race(write x, 9 * 65536 + 3, write 0, __WS[0]);
// EXPECT-STDOUT:   __t1 := load __W[1];
// EXPECT-STDOUT:   __t2 := load __C[3];
// EXPECT-STDOUT:   assert(__t1 <= __t2) __race(write x, 9 * 65536 + 3, write 1, __WS[1]);
// EXPECT-STDOUT:   __t1 := load __R[0];
// EXPECT-STDOUT:   __t2 := load __C[2];
// EXPECT-STDOUT:   assert(__t1 <= __t2) __race(write x, 9 * 65536 + 3, read 0, __RS[0]);
// EXPECT-STDOUT:   __t1 := load __R[1];
// EXPECT-STDOUT:   __t2 := load __C[3];
// EXPECT-STDOUT:   assert(__t1 <= __t2) __race(write x, 9 * 65536 + 3, read 1, __RS[1]);
// EXPECT-STDOUT:   __t1 := load __C[3];
// EXPECT-STDOUT:   store __t1 __W[1];
// EXPECT-STDOUT:   store 9 * 65536 + 3 __WS[1];
// EXPECT-STDOUT:   store v + 1 x;
// EXPECT-STDOUT:   unlock __X[0];
// EXPECT-STDOUT:   // @group(12) unlock m
// EXPECT-STDOUT:   __t1 := load __C[2];
// EXPECT-STDOUT:   __t2 := load __L[0];
// EXPECT-STDOUT:   __t1 := max(__t1, __t2);
// EXPECT-STDOUT:   store __t1 __L[0];
// EXPECT-STDOUT:   __t1 := load __C[3];
// EXPECT-STDOUT:   __t2 := load __L[1];
// EXPECT-STDOUT:   __t1 := max(__t1, __t2);
// EXPECT-STDOUT:   store __t1 __L[1];
// EXPECT-STDOUT:   __t1 := load __C[3];
// EXPECT-STDOUT:   __t1 := __t1 + 1;
// EXPECT-STDOUT:   store __t1 __C[3];
// EXPECT-STDOUT:   unlock m;
// EXPECT-STDOUT: }
// EXPECT-STDOUT: // @group(9) lock m
// EXPECT-STDOUT: lock m;
// EXPECT-STDOUT: __t1 := load __L[0];
// EXPECT-STDOUT: __t2 := load __C[0];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[0];
// EXPECT-STDOUT: __t1 := load __L[1];
// EXPECT-STDOUT: __t2 := load __C[1];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[1];
// EXPECT-STDOUT: // @group(12) v := load x
// EXPECT-STDOUT: lock __X[0];
// EXPECT-STDOUT: __t1 := load __W[0];
// EXPECT-STDOUT: __t2 := load __C[0];
// EXPECT-STDOUT: assert(__t1 <= __t2) __race(read x, 13 * 65536 + 1, write 0, __WS[0]);
// EXPECT-STDOUT: __t1 := load __W[1];
// EXPECT-STDOUT: __t2 := load __C[1];
// EXPECT-STDOUT: assert(__t1 <= __t2) __race(read x, 13 * 65536 + 1, write 1, __WS[1]);
// EXPECT-STDOUT: __t1 := load __C[0];
// EXPECT-STDOUT: store __t1 __R[0];
// EXPECT-STDOUT: store 13 * 65536 + 1 __RS[0];
// EXPECT-STDOUT: v := load x;
// EXPECT-STDOUT: unlock __X[0];
// EXPECT-STDOUT: // @group(18) store v + 1 x
// EXPECT-STDOUT: lock __X[0];
// EXPECT-STDOUT: __t1 := load __W[0];
// EXPECT-STDOUT: __t2 := load __C[0];
// EXPECT-STDOUT: assert(__t1 <= __t2) __race(write x, 14 * 65536 + 1, write 0, __WS[0]);
// EXPECT-STDOUT: __t1 := load __W[1];
// EXPECT-STDOUT: __t2 := load __C[1];
// EXPECT-STDOUT: assert(__t1 <= __t2) __race(write x, 14 * 65536 + 1, write 1, __WS[1]);
// EXPECT-STDOUT: __t1 := load __R[0];
// EXPECT-STDOUT: __t2 := load __C[0];
// EXPECT-STDOUT: assert(__t1 <= __t2) __race(write x, 14 * 65536 + 1, read 0, __RS[0]);
// EXPECT-STDOUT: __t1 := load __R[1];
// EXPECT-STDOUT: __t2 := load __C[1];
// EXPECT-STDOUT: assert(__t1 <= __t2) __race(write x, 14 * 65536 + 1, read 1, __RS[1]);
// EXPECT-STDOUT: __t1 := load __C[0];
// EXPECT-STDOUT: store __t1 __W[0];
// EXPECT-STDOUT: store 14 * 65536 + 1 __WS[0];
// EXPECT-STDOUT: store v + 1 x;
// EXPECT-STDOUT: unlock __X[0];
// EXPECT-STDOUT: // @group(12) unlock m
// EXPECT-STDOUT: __t1 := load __C[0];
// EXPECT-STDOUT: __t2 := load __L[0];
// EXPECT-STDOUT: __t1 := max(__t1, __t2);
// EXPECT-STDOUT: store __t1 __L[0];
// EXPECT-STDOUT: __t1 := load __C[1];
// EXPECT-STDOUT: __t2 := load __L[1];
// EXPECT-STDOUT: __t1 := max(__t1, __t2);
// EXPECT-STDOUT: store __t1 __L[1];
// EXPECT-STDOUT: __t1 := load __C[0];
// EXPECT-STDOUT: __t1 := __t1 + 1;
// EXPECT-STDOUT: store __t1 __C[0];
// EXPECT-STDOUT: unlock m;
// EXPECT-STDOUT: // @group(9) wait 1
// EXPECT-STDOUT: wait 1;
// EXPECT-STDOUT: __t1 := load __C[2];
// EXPECT-STDOUT: __t2 := load __C[0];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[0];
// EXPECT-STDOUT: __t1 := load __C[3];
// EXPECT-STDOUT: __t2 := load __C[1];
// EXPECT-STDOUT: __t2 := max(__t1, __t2);
// EXPECT-STDOUT: store __t2 __C[1];
// EXPECT-STDOUT: // @group(12) v := load x
// EXPECT-STDOUT: lock __X[0];
// EXPECT-STDOUT: __t1 := load __W[0];
// EXPECT-STDOUT: __t2 := load __C[0];
// EXPECT-STDOUT: assert(__t1 <= __t2) __race(read x, 17 * 65536 + 1, write 0, __WS[0]);
// EXPECT-STDOUT: __t1 := load __W[1];
// EXPECT-STDOUT: __t2 := load __C[1];
// EXPECT-STDOUT: assert(__t1 <= __t2) __race(read x, 17 * 65536 + 1, write 1, __WS[1]);
// EXPECT-STDOUT: __t1 := load __C[0];
// EXPECT-STDOUT: store __t1 __R[0];
// EXPECT-STDOUT: store 17 * 65536 + 1 __RS[0];
// EXPECT-STDOUT: v := load x;
// EXPECT-STDOUT: unlock __X[0];
// EXPECT-STDOUT: print(v);
// THEN-EXPECT-EXIT: 0
// THEN-EXPECT-STDOUT: /* tests/golden/inputs/locked_counter.txt, translated to C11 with POSIX threads by racelang emit-c.
// THEN-EXPECT-STDOUT:    Build: cc -O2 -pthread FILE.c  (ThreadSanitizer: add -fsanitize=thread). */
// THEN-EXPECT-STDOUT: #define _POSIX_C_SOURCE 200809L
// THEN-EXPECT-STDOUT: #include <inttypes.h>
// THEN-EXPECT-STDOUT: #include <pthread.h>
// THEN-EXPECT-STDOUT: #include <sched.h>
// THEN-EXPECT-STDOUT: #include <stdatomic.h>
// THEN-EXPECT-STDOUT: #include <stddef.h>
// THEN-EXPECT-STDOUT: #include <stdint.h>
// THEN-EXPECT-STDOUT: #include <stdio.h>
// THEN-EXPECT-STDOUT: #include <string.h>
// THEN-EXPECT-STDOUT: #include <time.h>
// THEN-EXPECT-STDOUT: #include <unistd.h>
// THEN-EXPECT-STDOUT:
// THEN-EXPECT-STDOUT: /* ---- racelang runtime ------------------------------------------------------------------ */
// THEN-EXPECT-STDOUT:
// THEN-EXPECT-STDOUT: /* A program uses only some of these; no compiler should warn about the rest. */
// THEN-EXPECT-STDOUT: #if defined(__GNUC__)
// THEN-EXPECT-STDOUT: #define RL_UNUSED __attribute__((unused))
// THEN-EXPECT-STDOUT: #else
// THEN-EXPECT-STDOUT: #define RL_UNUSED
// THEN-EXPECT-STDOUT: #endif
// THEN-EXPECT-STDOUT:
// THEN-EXPECT-STDOUT: /* Arithmetic wraps (64-bit two's complement): computed in uint64_t, where overflow is
// THEN-EXPECT-STDOUT:    defined, and converted back (implementation-defined in C11; every GCC and Clang target
// THEN-EXPECT-STDOUT:    wraps). Division and modulo by zero are checked at the call sites, with the message. */
// THEN-EXPECT-STDOUT: static inline RL_UNUSED int64_t rl_add(int64_t a, int64_t b) { return (int64_t)((uint64_t)a + (uint64_t)b); }
// THEN-EXPECT-STDOUT: static inline RL_UNUSED int64_t rl_sub(int64_t a, int64_t b) { return (int64_t)((uint64_t)a - (uint64_t)b); }
// THEN-EXPECT-STDOUT: static inline RL_UNUSED int64_t rl_mul(int64_t a, int64_t b) { return (int64_t)((uint64_t)a * (uint64_t)b); }
// THEN-EXPECT-STDOUT: static inline RL_UNUSED int64_t rl_neg(int64_t a) { return (int64_t)(0 - (uint64_t)a); }
// THEN-EXPECT-STDOUT: static inline RL_UNUSED int64_t rl_div(int64_t a, int64_t b) {
// THEN-EXPECT-STDOUT:   return (a == INT64_MIN && b == -1) ? INT64_MIN : a / b;
// THEN-EXPECT-STDOUT: }
// THEN-EXPECT-STDOUT: static inline RL_UNUSED int64_t rl_mod(int64_t a, int64_t b) { return b == -1 ? 0 : a % b; }
// THEN-EXPECT-STDOUT: static inline RL_UNUSED int64_t rl_max(int64_t a, int64_t b) { return a > b ? a : b; }
// THEN-EXPECT-STDOUT: static inline RL_UNUSED int64_t rl_min(int64_t a, int64_t b) { return a < b ? a : b; }
// THEN-EXPECT-STDOUT:
// THEN-EXPECT-STDOUT: /* A failure stops the program: stdout is locked (so no thread prints after the message) and
// THEN-EXPECT-STDOUT:    flushed, the message goes to stderr, and the process exits without running exit handlers
// THEN-EXPECT-STDOUT:    (other threads are still running). */
// THEN-EXPECT-STDOUT: static inline RL_UNUSED void rl_fail_begin(void) {
// THEN-EXPECT-STDOUT:   flockfile(stdout);
// THEN-EXPECT-STDOUT:   fflush(stdout);
// THEN-EXPECT-STDOUT: }
// THEN-EXPECT-STDOUT: static inline RL_UNUSED _Noreturn void rl_fail_end(int code) { _exit(code); }
// THEN-EXPECT-STDOUT:
// THEN-EXPECT-STDOUT: /* A racelang lock: a mutex and its holder (thread id + 1; 0 when free), so that unlocking a
// THEN-EXPECT-STDOUT:    lock the thread does not hold is reported instead of being undefined behaviour. */
// THEN-EXPECT-STDOUT: typedef struct {
// THEN-EXPECT-STDOUT:   pthread_mutex_t mutex;
// THEN-EXPECT-STDOUT:   _Atomic int64_t holder;
// THEN-EXPECT-STDOUT: } rl_lock;
// THEN-EXPECT-STDOUT:
// THEN-EXPECT-STDOUT: static inline RL_UNUSED void rl_init_locks(rl_lock* locks, size_t count) {
// THEN-EXPECT-STDOUT:   for (size_t i = 0; i < count; ++i) {
// THEN-EXPECT-STDOUT:     pthread_mutex_init(&locks[i].mutex, NULL);
// THEN-EXPECT-STDOUT:     atomic_init(&locks[i].holder, 0);
// THEN-EXPECT-STDOUT:   }
// THEN-EXPECT-STDOUT: }
// THEN-EXPECT-STDOUT: static inline RL_UNUSED void rl_acquire(rl_lock* l, int64_t tid) {
// THEN-EXPECT-STDOUT:   pthread_mutex_lock(&l->mutex);
// THEN-EXPECT-STDOUT:   atomic_store_explicit(&l->holder, tid + 1, memory_order_relaxed);
// THEN-EXPECT-STDOUT: }
// THEN-EXPECT-STDOUT: static inline RL_UNUSED int64_t rl_holder(rl_lock* l) {
// THEN-EXPECT-STDOUT:   return atomic_load_explicit(&l->holder, memory_order_relaxed);
// THEN-EXPECT-STDOUT: }
// THEN-EXPECT-STDOUT: static inline RL_UNUSED void rl_release(rl_lock* l) {
// THEN-EXPECT-STDOUT:   atomic_store_explicit(&l->holder, 0, memory_order_relaxed);
// THEN-EXPECT-STDOUT:   pthread_mutex_unlock(&l->mutex);
// THEN-EXPECT-STDOUT: }
// THEN-EXPECT-STDOUT:
// THEN-EXPECT-STDOUT: /* A spawned thread. Only the one thread whose code holds `spawn u` touches `spawned`.
// THEN-EXPECT-STDOUT:    Waiters poll `finished` (acquire) instead of sleeping on a mutex and condition variable:
// THEN-EXPECT-STDOUT:    two waiters locking one mutex would be ordered with each other, an edge racelang does not
// THEN-EXPECT-STDOUT:    have, and a detector would then miss races between them. pthread_join can be called only
// THEN-EXPECT-STDOUT:    once, and several threads may wait for one. */
// THEN-EXPECT-STDOUT: typedef struct {
// THEN-EXPECT-STDOUT:   int spawned;
// THEN-EXPECT-STDOUT:   _Atomic int finished;
// THEN-EXPECT-STDOUT: } rl_thread;
// THEN-EXPECT-STDOUT:
// THEN-EXPECT-STDOUT: static _Atomic int64_t rl_live; /* spawned threads that have not finished */
// THEN-EXPECT-STDOUT:
// THEN-EXPECT-STDOUT: /* Backs off from yielding to sleeping, doubling up to half a millisecond. */
// THEN-EXPECT-STDOUT: static inline RL_UNUSED void rl_pause(unsigned* round) {
// THEN-EXPECT-STDOUT:   if (*round < 16) {
// THEN-EXPECT-STDOUT:     ++*round;
// THEN-EXPECT-STDOUT:     sched_yield();
// THEN-EXPECT-STDOUT:     return;
// THEN-EXPECT-STDOUT:   }
// THEN-EXPECT-STDOUT:   long ns = 1000L << (*round < 25 ? *round - 16 : 9);
// THEN-EXPECT-STDOUT:   if (*round < 25) ++*round;
// THEN-EXPECT-STDOUT:   struct timespec ts = {0, ns};
// THEN-EXPECT-STDOUT:   nanosleep(&ts, NULL);
// THEN-EXPECT-STDOUT: }
// THEN-EXPECT-STDOUT:
// THEN-EXPECT-STDOUT: /* Returns 0 if the thread was spawned before (the caller reports the error). */
// THEN-EXPECT-STDOUT: static inline RL_UNUSED int rl_spawn(rl_thread* t, void* (*body)(void*)) {
// THEN-EXPECT-STDOUT:   if (t->spawned) return 0;
// THEN-EXPECT-STDOUT:   t->spawned = 1;
// THEN-EXPECT-STDOUT:   atomic_fetch_add_explicit(&rl_live, 1, memory_order_relaxed);
// THEN-EXPECT-STDOUT:   pthread_attr_t attr;
// THEN-EXPECT-STDOUT:   pthread_attr_init(&attr);
// THEN-EXPECT-STDOUT:   pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
// THEN-EXPECT-STDOUT:   pthread_t handle;
// THEN-EXPECT-STDOUT:   int err = pthread_create(&handle, &attr, body, NULL);
// THEN-EXPECT-STDOUT:   pthread_attr_destroy(&attr);
// THEN-EXPECT-STDOUT:   if (err != 0) {
// THEN-EXPECT-STDOUT:     rl_fail_begin();
// THEN-EXPECT-STDOUT:     fprintf(stderr, "racelang: error: cannot create a thread: %s\n", strerror(err));
// THEN-EXPECT-STDOUT:     rl_fail_end(1);
// THEN-EXPECT-STDOUT:   }
// THEN-EXPECT-STDOUT:   return 1;
// THEN-EXPECT-STDOUT: }
// THEN-EXPECT-STDOUT: static inline RL_UNUSED void rl_finish(rl_thread* t) {
// THEN-EXPECT-STDOUT:   atomic_store_explicit(&t->finished, 1, memory_order_release);
// THEN-EXPECT-STDOUT:   /* Release, for rl_wait_all_acquire only: rl_wait_all's relaxed loads order nothing. */
// THEN-EXPECT-STDOUT:   atomic_fetch_sub_explicit(&rl_live, 1, memory_order_release);
// THEN-EXPECT-STDOUT: }
// THEN-EXPECT-STDOUT: static inline RL_UNUSED void rl_wait(rl_thread* t) {
// THEN-EXPECT-STDOUT:   unsigned round = 0;
// THEN-EXPECT-STDOUT:   while (!atomic_load_explicit(&t->finished, memory_order_acquire)) rl_pause(&round);
// THEN-EXPECT-STDOUT: }
// THEN-EXPECT-STDOUT: /* The program ends when every thread has finished. */
// THEN-EXPECT-STDOUT: static inline RL_UNUSED void rl_wait_all(void) {
// THEN-EXPECT-STDOUT:   unsigned round = 0;
// THEN-EXPECT-STDOUT:   while (atomic_load_explicit(&rl_live, memory_order_relaxed) != 0) rl_pause(&round);
// THEN-EXPECT-STDOUT: }
// THEN-EXPECT-STDOUT: /* The same, and then every finished thread happens before the caller (an acquire load of the
// THEN-EXPECT-STDOUT:    count, which reads the end of the release sequence of every thread's decrement): used only
// THEN-EXPECT-STDOUT:    to print the final memory for the tests (EmitCOptions::print_final_memory), an edge the
// THEN-EXPECT-STDOUT:    program itself does not have. */
// THEN-EXPECT-STDOUT: static inline RL_UNUSED void rl_wait_all_acquire(void) {
// THEN-EXPECT-STDOUT:   rl_wait_all();
// THEN-EXPECT-STDOUT:   (void)atomic_load_explicit(&rl_live, memory_order_acquire);
// THEN-EXPECT-STDOUT: }
// THEN-EXPECT-STDOUT:
// THEN-EXPECT-STDOUT: /* ---- synchronisation (docs/language.md, "Volatiles, conditions, barriers") ----------- */
// THEN-EXPECT-STDOUT:
// THEN-EXPECT-STDOUT: /* Volatile variables are _Atomic int64_t globals accessed with the seq_cst atomic_* calls:
// THEN-EXPECT-STDOUT:    racelang's volatiles are sequentially consistent, and fetch_add on a signed atomic wraps
// THEN-EXPECT-STDOUT:    (C11 7.17.7.5), as racelang's does. */
// THEN-EXPECT-STDOUT:
// THEN-EXPECT-STDOUT: /* A condition variable: a FIFO of tickets. A waiter takes the next ticket while it holds the
// THEN-EXPECT-STDOUT:    lock, releases the lock, and sleeps until `notified` passes its ticket; a notify lets the
// THEN-EXPECT-STDOUT:    oldest unnotified ticket through, notify_all every ticket taken so far. So notify wakes the
// THEN-EXPECT-STDOUT:    longest waiter, a notify with nobody waiting does nothing, and nothing wakes a waiter that
// THEN-EXPECT-STDOUT:    was not notified. Both counters are relaxed atomics: racelang's notify orders nothing (only
// THEN-EXPECT-STDOUT:    the wait's release and re-acquisition of the lock do), and a pthread condition variable or
// THEN-EXPECT-STDOUT:    an internal mutex would give ThreadSanitizer an edge from the notifier to the waiter that
// THEN-EXPECT-STDOUT:    would hide a race (tests/emitc/programs/race_notify_handoff.rl). A notifier holding the
// THEN-EXPECT-STDOUT:    lock sees every ticket taken before that lock was released (the mutex orders them). */
// THEN-EXPECT-STDOUT: typedef struct {
// THEN-EXPECT-STDOUT:   _Atomic uint64_t tickets;  /* tickets taken so far */
// THEN-EXPECT-STDOUT:   _Atomic uint64_t notified; /* tickets below this have been notified */
// THEN-EXPECT-STDOUT: } rl_cond;
// THEN-EXPECT-STDOUT:
// THEN-EXPECT-STDOUT: /* The caller has checked that the thread holds `l`. */
// THEN-EXPECT-STDOUT: static inline RL_UNUSED void rl_cond_wait(rl_cond* c, rl_lock* l, int64_t tid) {
// THEN-EXPECT-STDOUT:   uint64_t ticket = atomic_fetch_add_explicit(&c->tickets, 1, memory_order_relaxed);
// THEN-EXPECT-STDOUT:   rl_release(l);
// THEN-EXPECT-STDOUT:   unsigned round = 0;
// THEN-EXPECT-STDOUT:   while (atomic_load_explicit(&c->notified, memory_order_relaxed) <= ticket) rl_pause(&round);
// THEN-EXPECT-STDOUT:   rl_acquire(l, tid);
// THEN-EXPECT-STDOUT: }
// THEN-EXPECT-STDOUT: static inline RL_UNUSED void rl_notify(rl_cond* c, int all) {
// THEN-EXPECT-STDOUT:   uint64_t notified = atomic_load_explicit(&c->notified, memory_order_relaxed);
// THEN-EXPECT-STDOUT:   for (;;) {
// THEN-EXPECT-STDOUT:     /* `tickets` only grows: a stale value only misses waiters that arrived concurrently. */
// THEN-EXPECT-STDOUT:     uint64_t tickets = atomic_load_explicit(&c->tickets, memory_order_relaxed);
// THEN-EXPECT-STDOUT:     if (notified >= tickets) return; /* nobody waits */
// THEN-EXPECT-STDOUT:     uint64_t next = all ? tickets : notified + 1;
// THEN-EXPECT-STDOUT:     if (atomic_compare_exchange_weak_explicit(&c->notified, &notified, next,
// THEN-EXPECT-STDOUT:                                               memory_order_relaxed, memory_order_relaxed))
// THEN-EXPECT-STDOUT:       return;
// THEN-EXPECT-STDOUT:   }
// THEN-EXPECT-STDOUT: }
// THEN-EXPECT-STDOUT:
// THEN-EXPECT-STDOUT: /* A barrier: arrivals are numbered by one counter, arrival t belongs to phase t / count, and
// THEN-EXPECT-STDOUT:    the arrival that fills a phase publishes it by raising `released` (to at least phase + 1);
// THEN-EXPECT-STDOUT:    the others of the phase spin until it is raised. The count is the declaration's, passed at
// THEN-EXPECT-STDOUT:    each await. Every arrival is an acq_rel read-modify-write of `arrived`, so the filling one
// THEN-EXPECT-STDOUT:    has acquired every earlier arrival; its release of `released` and the waiters' acquire
// THEN-EXPECT-STDOUT:    loads hand that on: every arrival of a phase happens before every departure from it
// THEN-EXPECT-STDOUT:    (BARRIER RELEASE), with no mutex that would also order the departures of one phase after
// THEN-EXPECT-STDOUT:    the arrivals of the next. `released` is raised with a compare-and-swap loop (an atomic
// THEN-EXPECT-STDOUT:    maximum, a read-modify-write that continues the release sequence) because phases can be
// THEN-EXPECT-STDOUT:    filled out of order when more threads than the count share a barrier. */
// THEN-EXPECT-STDOUT: typedef struct {
// THEN-EXPECT-STDOUT:   _Atomic uint64_t arrived;  /* arrivals so far, over every phase */
// THEN-EXPECT-STDOUT:   _Atomic uint64_t released; /* phases below this have been released */
// THEN-EXPECT-STDOUT: } rl_barrier;
// THEN-EXPECT-STDOUT:
// THEN-EXPECT-STDOUT: static inline RL_UNUSED void rl_await(rl_barrier* b, uint64_t count) {
// THEN-EXPECT-STDOUT:   uint64_t t = atomic_fetch_add_explicit(&b->arrived, 1, memory_order_acq_rel);
// THEN-EXPECT-STDOUT:   uint64_t phase = t / count;
// THEN-EXPECT-STDOUT:   if (t % count == count - 1) {
// THEN-EXPECT-STDOUT:     uint64_t released = atomic_load_explicit(&b->released, memory_order_relaxed);
// THEN-EXPECT-STDOUT:     while (released < phase + 1 &&
// THEN-EXPECT-STDOUT:            !atomic_compare_exchange_weak_explicit(&b->released, &released, phase + 1,
// THEN-EXPECT-STDOUT:                                                   memory_order_release, memory_order_relaxed)) {
// THEN-EXPECT-STDOUT:     }
// THEN-EXPECT-STDOUT:     return;
// THEN-EXPECT-STDOUT:   }
// THEN-EXPECT-STDOUT:   unsigned round = 0;
// THEN-EXPECT-STDOUT:   while (atomic_load_explicit(&b->released, memory_order_acquire) <= phase) rl_pause(&round);
// THEN-EXPECT-STDOUT: }
// THEN-EXPECT-STDOUT:
// THEN-EXPECT-STDOUT: /* ---- the program ----------------------------------------------------------------------- */
// THEN-EXPECT-STDOUT: /* Shared memory, in the checker's cell order. Plain globals: racy accesses stay
// THEN-EXPECT-STDOUT:    visible to a race detector. */
// THEN-EXPECT-STDOUT: static int64_t s_x;
// THEN-EXPECT-STDOUT: static rl_lock m_m;
// THEN-EXPECT-STDOUT: static int64_t s___C[4];
// THEN-EXPECT-STDOUT: static int64_t s___L[2];
// THEN-EXPECT-STDOUT: static int64_t s___R[2];
// THEN-EXPECT-STDOUT: static int64_t s___W[2];
// THEN-EXPECT-STDOUT: static int64_t s___RS[2];
// THEN-EXPECT-STDOUT: static int64_t s___WS[2];
// THEN-EXPECT-STDOUT: static rl_lock m___X[1];
// THEN-EXPECT-STDOUT: static rl_thread rl_t[2]; /* by thread index; [0] is main */
// THEN-EXPECT-STDOUT: static void* rl_thread_1(void* arg);
// THEN-EXPECT-STDOUT:
// THEN-EXPECT-STDOUT: /* Race reports (instrumented programs): positions and source of each access. */
// THEN-EXPECT-STDOUT: static const char* rl_position(int64_t site) {
// THEN-EXPECT-STDOUT:   switch (site) {
// THEN-EXPECT-STDOUT:   case 393217: return "tests/golden/inputs/locked_counter.txt:6:1";
// THEN-EXPECT-STDOUT:   case 458755: return "tests/golden/inputs/locked_counter.txt:7:3";
// THEN-EXPECT-STDOUT:   case 524291: return "tests/golden/inputs/locked_counter.txt:8:3";
// THEN-EXPECT-STDOUT:   case 589827: return "tests/golden/inputs/locked_counter.txt:9:3";
// THEN-EXPECT-STDOUT:   case 655363: return "tests/golden/inputs/locked_counter.txt:10:3";
// THEN-EXPECT-STDOUT:   case 786433: return "tests/golden/inputs/locked_counter.txt:12:1";
// THEN-EXPECT-STDOUT:   case 851969: return "tests/golden/inputs/locked_counter.txt:13:1";
// THEN-EXPECT-STDOUT:   case 917505: return "tests/golden/inputs/locked_counter.txt:14:1";
// THEN-EXPECT-STDOUT:   case 983041: return "tests/golden/inputs/locked_counter.txt:15:1";
// THEN-EXPECT-STDOUT:   case 1048577: return "tests/golden/inputs/locked_counter.txt:16:1";
// THEN-EXPECT-STDOUT:   case 1114113: return "tests/golden/inputs/locked_counter.txt:17:1";
// THEN-EXPECT-STDOUT:   default: return "an unknown position";
// THEN-EXPECT-STDOUT:   }
// THEN-EXPECT-STDOUT: }
// THEN-EXPECT-STDOUT: static const char* rl_snippet(int64_t site) {
// THEN-EXPECT-STDOUT:   switch (site) {
// THEN-EXPECT-STDOUT:   case 393217: return "    spawn 1 {\n    ^~~~~~~~~\n";
// THEN-EXPECT-STDOUT:   case 458755: return "      lock m;\n      ^~~~~~~\n";
// THEN-EXPECT-STDOUT:   case 524291: return "      v := load x;\n      ^~~~~~~~~~~~\n";
// THEN-EXPECT-STDOUT:   case 589827: return "      store v + 1 x;\n      ^~~~~~~~~~~~~~\n";
// THEN-EXPECT-STDOUT:   case 655363: return "      unlock m;\n      ^~~~~~~~~\n";
// THEN-EXPECT-STDOUT:   case 786433: return "    lock m;\n    ^~~~~~~\n";
// THEN-EXPECT-STDOUT:   case 851969: return "    v := load x;\n    ^~~~~~~~~~~~\n";
// THEN-EXPECT-STDOUT:   case 917505: return "    store v + 1 x;\n    ^~~~~~~~~~~~~~\n";
// THEN-EXPECT-STDOUT:   case 983041: return "    unlock m;\n    ^~~~~~~~~\n";
// THEN-EXPECT-STDOUT:   case 1048577: return "    wait 1;\n    ^~~~~~~\n";
// THEN-EXPECT-STDOUT:   case 1114113: return "    v := load x;\n    ^~~~~~~~~~~~\n";
// THEN-EXPECT-STDOUT:   default: return "";
// THEN-EXPECT-STDOUT:   }
// THEN-EXPECT-STDOUT: }
// THEN-EXPECT-STDOUT: static const char* rl_thread_origin(int64_t id) {
// THEN-EXPECT-STDOUT:   switch (id) {
// THEN-EXPECT-STDOUT:   case 0: return "  Thread 0 is the main thread\n";
// THEN-EXPECT-STDOUT:   case 1: return "  Thread 1 was spawned by thread 0 at tests/golden/inputs/locked_counter.txt:6:1\n";
// THEN-EXPECT-STDOUT:   default: return "";
// THEN-EXPECT-STDOUT:   }
// THEN-EXPECT-STDOUT: }
// THEN-EXPECT-STDOUT: /* Reports a failed instrumentation check as the interpreter does, and exits 66. */
// THEN-EXPECT-STDOUT: static _Noreturn void rl_race(int64_t tid, const char* kind, const char* name, int64_t index,
// THEN-EXPECT-STDOUT:                               int64_t site, const char* fallback, const char* prev_kind,
// THEN-EXPECT-STDOUT:                               int64_t prev_tid, int64_t prev_site) {
// THEN-EXPECT-STDOUT:   char cell[256];
// THEN-EXPECT-STDOUT:   if (index < 0) snprintf(cell, sizeof cell, "%s", name);
// THEN-EXPECT-STDOUT:   else snprintf(cell, sizeof cell, "%s[%" PRId64 "]", name, index);
// THEN-EXPECT-STDOUT:   const char* here = site > 0 ? rl_position(site) : fallback;
// THEN-EXPECT-STDOUT:   const char* prev = rl_position(prev_site);
// THEN-EXPECT-STDOUT:   int64_t first = tid < prev_tid ? tid : prev_tid, second = tid < prev_tid ? prev_tid : tid;
// THEN-EXPECT-STDOUT:   rl_fail_begin();
// THEN-EXPECT-STDOUT:   fprintf(stderr,
// THEN-EXPECT-STDOUT:           "==================\nWARNING: data race on '%s' (found by an instrumentation check)\n"
// THEN-EXPECT-STDOUT:           "  %s of '%s' by thread %" PRId64 " at %s:\n%s"
// THEN-EXPECT-STDOUT:           "  Previous %s of '%s' by thread %" PRId64 " at %s:\n%s%s%s"
// THEN-EXPECT-STDOUT:           "SUMMARY: racelang: data race on '%s' (%s and %s)\n==================\n",
// THEN-EXPECT-STDOUT:           cell, kind, cell, tid, here, rl_snippet(site), prev_kind, cell, prev_tid, prev,
// THEN-EXPECT-STDOUT:           rl_snippet(prev_site), rl_thread_origin(first),
// THEN-EXPECT-STDOUT:           first != second ? rl_thread_origin(second) : "", cell, here, prev);
// THEN-EXPECT-STDOUT:   rl_fail_end(66);
// THEN-EXPECT-STDOUT: }
// THEN-EXPECT-STDOUT:
// THEN-EXPECT-STDOUT: static void* rl_thread_1(void* arg) {
// THEN-EXPECT-STDOUT:   (void)arg;
// THEN-EXPECT-STDOUT:   int64_t v___t1 = 0;
// THEN-EXPECT-STDOUT:   int64_t v___t2 = 0;
// THEN-EXPECT-STDOUT:   int64_t v_v = 0;
// THEN-EXPECT-STDOUT:   (void)v___t1;
// THEN-EXPECT-STDOUT:   (void)v___t2;
// THEN-EXPECT-STDOUT:   (void)v_v;
// THEN-EXPECT-STDOUT:   rl_acquire(&m_m, 1);
// THEN-EXPECT-STDOUT:   v___t1 = s___L[0];
// THEN-EXPECT-STDOUT:   v___t2 = s___C[2];
// THEN-EXPECT-STDOUT:   v___t2 = rl_max(v___t1, v___t2);
// THEN-EXPECT-STDOUT:   s___C[2] = v___t2;
// THEN-EXPECT-STDOUT:   v___t1 = s___L[1];
// THEN-EXPECT-STDOUT:   v___t2 = s___C[3];
// THEN-EXPECT-STDOUT:   v___t2 = rl_max(v___t1, v___t2);
// THEN-EXPECT-STDOUT:   s___C[3] = v___t2;
// THEN-EXPECT-STDOUT:   rl_acquire(&m___X[0], 1);
// THEN-EXPECT-STDOUT:   v___t1 = s___W[0];
// THEN-EXPECT-STDOUT:   v___t2 = s___C[2];
// THEN-EXPECT-STDOUT:   if (!(v___t1 <= v___t2)) {
// THEN-EXPECT-STDOUT:     rl_race(1, "Read", "x", -1, rl_add(rl_mul(8, 65536), 3), "tests/golden/inputs/locked_counter.txt:8:3", "write", 0, s___WS[0]);
// THEN-EXPECT-STDOUT:   }
// THEN-EXPECT-STDOUT:   v___t1 = s___W[1];
// THEN-EXPECT-STDOUT:   v___t2 = s___C[3];
// THEN-EXPECT-STDOUT:   if (!(v___t1 <= v___t2)) {
// THEN-EXPECT-STDOUT:     rl_race(1, "Read", "x", -1, rl_add(rl_mul(8, 65536), 3), "tests/golden/inputs/locked_counter.txt:8:3", "write", 1, s___WS[1]);
// THEN-EXPECT-STDOUT:   }
// THEN-EXPECT-STDOUT:   v___t1 = s___C[3];
// THEN-EXPECT-STDOUT:   s___R[1] = v___t1;
// THEN-EXPECT-STDOUT:   s___RS[1] = rl_add(rl_mul(8, 65536), 3);
// THEN-EXPECT-STDOUT:   v_v = s_x;
// THEN-EXPECT-STDOUT:   const int64_t t1 = rl_holder(&m___X[0]);
// THEN-EXPECT-STDOUT:   if (t1 != 2) {
// THEN-EXPECT-STDOUT:     if (t1 == 0) {
// THEN-EXPECT-STDOUT:       rl_fail_begin();
// THEN-EXPECT-STDOUT:       fprintf(stderr, "tests/golden/inputs/locked_counter.txt:8:3: error: thread 1: unlock of '__X[0]', which it does not hold (it is free)\n  v := load x;\n  ^~~~~~~~~~~~\n");
// THEN-EXPECT-STDOUT:       rl_fail_end(1);
// THEN-EXPECT-STDOUT:     }
// THEN-EXPECT-STDOUT:     rl_fail_begin();
// THEN-EXPECT-STDOUT:     fprintf(stderr, "tests/golden/inputs/locked_counter.txt:8:3: error: thread 1: unlock of '__X[0]', which it does not hold (it is held by thread %" PRId64 ")\n  v := load x;\n  ^~~~~~~~~~~~\n", t1 - 1);
// THEN-EXPECT-STDOUT:     rl_fail_end(1);
// THEN-EXPECT-STDOUT:   }
// THEN-EXPECT-STDOUT:   rl_release(&m___X[0]);
// THEN-EXPECT-STDOUT:   rl_acquire(&m___X[0], 1);
// THEN-EXPECT-STDOUT:   v___t1 = s___W[0];
// THEN-EXPECT-STDOUT:   v___t2 = s___C[2];
// THEN-EXPECT-STDOUT:   if (!(v___t1 <= v___t2)) {
// THEN-EXPECT-STDOUT:     rl_race(1, "Write", "x", -1, rl_add(rl_mul(9, 65536), 3), "tests/golden/inputs/locked_counter.txt:9:3", "write", 0, s___WS[0]);
// THEN-EXPECT-STDOUT:   }
// THEN-EXPECT-STDOUT:   v___t1 = s___W[1];
// THEN-EXPECT-STDOUT:   v___t2 = s___C[3];
// THEN-EXPECT-STDOUT:   if (!(v___t1 <= v___t2)) {
// THEN-EXPECT-STDOUT:     rl_race(1, "Write", "x", -1, rl_add(rl_mul(9, 65536), 3), "tests/golden/inputs/locked_counter.txt:9:3", "write", 1, s___WS[1]);
// THEN-EXPECT-STDOUT:   }
// THEN-EXPECT-STDOUT:   v___t1 = s___R[0];
// THEN-EXPECT-STDOUT:   v___t2 = s___C[2];
// THEN-EXPECT-STDOUT:   if (!(v___t1 <= v___t2)) {
// THEN-EXPECT-STDOUT:     rl_race(1, "Write", "x", -1, rl_add(rl_mul(9, 65536), 3), "tests/golden/inputs/locked_counter.txt:9:3", "read", 0, s___RS[0]);
// THEN-EXPECT-STDOUT:   }
// THEN-EXPECT-STDOUT:   v___t1 = s___R[1];
// THEN-EXPECT-STDOUT:   v___t2 = s___C[3];
// THEN-EXPECT-STDOUT:   if (!(v___t1 <= v___t2)) {
// THEN-EXPECT-STDOUT:     rl_race(1, "Write", "x", -1, rl_add(rl_mul(9, 65536), 3), "tests/golden/inputs/locked_counter.txt:9:3", "read", 1, s___RS[1]);
// THEN-EXPECT-STDOUT:   }
// THEN-EXPECT-STDOUT:   v___t1 = s___C[3];
// THEN-EXPECT-STDOUT:   s___W[1] = v___t1;
// THEN-EXPECT-STDOUT:   s___WS[1] = rl_add(rl_mul(9, 65536), 3);
// THEN-EXPECT-STDOUT:   s_x = rl_add(v_v, 1);
// THEN-EXPECT-STDOUT:   const int64_t t2 = rl_holder(&m___X[0]);
// THEN-EXPECT-STDOUT:   if (t2 != 2) {
// THEN-EXPECT-STDOUT:     if (t2 == 0) {
// THEN-EXPECT-STDOUT:       rl_fail_begin();
// THEN-EXPECT-STDOUT:       fprintf(stderr, "tests/golden/inputs/locked_counter.txt:9:3: error: thread 1: unlock of '__X[0]', which it does not hold (it is free)\n  store v + 1 x;\n  ^~~~~~~~~~~~~~\n");
// THEN-EXPECT-STDOUT:       rl_fail_end(1);
// THEN-EXPECT-STDOUT:     }
// THEN-EXPECT-STDOUT:     rl_fail_begin();
// THEN-EXPECT-STDOUT:     fprintf(stderr, "tests/golden/inputs/locked_counter.txt:9:3: error: thread 1: unlock of '__X[0]', which it does not hold (it is held by thread %" PRId64 ")\n  store v + 1 x;\n  ^~~~~~~~~~~~~~\n", t2 - 1);
// THEN-EXPECT-STDOUT:     rl_fail_end(1);
// THEN-EXPECT-STDOUT:   }
// THEN-EXPECT-STDOUT:   rl_release(&m___X[0]);
// THEN-EXPECT-STDOUT:   v___t1 = s___C[2];
// THEN-EXPECT-STDOUT:   v___t2 = s___L[0];
// THEN-EXPECT-STDOUT:   v___t1 = rl_max(v___t1, v___t2);
// THEN-EXPECT-STDOUT:   s___L[0] = v___t1;
// THEN-EXPECT-STDOUT:   v___t1 = s___C[3];
// THEN-EXPECT-STDOUT:   v___t2 = s___L[1];
// THEN-EXPECT-STDOUT:   v___t1 = rl_max(v___t1, v___t2);
// THEN-EXPECT-STDOUT:   s___L[1] = v___t1;
// THEN-EXPECT-STDOUT:   v___t1 = s___C[3];
// THEN-EXPECT-STDOUT:   v___t1 = rl_add(v___t1, 1);
// THEN-EXPECT-STDOUT:   s___C[3] = v___t1;
// THEN-EXPECT-STDOUT:   const int64_t t3 = rl_holder(&m_m);
// THEN-EXPECT-STDOUT:   if (t3 != 2) {
// THEN-EXPECT-STDOUT:     if (t3 == 0) {
// THEN-EXPECT-STDOUT:       rl_fail_begin();
// THEN-EXPECT-STDOUT:       fprintf(stderr, "tests/golden/inputs/locked_counter.txt:10:3: error: thread 1: unlock of 'm', which it does not hold (it is free)\n  unlock m;\n  ^~~~~~~~~\n");
// THEN-EXPECT-STDOUT:       rl_fail_end(1);
// THEN-EXPECT-STDOUT:     }
// THEN-EXPECT-STDOUT:     rl_fail_begin();
// THEN-EXPECT-STDOUT:     fprintf(stderr, "tests/golden/inputs/locked_counter.txt:10:3: error: thread 1: unlock of 'm', which it does not hold (it is held by thread %" PRId64 ")\n  unlock m;\n  ^~~~~~~~~\n", t3 - 1);
// THEN-EXPECT-STDOUT:     rl_fail_end(1);
// THEN-EXPECT-STDOUT:   }
// THEN-EXPECT-STDOUT:   rl_release(&m_m);
// THEN-EXPECT-STDOUT:   rl_finish(&rl_t[1]);
// THEN-EXPECT-STDOUT:   return NULL;
// THEN-EXPECT-STDOUT: }
// THEN-EXPECT-STDOUT:
// THEN-EXPECT-STDOUT: int main(void) {
// THEN-EXPECT-STDOUT:   rl_init_locks(&m_m, 1);
// THEN-EXPECT-STDOUT:   rl_init_locks(m___X, 1);
// THEN-EXPECT-STDOUT:   (void)&s_x;
// THEN-EXPECT-STDOUT:   (void)&m_m;
// THEN-EXPECT-STDOUT:   (void)s___C;
// THEN-EXPECT-STDOUT:   (void)s___L;
// THEN-EXPECT-STDOUT:   (void)s___R;
// THEN-EXPECT-STDOUT:   (void)s___W;
// THEN-EXPECT-STDOUT:   (void)s___RS;
// THEN-EXPECT-STDOUT:   (void)s___WS;
// THEN-EXPECT-STDOUT:   (void)m___X;
// THEN-EXPECT-STDOUT:   int64_t v___t1 = 0;
// THEN-EXPECT-STDOUT:   int64_t v___t2 = 0;
// THEN-EXPECT-STDOUT:   int64_t v_v = 0;
// THEN-EXPECT-STDOUT:   (void)v___t1;
// THEN-EXPECT-STDOUT:   (void)v___t2;
// THEN-EXPECT-STDOUT:   (void)v_v;
// THEN-EXPECT-STDOUT:   s___C[0] = 1;
// THEN-EXPECT-STDOUT:   s___C[3] = 1;
// THEN-EXPECT-STDOUT:   v___t1 = s___C[0];
// THEN-EXPECT-STDOUT:   v___t2 = s___C[2];
// THEN-EXPECT-STDOUT:   v___t2 = rl_max(v___t1, v___t2);
// THEN-EXPECT-STDOUT:   s___C[2] = v___t2;
// THEN-EXPECT-STDOUT:   v___t1 = s___C[1];
// THEN-EXPECT-STDOUT:   v___t2 = s___C[3];
// THEN-EXPECT-STDOUT:   v___t2 = rl_max(v___t1, v___t2);
// THEN-EXPECT-STDOUT:   s___C[3] = v___t2;
// THEN-EXPECT-STDOUT:   v___t1 = s___C[0];
// THEN-EXPECT-STDOUT:   v___t1 = rl_add(v___t1, 1);
// THEN-EXPECT-STDOUT:   s___C[0] = v___t1;
// THEN-EXPECT-STDOUT:   if (!rl_spawn(&rl_t[1], rl_thread_1)) {
// THEN-EXPECT-STDOUT:     rl_fail_begin();
// THEN-EXPECT-STDOUT:     fprintf(stderr, "tests/golden/inputs/locked_counter.txt:6:1: error: thread 0: thread 1 has already been spawned (%s); a thread id is spawned at most once\nspawn 1 {\n^~~~~~~~~\n", atomic_load_explicit(&(&rl_t[1])->finished, memory_order_relaxed) ? "it has finished" : "it is still running");
// THEN-EXPECT-STDOUT:     rl_fail_end(1);
// THEN-EXPECT-STDOUT:   }
// THEN-EXPECT-STDOUT:   rl_acquire(&m_m, 0);
// THEN-EXPECT-STDOUT:   v___t1 = s___L[0];
// THEN-EXPECT-STDOUT:   v___t2 = s___C[0];
// THEN-EXPECT-STDOUT:   v___t2 = rl_max(v___t1, v___t2);
// THEN-EXPECT-STDOUT:   s___C[0] = v___t2;
// THEN-EXPECT-STDOUT:   v___t1 = s___L[1];
// THEN-EXPECT-STDOUT:   v___t2 = s___C[1];
// THEN-EXPECT-STDOUT:   v___t2 = rl_max(v___t1, v___t2);
// THEN-EXPECT-STDOUT:   s___C[1] = v___t2;
// THEN-EXPECT-STDOUT:   rl_acquire(&m___X[0], 0);
// THEN-EXPECT-STDOUT:   v___t1 = s___W[0];
// THEN-EXPECT-STDOUT:   v___t2 = s___C[0];
// THEN-EXPECT-STDOUT:   if (!(v___t1 <= v___t2)) {
// THEN-EXPECT-STDOUT:     rl_race(0, "Read", "x", -1, rl_add(rl_mul(13, 65536), 1), "tests/golden/inputs/locked_counter.txt:13:1", "write", 0, s___WS[0]);
// THEN-EXPECT-STDOUT:   }
// THEN-EXPECT-STDOUT:   v___t1 = s___W[1];
// THEN-EXPECT-STDOUT:   v___t2 = s___C[1];
// THEN-EXPECT-STDOUT:   if (!(v___t1 <= v___t2)) {
// THEN-EXPECT-STDOUT:     rl_race(0, "Read", "x", -1, rl_add(rl_mul(13, 65536), 1), "tests/golden/inputs/locked_counter.txt:13:1", "write", 1, s___WS[1]);
// THEN-EXPECT-STDOUT:   }
// THEN-EXPECT-STDOUT:   v___t1 = s___C[0];
// THEN-EXPECT-STDOUT:   s___R[0] = v___t1;
// THEN-EXPECT-STDOUT:   s___RS[0] = rl_add(rl_mul(13, 65536), 1);
// THEN-EXPECT-STDOUT:   v_v = s_x;
// THEN-EXPECT-STDOUT:   const int64_t t4 = rl_holder(&m___X[0]);
// THEN-EXPECT-STDOUT:   if (t4 != 1) {
// THEN-EXPECT-STDOUT:     if (t4 == 0) {
// THEN-EXPECT-STDOUT:       rl_fail_begin();
// THEN-EXPECT-STDOUT:       fprintf(stderr, "tests/golden/inputs/locked_counter.txt:13:1: error: thread 0: unlock of '__X[0]', which it does not hold (it is free)\nv := load x;\n^~~~~~~~~~~~\n");
// THEN-EXPECT-STDOUT:       rl_fail_end(1);
// THEN-EXPECT-STDOUT:     }
// THEN-EXPECT-STDOUT:     rl_fail_begin();
// THEN-EXPECT-STDOUT:     fprintf(stderr, "tests/golden/inputs/locked_counter.txt:13:1: error: thread 0: unlock of '__X[0]', which it does not hold (it is held by thread %" PRId64 ")\nv := load x;\n^~~~~~~~~~~~\n", t4 - 1);
// THEN-EXPECT-STDOUT:     rl_fail_end(1);
// THEN-EXPECT-STDOUT:   }
// THEN-EXPECT-STDOUT:   rl_release(&m___X[0]);
// THEN-EXPECT-STDOUT:   rl_acquire(&m___X[0], 0);
// THEN-EXPECT-STDOUT:   v___t1 = s___W[0];
// THEN-EXPECT-STDOUT:   v___t2 = s___C[0];
// THEN-EXPECT-STDOUT:   if (!(v___t1 <= v___t2)) {
// THEN-EXPECT-STDOUT:     rl_race(0, "Write", "x", -1, rl_add(rl_mul(14, 65536), 1), "tests/golden/inputs/locked_counter.txt:14:1", "write", 0, s___WS[0]);
// THEN-EXPECT-STDOUT:   }
// THEN-EXPECT-STDOUT:   v___t1 = s___W[1];
// THEN-EXPECT-STDOUT:   v___t2 = s___C[1];
// THEN-EXPECT-STDOUT:   if (!(v___t1 <= v___t2)) {
// THEN-EXPECT-STDOUT:     rl_race(0, "Write", "x", -1, rl_add(rl_mul(14, 65536), 1), "tests/golden/inputs/locked_counter.txt:14:1", "write", 1, s___WS[1]);
// THEN-EXPECT-STDOUT:   }
// THEN-EXPECT-STDOUT:   v___t1 = s___R[0];
// THEN-EXPECT-STDOUT:   v___t2 = s___C[0];
// THEN-EXPECT-STDOUT:   if (!(v___t1 <= v___t2)) {
// THEN-EXPECT-STDOUT:     rl_race(0, "Write", "x", -1, rl_add(rl_mul(14, 65536), 1), "tests/golden/inputs/locked_counter.txt:14:1", "read", 0, s___RS[0]);
// THEN-EXPECT-STDOUT:   }
// THEN-EXPECT-STDOUT:   v___t1 = s___R[1];
// THEN-EXPECT-STDOUT:   v___t2 = s___C[1];
// THEN-EXPECT-STDOUT:   if (!(v___t1 <= v___t2)) {
// THEN-EXPECT-STDOUT:     rl_race(0, "Write", "x", -1, rl_add(rl_mul(14, 65536), 1), "tests/golden/inputs/locked_counter.txt:14:1", "read", 1, s___RS[1]);
// THEN-EXPECT-STDOUT:   }
// THEN-EXPECT-STDOUT:   v___t1 = s___C[0];
// THEN-EXPECT-STDOUT:   s___W[0] = v___t1;
// THEN-EXPECT-STDOUT:   s___WS[0] = rl_add(rl_mul(14, 65536), 1);
// THEN-EXPECT-STDOUT:   s_x = rl_add(v_v, 1);
// THEN-EXPECT-STDOUT:   const int64_t t5 = rl_holder(&m___X[0]);
// THEN-EXPECT-STDOUT:   if (t5 != 1) {
// THEN-EXPECT-STDOUT:     if (t5 == 0) {
// THEN-EXPECT-STDOUT:       rl_fail_begin();
// THEN-EXPECT-STDOUT:       fprintf(stderr, "tests/golden/inputs/locked_counter.txt:14:1: error: thread 0: unlock of '__X[0]', which it does not hold (it is free)\nstore v + 1 x;\n^~~~~~~~~~~~~~\n");
// THEN-EXPECT-STDOUT:       rl_fail_end(1);
// THEN-EXPECT-STDOUT:     }
// THEN-EXPECT-STDOUT:     rl_fail_begin();
// THEN-EXPECT-STDOUT:     fprintf(stderr, "tests/golden/inputs/locked_counter.txt:14:1: error: thread 0: unlock of '__X[0]', which it does not hold (it is held by thread %" PRId64 ")\nstore v + 1 x;\n^~~~~~~~~~~~~~\n", t5 - 1);
// THEN-EXPECT-STDOUT:     rl_fail_end(1);
// THEN-EXPECT-STDOUT:   }
// THEN-EXPECT-STDOUT:   rl_release(&m___X[0]);
// THEN-EXPECT-STDOUT:   v___t1 = s___C[0];
// THEN-EXPECT-STDOUT:   v___t2 = s___L[0];
// THEN-EXPECT-STDOUT:   v___t1 = rl_max(v___t1, v___t2);
// THEN-EXPECT-STDOUT:   s___L[0] = v___t1;
// THEN-EXPECT-STDOUT:   v___t1 = s___C[1];
// THEN-EXPECT-STDOUT:   v___t2 = s___L[1];
// THEN-EXPECT-STDOUT:   v___t1 = rl_max(v___t1, v___t2);
// THEN-EXPECT-STDOUT:   s___L[1] = v___t1;
// THEN-EXPECT-STDOUT:   v___t1 = s___C[0];
// THEN-EXPECT-STDOUT:   v___t1 = rl_add(v___t1, 1);
// THEN-EXPECT-STDOUT:   s___C[0] = v___t1;
// THEN-EXPECT-STDOUT:   const int64_t t6 = rl_holder(&m_m);
// THEN-EXPECT-STDOUT:   if (t6 != 1) {
// THEN-EXPECT-STDOUT:     if (t6 == 0) {
// THEN-EXPECT-STDOUT:       rl_fail_begin();
// THEN-EXPECT-STDOUT:       fprintf(stderr, "tests/golden/inputs/locked_counter.txt:15:1: error: thread 0: unlock of 'm', which it does not hold (it is free)\nunlock m;\n^~~~~~~~~\n");
// THEN-EXPECT-STDOUT:       rl_fail_end(1);
// THEN-EXPECT-STDOUT:     }
// THEN-EXPECT-STDOUT:     rl_fail_begin();
// THEN-EXPECT-STDOUT:     fprintf(stderr, "tests/golden/inputs/locked_counter.txt:15:1: error: thread 0: unlock of 'm', which it does not hold (it is held by thread %" PRId64 ")\nunlock m;\n^~~~~~~~~\n", t6 - 1);
// THEN-EXPECT-STDOUT:     rl_fail_end(1);
// THEN-EXPECT-STDOUT:   }
// THEN-EXPECT-STDOUT:   rl_release(&m_m);
// THEN-EXPECT-STDOUT:   rl_wait(&rl_t[1]);
// THEN-EXPECT-STDOUT:   v___t1 = s___C[2];
// THEN-EXPECT-STDOUT:   v___t2 = s___C[0];
// THEN-EXPECT-STDOUT:   v___t2 = rl_max(v___t1, v___t2);
// THEN-EXPECT-STDOUT:   s___C[0] = v___t2;
// THEN-EXPECT-STDOUT:   v___t1 = s___C[3];
// THEN-EXPECT-STDOUT:   v___t2 = s___C[1];
// THEN-EXPECT-STDOUT:   v___t2 = rl_max(v___t1, v___t2);
// THEN-EXPECT-STDOUT:   s___C[1] = v___t2;
// THEN-EXPECT-STDOUT:   rl_acquire(&m___X[0], 0);
// THEN-EXPECT-STDOUT:   v___t1 = s___W[0];
// THEN-EXPECT-STDOUT:   v___t2 = s___C[0];
// THEN-EXPECT-STDOUT:   if (!(v___t1 <= v___t2)) {
// THEN-EXPECT-STDOUT:     rl_race(0, "Read", "x", -1, rl_add(rl_mul(17, 65536), 1), "tests/golden/inputs/locked_counter.txt:17:1", "write", 0, s___WS[0]);
// THEN-EXPECT-STDOUT:   }
// THEN-EXPECT-STDOUT:   v___t1 = s___W[1];
// THEN-EXPECT-STDOUT:   v___t2 = s___C[1];
// THEN-EXPECT-STDOUT:   if (!(v___t1 <= v___t2)) {
// THEN-EXPECT-STDOUT:     rl_race(0, "Read", "x", -1, rl_add(rl_mul(17, 65536), 1), "tests/golden/inputs/locked_counter.txt:17:1", "write", 1, s___WS[1]);
// THEN-EXPECT-STDOUT:   }
// THEN-EXPECT-STDOUT:   v___t1 = s___C[0];
// THEN-EXPECT-STDOUT:   s___R[0] = v___t1;
// THEN-EXPECT-STDOUT:   s___RS[0] = rl_add(rl_mul(17, 65536), 1);
// THEN-EXPECT-STDOUT:   v_v = s_x;
// THEN-EXPECT-STDOUT:   const int64_t t7 = rl_holder(&m___X[0]);
// THEN-EXPECT-STDOUT:   if (t7 != 1) {
// THEN-EXPECT-STDOUT:     if (t7 == 0) {
// THEN-EXPECT-STDOUT:       rl_fail_begin();
// THEN-EXPECT-STDOUT:       fprintf(stderr, "tests/golden/inputs/locked_counter.txt:17:1: error: thread 0: unlock of '__X[0]', which it does not hold (it is free)\nv := load x;\n^~~~~~~~~~~~\n");
// THEN-EXPECT-STDOUT:       rl_fail_end(1);
// THEN-EXPECT-STDOUT:     }
// THEN-EXPECT-STDOUT:     rl_fail_begin();
// THEN-EXPECT-STDOUT:     fprintf(stderr, "tests/golden/inputs/locked_counter.txt:17:1: error: thread 0: unlock of '__X[0]', which it does not hold (it is held by thread %" PRId64 ")\nv := load x;\n^~~~~~~~~~~~\n", t7 - 1);
// THEN-EXPECT-STDOUT:     rl_fail_end(1);
// THEN-EXPECT-STDOUT:   }
// THEN-EXPECT-STDOUT:   rl_release(&m___X[0]);
// THEN-EXPECT-STDOUT:   fprintf(stdout, "%" PRId64 "\n", v_v);
// THEN-EXPECT-STDOUT:   rl_wait_all();
// THEN-EXPECT-STDOUT:   return 0;
// THEN-EXPECT-STDOUT: }
