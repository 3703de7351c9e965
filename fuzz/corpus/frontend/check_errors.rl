mutex m;
store 1 m;
v := load q[3];
unlock m;
spawn 2000 { }
wait 9;
__x := 1;
