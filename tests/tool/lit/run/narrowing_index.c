// An index converted to a narrower integer type wraps (`(unsigned short)(i * n + j + 65536u)` is
// `i * n + j`), which an affine model of the wider value does not: such a nest is no GEMM and such
// a loop no program. Before, the matmul wrote 65536 elements past C (SIGSEGV under every rule
// file). Pass-through keeps the original's bits; the report says why. A narrowed value that the
// loops leave unchanged is still an atom (`(int)n` of a long n), and keeps the product a GEMM.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir out --report report.json input.c --
// RUN: %code out/input.c | FileCheck %s
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -O2 -ffp-contract=off input.c -o orig
// RUN: %cc -O2 -ffp-contract=off -I %runtime-include out/input.c %runtime-link -lm -o rewritten
// RUN: ./orig > orig.txt && ./rewritten > rewritten.txt && diff -u orig.txt rewritten.txt
#include <stdio.h>
#include <stdlib.h>

enum { N = 8 };

static void wrapped(float *c, const float *a, const float *b) {
  for (unsigned i = 0; i < N; i++)
  // REPORT: input.c:[[@LINE-1]]:3: {{.*}}"reason":"not substituted as a GEMM: {{.*}}index '(unsigned short)(i * N + j + 65536u)' converts to a narrower integer type, which wraps"
    for (unsigned j = 0; j < N; j++) {
      float s = 0.0f;
      for (unsigned k = 0; k < N; k++)
        s += a[i * N + k] * b[k * N + j];
      c[(unsigned short)(i * N + j + 65536u)] = s;
    }
}

// CHECK: static void narrowed_invariant(
// CHECK-NEXT: if (!autoscale_matmul_nest_f(
static void narrowed_invariant(float *c, const float *a, const float *b, long n) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      float s = 0.0f;
      for (int k = 0; k < N; k++)
        s += a[i * (int)n + k] * b[k * N + j];
      c[i * N + j] = s;
    }
}

static void affine_program(float *y, const float *x, int n) {
  for (int i = 0; i < n; i++)
    y[(unsigned char)(i + 250)] = x[i] * 2.0f + 1.0f;
    // REPORT: input.c:[[@LINE-1]]:{{[0-9]+}}: {{.*}}"program":"one call per operation: {{.*}}index '(unsigned char)(i + 250)' converts to a narrower integer type, which wraps"
}

int main(void) {
  float *a = malloc(sizeof(float) * N * N), *b = malloc(sizeof(float) * N * N);
  float *c = calloc(N * N, sizeof(float)), y[256] = {0}, x[64];
  for (int i = 0; i < N * N; i++) {
    a[i] = (float)(i % 7) * 0.25f;
    b[i] = (float)(i % 5) * 0.5f;
  }
  for (int i = 0; i < 64; i++)
    x[i] = (float)i * 0.5f;
  wrapped(c, a, b);
  for (int i = 0; i < N * N; i++)
    printf("wrapped[%d] = %a\n", i, c[i]);
  narrowed_invariant(c, a, b, N);
  for (int i = 0; i < N * N; i++)
    printf("invariant[%d] = %a\n", i, c[i]);
  affine_program(y, x, 64);
  for (int i = 0; i < 256; i++)
    printf("y[%d] = %a\n", i, y[i]);
  return 0;
}
