// RUN: run --seed=1 %s
// Unlocking a lock held by another thread (main took it before the spawn).
mutex m;

lock m;
spawn 3 {
  unlock m;
}
wait 3;
