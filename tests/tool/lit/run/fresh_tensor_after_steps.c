// An array a scaled site first reads after its steps began (a final evaluation, a buffer
// allocated late) calibrates alone, as the site did in its first step: its values pass unrounded,
// measured, until a step gives it a scale of its own; the other tensors' scales are no guess for
// it. Here the dot's site has only seen values near 1e-3: at their scale every product of the
// one-shot dot of values near 1 saturated, and the sum was 0.38.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out input.c --
// RUN: %code out/input.c | FileCheck %s
// RUN: %cc -O2 -I %runtime-include out/input.c %runtime-link -lm -o rewritten
// RUN: env AUTOSCALE_SUMMARY=0 ./rewritten | FileCheck %s --check-prefix=OUT
#include <stdio.h>

#define N 8

// CHECK-LABEL: static float dotf(
// CHECK: s = autoscale_dot_f({{.*}}, a, b);
static float dotf(const float *a, const float *b, int n) {
  float s = 0.0f;
  for (int i = 0; i < n; i++)
    s += a[i] * b[i];
  return s;
}

static float small[N], ones[N], big[N];

int main(void) {
  for (int i = 0; i < N; i++) {
    small[i] = 1e-3f * (i + 1);
    ones[i] = 1.0f;
    big[i] = 1.0f + 0.125f * i;
  }
  for (int step = 0; step < 20; step++)
    dotf(small, small, N);
  // OUT: fresh dot 11.5{{$}}
  printf("fresh dot %g\n", dotf(big, ones, N));
  return 0;
}
