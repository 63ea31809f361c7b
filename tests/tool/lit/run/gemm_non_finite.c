// A substituted GEMM whose operands hold inf or NaN computes what its loops do with them: inf where
// an inf meets finite values, NaN where it meets a zero or a NaN, under every strategy. Before,
// the scaled product saturated them to finite codes (0x1.4f7p+9 where the loops gave inf). The
// finite elements are rounded as the rules say, so the program prints each element's class
// (finite, inf and its sign, NaN), the same as the original's.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: cp %rules/default.yaml delayed.yaml
// RUN: printf '  - name: delayed-gemm\n    match: {op: matmul}\n    set: {strategy: delayed}\n' >> delayed.yaml
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir current input.c --
// RUN: %autoscale-rewrite --rules delayed.yaml --out-dir delayed input.c --
// RUN: %code current/input.c | FileCheck %s
// RUN: %cc -O2 -ffp-contract=off input.c -lm -o orig && ./orig > orig.txt
// RUN: %cc -O2 -ffp-contract=off -I %runtime-include current/input.c %runtime-link -lm -o current.out
// RUN: %cc -O2 -ffp-contract=off -I %runtime-include delayed/input.c %runtime-link -lm -o delayed.out
// RUN: env AUTOSCALE_SUMMARY=0 ./current.out > current.txt && diff -u orig.txt current.txt
// RUN: env AUTOSCALE_SUMMARY=0 ./delayed.out > delayed.txt && diff -u orig.txt delayed.txt
#include <math.h>
#include <stdio.h>

enum { M = 4, N = 5, K = 6 };

// CHECK: autoscale_matmul_nest_f(
static void product(float *c, const float *a, const float *b) {
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float s = 0.0f;
      for (int p = 0; p < K; p++)
        s += a[i * K + p] * b[p * N + j];
      c[i * N + j] = s;
    }
}

static const char *kind(float v) {
  return isnan(v) ? "nan" : isinf(v) ? (v > 0 ? "+inf" : "-inf") : "finite";
}

int main(void) {
  float a[M * K], b[K * N], c[M * N];
  for (int step = 0; step < 3; step++) {
    for (int i = 0; i < M * K; i++)
      a[i] = (float)(i % 5) * 0.5f - 1.0f;
    for (int i = 0; i < K * N; i++)
      b[i] = (float)(i % 3) + 0.25f;
    b[1 * N + 2] = 0.0f;
    if (step > 0) {
      a[0 * K + 1] = INFINITY;  // row 0 meets column 2's zero at p = 1: NaN there, inf elsewhere
      a[2 * K + 3] = -INFINITY;
      a[3 * K + 0] = NAN;       // row 3: NaN everywhere
    }
    product(c, a, b);
    for (int i = 0; i < M * N; i++)
      printf("step %d c[%d] %s\n", step, i, kind(c[i]));
  }
  return 0;
}
