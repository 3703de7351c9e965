// RUN: fmt tests/golden/inputs/messy.txt
// The canonical form of tests/golden/inputs/messy.txt (kept out of this file because fmt
// prints comments, and these expectations are comments).

// EXPECT-EXIT: 0
// EXPECT-STDOUT: /* A messy but valid program: `racelang fmt` prints it canonically and keeps every comment. */
// EXPECT-STDOUT: shared x;
// EXPECT-STDOUT: mutex m;
// EXPECT-STDOUT: shared buf[3]; // three cells
// EXPECT-STDOUT:
// EXPECT-STDOUT: spawn 1 {
// EXPECT-STDOUT:   lock m;
// EXPECT-STDOUT:   v := load x;
// EXPECT-STDOUT:   store (v + 1) * 2 - -3 x;
// EXPECT-STDOUT:   unlock m;
// EXPECT-STDOUT: } // after the spawn
// EXPECT-STDOUT: if (v < 3 && !(v == 2 || v > 1)) {
// EXPECT-STDOUT:   print(v, max(v, 2), min(-v, 1));
// EXPECT-STDOUT:   // at the end of the then block
// EXPECT-STDOUT: } else {
// EXPECT-STDOUT:   assert(v >= 0);
// EXPECT-STDOUT: }
// EXPECT-STDOUT: while (i < 3) {
// EXPECT-STDOUT:   i := i + 1;
// EXPECT-STDOUT:   store i buf[i % 3]; /* inside */
// EXPECT-STDOUT: }
// EXPECT-STDOUT: a := 1 - (2 - 3) - 4;
// EXPECT-STDOUT: b := (1 + 2) * 3 / (4 % 5);
// EXPECT-STDOUT: c := -(-a) + -(b * 2);
// EXPECT-STDOUT: if (!(a < b) || a < b && !(b < c)) {
// EXPECT-STDOUT: } else {
// EXPECT-STDOUT: }
// EXPECT-STDOUT: // the end
