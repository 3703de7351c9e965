// racelang v1 grammar. Every alternative is labelled so that the frontend's AST builder
// (frontend/parse.cpp, the only code that sees ANTLR) gets one typed context per construct.
// The parse tree never leaves frontend/: the builder turns each item's tree into our own AST
// (frontend/ast.h) and frees it. docs/language.md describes the language; instrumented
// programs add reserved `__` names and `__race(...)` checks (raceCheck below), which the
// checker accepts only in files that `racelang instrument` wrote (or with --allow-reserved).
//
// Precedence (lowest to highest): '||', '&&', '!', comparisons; '+' '-', '*' '/' '%',
// unary '-'. All binary operators are left associative. Conditions and expressions are
// separate categories, as in the language definition: an expression never contains a
// condition, so `(a < b) + 1` is a syntax error.
grammar Racelang;

// The unit of parsing is one item: a declaration, a statement, or the part of a compound
// statement or procedure that opens its block (`while (c) {`, `if (c) {`, `} else {`,
// `spawn 1 {`, `proc f(a) {`), or a block's closing '}'. The adapter (frontend/parse.cpp) calls
// the item rule for what may come next in a small loop that keeps the open blocks on a stack,
// turns each item into our AST at once and frees its parse tree, so that the parser's memory
// does not grow with the length of a block (a thread of 100,000 statements is one block). Read
// with that loop, the language is:
//   program : decl* procDecl* stmt* EOF ;  -- topItem until the first procedure or statement
//   procDecl : procHead stmt* '}' ;
//   compound statement : header stmt* '}' ('else' '{' stmt* '}')? ;  -- 'else' after `if` only
// Procedures are accepted among the statements so that the adapter can say exactly that (one
// error, no recovery noise).
topItem : decl | mainItem ;          // while declarations may still come
mainItem : procHead | stmt | EOF ;   // after the first procedure or statement
blockItem : stmt | '}' ;
// Right after the '}' of an if's then-block, its else branch may open.
mainItemAfterThen : elseHead | mainItem ;
blockItemAfterThen : elseHead | blockItem ;
elseHead : 'else' '{' ;

// `barrier b(3);` and `barrier b[4](3);` carry the number of threads a phase waits for; the
// checker requires it for barriers and refuses it for every other kind.
decl
  : kind=('shared' | 'mutex' | 'volatile' | 'condition' | 'barrier') name=ID
    ('[' size=INT ']')? ('(' count=INT ')')? ';'
  ;

// A procedure: value parameters, its own locals, no recursion (frontend/procedures.h expands
// every call before the later stages, so they never see one). Its body follows as block items.
procHead : 'proc' name=ID '(' params? ')' '{' ;
params : ID (',' ID)* ;
args : expr (',' expr)* ;

// A statement, or a compound statement's header up to its '{' (its body follows as block items).
stmt
  : name=ID ':=' 'load' location ';'                  # LoadStmt
  | name=ID ':=' expr ';'                             # AssignStmt
  | 'store' expr location ';'                         # StoreStmt
  | 'lock' location ';'                               # LockStmt
  | 'unlock' location ';'                             # UnlockStmt
  | 'spawn' thread=INT '{'                            # SpawnStmt
  | 'spawn' thread=INT callee=ID '(' args? ')' ';'    # SpawnCallStmt
  | 'wait' thread=INT ';'                             # WaitStmt
  | 'assert' '(' cond ')' raceCheck? ';'              # AssertStmt
  | 'if' '(' cond ')' '{'                             # IfStmt
  | 'while' '(' cond ')' '{'                          # WhileStmt
  | 'print' '(' expr (',' expr)* ')' ';'              # PrintStmt
  | callee=ID '(' args? ')' ';'                       # CallStmt
  // Synchronisation (docs/language.md, "Volatiles, conditions, barriers").
  | name=ID ':=' 'cas' '(' location ',' expected=expr ',' desired=expr ')' ';'  # CasStmt
  | name=ID ':=' 'fetch_add' '(' location ',' expr ')' ';'                     # FetchAddStmt
  | 'wait' '(' condition=location ',' mutex=location ')' ';'                   # CondWaitStmt
  | kind=('notify' | 'notify_all') '(' location ')' ';'                        # NotifyStmt
  | 'await' location ';'                                                       # AwaitStmt
  | 'assume' '(' cond ')' ';'                                                  # AssumeStmt
  ;

location : name=ID ('[' index=expr ']')? ;

// Only in instrumented programs (names starting with '__' are reserved): marks an assert as a
// race-detection check, and says what to report when it fails: the current access (kind,
// location, source site) and the earlier access it races with (kind, the thread, and the cell
// holding that access's source site). The earlier thread is an expression, evaluated only
// when the check fails: an epoch-based pass learns it from its metadata. `read`/`write` are
// checked by the builder, so they do not become keywords.
raceCheck
  : '__race' '(' kind=ID location ',' site=expr ',' prevKind=ID prevThread=expr ','
    prevSite=location ')'
  ;

expr
  : '-' expr                                          # NegExpr
  | lhs=expr op=('*' | '/' | '%') rhs=expr            # MulExpr
  | lhs=expr op=('+' | '-') rhs=expr                  # AddExpr
  | fn=('max' | 'min') '(' lhs=expr ',' rhs=expr ')'  # CallExpr
  | '(' expr ')'                                      # ParenExpr
  | INT                                               # IntExpr
  | ID                                                # VarExpr
  ;

cond
  : lhs=expr op=('<=' | '<' | '>=' | '>' | '==' | '!=') rhs=expr  # CmpCond
  | '!' cond                                          # NotCond
  | lhs=cond '&&' rhs=cond                            # AndCond
  | lhs=cond '||' rhs=cond                            # OrCond
  | '(' cond ')'                                      # ParenCond
  ;

ID : [a-zA-Z_] [a-zA-Z_0-9]* ;
INT : [0-9]+ ;
LINE_COMMENT : '//' ~[\r\n]* -> channel(HIDDEN) ;
BLOCK_COMMENT : '/*' .*? '*/' -> channel(HIDDEN) ;
// A '/*' with no closing '*/' before the end of the file. Matched (instead of letting the
// lexer split it into '/' and '*' tokens) so the frontend can say exactly that.
UNTERMINATED_COMMENT : '/*' ( ~'*' | '*'+ ~[*/] )* '*'* EOF ;
WS : [ \t\r\n]+ -> skip ;
// Anything else is one bad character; the frontend reports it as such.
BAD_CHAR : . ;
