// RUN: run --seed=1 %s
// wait(c, m) releases m, so the thread must hold it: waiting with the lock free is a runtime
// error, with the interpreter's message (outcome/messages.h, cond_wait_not_held).
mutex m;
condition c;

print(1);
wait(c, m);
print(2);
