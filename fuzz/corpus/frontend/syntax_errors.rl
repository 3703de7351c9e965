shared x;
spawn 1 { store 1 x; 
wait 1;
lock ;
// comment
/* block */ v := load x[;
