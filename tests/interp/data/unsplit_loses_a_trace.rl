// Open DPOR bug (docs/explore.md, "Not done yet", cause 3): the unsplit optimal search loses one
// trace here that the split finds (RC seed 1 of the split-vs-unsplit comparison, 4 parts): races
// reversed with notdep cut at the racing step. Not used by a test yet.
shared x;
shared y;
shared buf[2];
shared flag;
mutex m;
mutex n;
spawn 1 {
  if (v > 0) { v := load buf[i]; }
  j := 0; while (j < 2) { v := load buf[0]; j := j + 1; }
  if (v > 0) { v := load x; }
  j := 0; while (j < 2) { store v + 2 y; j := j + 1; }
}
  j := 0; while (j < 2) { v := load buf[i]; j := j + 1; }
spawn 2 {
  j := 0; while (j < 2) { v := load buf[1]; j := j + 1; }
  if (v > 0) { store v + 2 buf[i]; }
  lock m; lock n; v := load buf[0]; unlock n; unlock m;
}
  store v + 2 buf[i];
spawn 3 {
  store v + 0 buf[0];
  v := load buf[i];
  lock m; v := load buf[1]; unlock m;
}
  lock n; v := load x; unlock n;
wait 2;
