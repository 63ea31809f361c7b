// Loop programs are their loops of rewritten statements: the program rewritten with its loops run
// by autoscale_loop_f prints the same bits as the same rewrite with one call per operation
// (loop_programs: false), and its sites count the same executions, roundings, overflows,
// underflows and subnormals. Values spread over 40 binades with zeros, so fp16's subnormals and
// underflows and e4m3's scales all occur; several steps, so the delayed scales move; loop lengths
// that are not multiples of the runtime's blocks.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: cp %rules/default.yaml scalar.yaml
// RUN: printf '  - name: no-programs\n    set: {loop_programs: false}\n' >> scalar.yaml
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir program input.c -- -D_GNU_SOURCE -I %S/Inputs
// RUN: %autoscale-rewrite --rules scalar.yaml --out-dir scalar input.c -- -D_GNU_SOURCE -I %S/Inputs
// RUN: %code program/input.c | FileCheck %s --check-prefix=PROGRAM
// RUN: %code scalar/input.c | FileCheck %s --check-prefix=SCALAR
// PROGRAM-COUNT-4: {{autoscale_loop_f}}(
// SCALAR-NOT: {{autoscale_loop_f}}(
// RUN: %cc -O2 -ffp-contract=off -D_GNU_SOURCE -I %S/Inputs -I %runtime-include program/input.c %runtime-link -lm -o program.out
// RUN: %cc -O2 -ffp-contract=off -D_GNU_SOURCE -I %S/Inputs -I %runtime-include scalar/input.c %runtime-link -lm -o scalar.out
// RUN: env AUTOSCALE_REPORT=program.json AUTOSCALE_SUMMARY=0 ./program.out > program.txt
// RUN: env AUTOSCALE_REPORT=scalar.json AUTOSCALE_SUMMARY=0 ./scalar.out > scalar.txt
// RUN: diff -u scalar.txt program.txt
// RUN: %site-counters scalar.json > scalar.counters && %site-counters program.json > program.counters
// RUN: diff -u scalar.counters program.counters
// RUN: FileCheck %s --check-prefix=COUNTED --input-file program.counters
// COUNTED: input.c:{{[0-9]+}}:{{[0-9]+}} mul executions={{[1-9][0-9]*}} output={{[1-9][0-9]*}}/0/{{[1-9][0-9]*}}/{{[1-9][0-9]*}}
#include <math.h>
#include <stdio.h>
#include "fingerprint.h"

enum { N = 301, STEPS = 4 };

void gelu(float *out, const float *inp, int n) {
  for (int i = 0; i < n; i++) {
    float x = inp[i];
    float cube = 0.044715f * x * x * x;
    out[i] = 0.5f * x * (1.0f + tanhf(sqrtf(2.0f / M_PI) * (x + cube)));
  }
}

void normalise(float *out, const float *x, const float *w, const float *b, float mean, float rstd,
               int n) {
  for (int i = 0; i < n; i++) {
    float norm = (x[i] - mean) * rstd;
    out[i] = norm * w[i] + b[i];
  }
}

void strided(float *out, const float *x, int lo, int hi, int stride) {
  float t[N];
  for (int i = lo; i <= hi; ++i) {
    t[i] = x[i * stride] * 0.25f;
    t[i] -= x[i] * x[i];
    out[i] = -t[i];
  }
}

void residual(float *out, const float *a, const float *b, int n) {
  for (int i = 0; i < n; i++)
    out[i] = a[i] + b[i];
}

int main(void) {
  static float x[N], w[N], b[N], g[N], y[N], z[N], r[N];
  for (int i = 0; i < N; i++) {
    double mantissa = 1.0 + (i % 8) / 8.0, sign = i % 3 == 1 ? -1.0 : 1.0;
    x[i] = i % 17 == 5 ? 0.0f : (float)(sign * ldexp(mantissa, 4 - i % 41));
    w[i] = (float)(0.5 + (i % 13) / 16.0);
    b[i] = (float)((i % 7) - 3) / 64.0f;
  }
  for (int step = 0; step < STEPS; step++) {
    gelu(g, x, N - step);
    normalise(y, g, w, b, 0.125f, 3.0f, N);
    strided(z, x, step, N / 3 + step, 2);
    residual(r, y, z, N);
    print("gelu", g, N);
    print("normalised", y, N);
    print("strided", z, N);
    print("residual", r, N);
    for (int i = 0; i < N; i++)
      x[i] = x[i] * 0.75f + r[i] / 1024.0f;
  }
  return 0;
}
