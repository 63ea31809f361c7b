// Products subtracted from the sum (`acc -= a * b`, `acc = acc - a * b`, with a factor too): a
// GEMM whose product factor is negated, -1 alone or -(s). The loops subtract p where the call
// adds -p, the same bits; so under the pass-through rules the program prints the original's. A
// residual r = b - A x is a GEMM with b as D; C -= A B in place reads C as D.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir out --report report.json input.c --
// RUN: %code out/input.c | FileCheck %s
// RUN: %cc -O2 -ffp-contract=off input.c -o orig && ./orig > orig.txt
// RUN: %cc -O2 -ffp-contract=off -I %runtime-include out/input.c %runtime-link -lm -o rewritten
// RUN: env AUTOSCALE_SUMMARY=0 ./rewritten > rewritten.txt && diff -u orig.txt rewritten.txt
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir scaled --report scaled.json input.c --
// RUN: %cc -O2 -I %runtime-include scaled/input.c %runtime-link -lm -o scaled-run
// RUN: env AUTOSCALE_SUMMARY=0 ./scaled-run > scaled.txt
#include <stdio.h>

enum { M = 24, N = 20, K = 36 };

// CHECK-LABEL: void residual(
// CHECK: autoscale_matmul_nest_factors_f({{.*}}, 1, A, 36, 1, 1, x, 1, 0, -1, b, 1, 0, r, 1, 0)
void residual(const float *A, const float *x, const float *b, float *r) {
  for (int i = 0; i < M; i++) {
    float acc = b[i];
    for (int k = 0; k < K; k++)
      acc -= A[i * K + k] * x[k];
    r[i] = acc;
  }
}

// CHECK-LABEL: void subtract_product(
// CHECK: autoscale_matmul_nest_factors_f({{.*}}, B, 20, 1, -1, C, 20, 1, C, 20, 1)
void subtract_product(const float *A, const float *B, float *C) {
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float acc = C[i * N + j];
      for (int k = 0; k < K; k++)
        acc = acc - A[i * K + k] * B[k * N + j];
      C[i * N + j] = acc;
    }
}

// CHECK-LABEL: void subtract_scaled(
// CHECK: autoscale_matmul_nest_factors_f({{.*}}, B, 20, 1, -(s), C, 20, 1, C, 20, 1)
void subtract_scaled(const float *A, const float *B, float *C, float s) {
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float acc = C[i * N + j];
      for (int k = 0; k < K; k++)
        acc -= A[i * K + k] * B[k * N + j] * s;
      C[i * N + j] = acc;
    }
}

int main(void) {
  static float A[M * K], B[K * N], C[M * N], x[K], b[M], r[M];
  unsigned seed = 12345u;
  for (int i = 0; i < M * K; i++) A[i] = (float)((seed = seed * 1103515245u + 12345u) >> 8) / 16777216.0f - 0.5f;
  for (int i = 0; i < K * N; i++) B[i] = (float)((seed = seed * 1103515245u + 12345u) >> 8) / 16777216.0f - 0.5f;
  for (int i = 0; i < M * N; i++) C[i] = (float)((seed = seed * 1103515245u + 12345u) >> 8) / 16777216.0f;
  for (int i = 0; i < K; i++) x[i] = (float)i / K - 0.25f;
  for (int i = 0; i < M; i++) b[i] = (float)i * 0.125f;
  for (int step = 0; step < 3; step++) {
    residual(A, x, b, r);
    subtract_product(A, B, C);
    subtract_scaled(A, B, C, 0.75f);
  }
  double sr = 0, sc = 0;
  for (int i = 0; i < M; i++) sr += r[i];
  for (int i = 0; i < M * N; i++) sc += C[i];
  printf("%a %a %a %a\n", r[0], r[M - 1], C[0], C[M * N - 1]);
  printf("%.9g %.9g\n", sr, sc);
  return 0;
}
