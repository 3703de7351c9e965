// RUN: fmt tests/golden/inputs/procedures.txt
// The canonical form of a program with procedures: declarations, procedures, statements, with
// every comment kept.

// EXPECT-EXIT: 0
// EXPECT-STDOUT: // Procedures, as fmt prints them.
// EXPECT-STDOUT: shared x;
// EXPECT-STDOUT: mutex m;
// EXPECT-STDOUT:
// EXPECT-STDOUT: /* adds k to x under m */
// EXPECT-STDOUT: proc add(k, n) {
// EXPECT-STDOUT:   lock m;
// EXPECT-STDOUT:   v := load x;
// EXPECT-STDOUT:   store v + k x;
// EXPECT-STDOUT:   unlock m; // done
// EXPECT-STDOUT:   // end of add
// EXPECT-STDOUT: } // after add
// EXPECT-STDOUT:
// EXPECT-STDOUT: proc none() {
// EXPECT-STDOUT: }
// EXPECT-STDOUT:
// EXPECT-STDOUT: spawn 1 add(1, 2); // spawned
// EXPECT-STDOUT: add(2, 3);
// EXPECT-STDOUT: none();
// EXPECT-STDOUT: wait 1;
