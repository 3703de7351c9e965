// RUN: run --seed=1 %s
// Two operations would fail; the interpreter reports the first in evaluation order (left
// operand before right, inner before outer), and so must C.
x := 0;
y := 0;
print(5);
print(1 + (7 % y) * (3 / x), 2);
