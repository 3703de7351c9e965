// RUN: emit-c %s
// A declaration that no statement uses is refused at the declaration.
shared x;
barrier phase(2);

store 1 x;
