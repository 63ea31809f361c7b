// Attention's causal products, row by row: for each query t, the scores against keys 0..t and the
// weighted sum of values 0..t are rectangles (t2 runs to t + 1), so each row is one GEMM call,
// with the loops kept behind the guard. Pass-through prints the original's bits (the fp32 GEMM
// sums in the loops' order); under default.yaml the same calls run in FP8.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir same input.c --
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir default input.c --
// RUN: %code same/input.c | FileCheck %s
// RUN: %cc -O2 -ffp-contract=off input.c -o orig && ./orig > orig.txt
// RUN: %cc -O2 -ffp-contract=off -I %runtime-include same/input.c %runtime-link -lm -o same.out
// RUN: %cc -O2 -ffp-contract=off -I %runtime-include default/input.c %runtime-link -lm -o default.out
// RUN: env AUTOSCALE_SUMMARY=0 AUTOSCALE_REPORT=same.json ./same.out > same.txt && diff -u orig.txt same.txt
// RUN: %site-counters same.json | FileCheck %s --check-prefix=COUNTED
// RUN: env AUTOSCALE_SUMMARY=0 AUTOSCALE_REPORT=default.json ./default.out > default.txt
// RUN: %site-counters default.json | FileCheck %s --check-prefix=COUNTED
// Both products ran as GEMM calls, once per row: T = 24 queries.
// COUNTED: input.c:[[#@LINE+10]]:{{[0-9]+}} matmul executions=24
// COUNTED: input.c:[[#@LINE+20]]:{{[0-9]+}} matmul executions=24
#include <stdio.h>

enum { T = 24, HS = 16 };

// CHECK-LABEL: static void causal_attention(
static void causal_attention(float *out, float *att, const float *q, const float *k, const float *v) {
  for (int t = 0; t < T; t++) {
    // CHECK: if (!autoscale_matmul_nest_f({{.*}})) for (int t2 = 0; t2 <= t; t2++) {
    for (int t2 = 0; t2 <= t; t2++) {
      float s = 0.0f;
      for (int i = 0; i < HS; i++)
        s += q[t * HS + i] * k[t2 * HS + i];
      att[t * T + t2] = s;
    }
    for (int t2 = 0; t2 <= t; t2++)
      att[t * T + t2] *= 0.25f;
    for (int i = 0; i < HS; i++)
      out[t * HS + i] = 0.0f;
    // CHECK: if (!autoscale_matmul_nest_f({{.*}})) for (int t2 = 0; t2 <= t; t2++) {
    for (int t2 = 0; t2 <= t; t2++) {
      float w = att[t * T + t2];
      for (int i = 0; i < HS; i++)
        out[t * HS + i] += w * v[t2 * HS + i];
    }
  }
}

int main(void) {
  static float q[T * HS], k[T * HS], v[T * HS], att[T * T], out[T * HS];
  unsigned seed = 12345u;
  for (int i = 0; i < T * HS; i++) {
    seed = seed * 1103515245u + 12345u;
    q[i] = (float)((seed >> 8) % 2001) / 1000.0f - 1.0f;
    seed = seed * 1103515245u + 12345u;
    k[i] = (float)((seed >> 8) % 2001) / 1000.0f - 1.0f;
    seed = seed * 1103515245u + 12345u;
    v[i] = (float)((seed >> 8) % 2001) / 1000.0f - 1.0f;
  }
  causal_attention(out, att, q, k, v);
  for (int i = 0; i < T * HS; i++)
    printf("%a\n", out[i]);
  return 0;
}
