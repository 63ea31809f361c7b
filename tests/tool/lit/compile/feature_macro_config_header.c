// A feature-test macro defined in the project's config.h, the unit's first include, must still
// precede every system header, the runtime's included.
// autoscale.h includes no libc header in C (only compiler-provided ones), so the prelude before
// #include "config.h" fixes nothing early.
// RUN: rm -rf %t && split-file %s %t && cd %t
// RUN: %cc -fsyntax-only -std=c99 input.c
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir default input.c -- -std=c99
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include default/input.c
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir passthrough input.c -- -std=c99
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include passthrough/input.c

//--- config.h
#define _GNU_SOURCE 1

//--- input.c
#include "config.h"
#include <math.h>

void polar(float r, float t, float *x, float *y) {
  float s, c;
  sincosf(t * M_PIf, &s, &c);
  *x = r * c;
  *y = r * s;
}
