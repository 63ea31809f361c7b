// A feature-test macro defined under a guard (#ifndef _GNU_SOURCE) must still precede every
// system header, the runtime's included.
// autoscale.h includes no libc header in C (only compiler-provided ones), so wherever the prelude
// lands, the user's feature-test macros still decide what libc declares.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %cc -fsyntax-only -std=c99 input.c
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir default input.c -- -std=c99
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include default/input.c
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir passthrough input.c -- -std=c99
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include passthrough/input.c
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <math.h>

void polar(float r, float t, float *x, float *y) {
  float s, c;
  sincosf(t * M_PIf, &s, &c);
  *x = r * c;
  *y = r * s;
}
