// A file #included inside a function body (a generated table, an unrolled body): a prelude at its
// top would put the runtime header's declarations inside the function.
// XFAIL: *
// Bug: the tool rewrites body.inc and gives it a prelude. Today Clang says: "function definition
// is not allowed here" (in autoscale/format.h, included from body.inc inside smooth()). When the
// unit has operations of its own, its prelude includes autoscale.h first and this goes unseen.
// RUN: rm -rf %t && split-file %s %t && cd %t
// RUN: %cc -fsyntax-only -std=c99 input.c
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir default input.c -- -std=c99
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include default/input.c
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir passthrough input.c -- -std=c99
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include passthrough/input.c

//--- body.inc
  acc = acc * 0.5f + x;

//--- input.c
float smooth(float acc, float x) {
#include "body.inc"
  return acc;
}
