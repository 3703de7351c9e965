// RUN: fmt tests/golden/inputs/sync_messy.txt
// THEN: fmt %t
// The canonical form of the synchronisation statements and declarations (the input is kept out
// of this file because fmt prints comments, and these expectations are comments); formatting
// the output again gives it back unchanged.

// EXPECT-EXIT: 0
// EXPECT-STDOUT: // racelang fmt keeps the synchronisation statements and their comments.
// EXPECT-STDOUT: volatile flag; // a flag
// EXPECT-STDOUT: volatile turn[2];
// EXPECT-STDOUT: condition ready;
// EXPECT-STDOUT: barrier phase[2](3);
// EXPECT-STDOUT: barrier b(2);
// EXPECT-STDOUT: mutex m;
// EXPECT-STDOUT:
// EXPECT-STDOUT: /* the worker */
// EXPECT-STDOUT: spawn 1 {
// EXPECT-STDOUT:   r := cas(turn[0], 0, 1); // take it
// EXPECT-STDOUT:   s := fetch_add(flag, -1);
// EXPECT-STDOUT:   lock m;
// EXPECT-STDOUT:   while (r == 0) {
// EXPECT-STDOUT:     wait(ready, m);
// EXPECT-STDOUT:     r := load flag;
// EXPECT-STDOUT:   }
// EXPECT-STDOUT:   unlock m;
// EXPECT-STDOUT:   await phase[1];
// EXPECT-STDOUT:   assume(r == 1 && s >= 0);
// EXPECT-STDOUT: }
// EXPECT-STDOUT: store 1 flag;
// EXPECT-STDOUT: notify(ready);
// EXPECT-STDOUT: notify_all(ready);
// EXPECT-STDOUT: await b;
// EXPECT-STDOUT: wait 1;
// THEN-EXPECT-EXIT: 0
// THEN-EXPECT-STDOUT: // racelang fmt keeps the synchronisation statements and their comments.
// THEN-EXPECT-STDOUT: volatile flag; // a flag
// THEN-EXPECT-STDOUT: volatile turn[2];
// THEN-EXPECT-STDOUT: condition ready;
// THEN-EXPECT-STDOUT: barrier phase[2](3);
// THEN-EXPECT-STDOUT: barrier b(2);
// THEN-EXPECT-STDOUT: mutex m;
// THEN-EXPECT-STDOUT:
// THEN-EXPECT-STDOUT: /* the worker */
// THEN-EXPECT-STDOUT: spawn 1 {
// THEN-EXPECT-STDOUT:   r := cas(turn[0], 0, 1); // take it
// THEN-EXPECT-STDOUT:   s := fetch_add(flag, -1);
// THEN-EXPECT-STDOUT:   lock m;
// THEN-EXPECT-STDOUT:   while (r == 0) {
// THEN-EXPECT-STDOUT:     wait(ready, m);
// THEN-EXPECT-STDOUT:     r := load flag;
// THEN-EXPECT-STDOUT:   }
// THEN-EXPECT-STDOUT:   unlock m;
// THEN-EXPECT-STDOUT:   await phase[1];
// THEN-EXPECT-STDOUT:   assume(r == 1 && s >= 0);
// THEN-EXPECT-STDOUT: }
// THEN-EXPECT-STDOUT: store 1 flag;
// THEN-EXPECT-STDOUT: notify(ready);
// THEN-EXPECT-STDOUT: notify_all(ready);
// THEN-EXPECT-STDOUT: await b;
// THEN-EXPECT-STDOUT: wait 1;
