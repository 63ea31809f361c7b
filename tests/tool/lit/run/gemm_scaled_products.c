// Products scaled before they are summed, the factor fixed in the loops: `c += x * y * s` and
// `c += s * (x * y)` become GEMM calls that take s and scale each product as the loops do (rounded
// after the product and after the factor), so pass-through prints the original's bits (0.3 is no
// power of two: a product scaled and an operand scaled round differently). Attention's backward
// pass through its scaled scores has two such products in one loop body: the query's gradient (a
// GEMM per row t, split away) and the keys' (a rank-1 update guarding the loops left).
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir same input.c --
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir default input.c --
// RUN: %code same/input.c | FileCheck %s
// RUN: %cc -O2 -ffp-contract=off input.c -o orig && ./orig > orig.txt
// RUN: %cc -O2 -ffp-contract=off -I %runtime-include same/input.c %runtime-link -lm -o same.out
// RUN: %cc -O2 -ffp-contract=off -I %runtime-include default/input.c %runtime-link -lm -o default.out
// RUN: env AUTOSCALE_SUMMARY=0 AUTOSCALE_REPORT=same.json ./same.out > same.txt && diff -u orig.txt same.txt
// RUN: %site-counters same.json | FileCheck %s --check-prefix=COUNTED
// RUN: env AUTOSCALE_SUMMARY=0 ./default.out > default.txt
// Each of the three products is one call: the two of the causal rows once per row t.
// COUNTED: input.c:[[#@LINE+14]]:5 matmul executions=12
// COUNTED-NEXT: input.c:[[#@LINE+13]]:5 matmul executions=12
// COUNTED-NEXT: input.c:[[#@LINE+26]]:3 matmul executions=1
#include <stdio.h>

enum { T = 12, HS = 16, M = 9, N = 20, K = 33 };

static void scores_backward(float *dq, float *dk, const float *q, const float *k, const float *dscores,
                            float scale, int ld) {
  for (int t = 0; t < T; t++) {
    float *dq_t = dq + t * ld;
    const float *q_t = q + t * HS;
    const float *ds_t = dscores + t * T;
    // CHECK: if (!autoscale_matmul_nest_factors_f({{.*}}, 1, ds_t, 1, 0, 1, q_t, 0, 1, scale, dk, ld, 1, dk, ld, 1)) for (int t2 = 0; t2 <= t; t2++) {
    for (int t2 = 0; t2 <= t; t2++) {
      const float *k_t2 = k + t2 * HS;
      float *dk_t2 = dk + t2 * ld;
      for (int i = 0; i < HS; i++) {
        dq_t[i] += k_t2[i] * ds_t[t2] * scale;
        dk_t2[i] += q_t[i] * ds_t[t2] * scale;
      }
    }
    // CHECK: } autoscale_matmul_factors_f({{.*}}, 1, k, 1, 16, 1, ds_t, 1, 0, scale, dq_t, 1, 0, dq_t, 1, 0);
  }
}

static void scaled_product(float c[M][N], float a[M][K], float b[K][N], float s) {
  // CHECK: if (!autoscale_matmul_nest_factors_f({{.*}}, 9, 20, 33, 1, &a[0][0], 33, 1, 1, &b[0][0], 20, 1, s, {{.*}})) for (int i = 0; i < M; i++)
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      for (int p = 0; p < K; p++)
        c[i][j] += s * (a[i][p] * b[p][j]);
}

static float value(unsigned *seed) {
  *seed = *seed * 1103515245u + 12345u;
  return (float)((*seed >> 8) % 2001) / 1000.0f - 1.0f;
}

int main(void) {
  static float q[T * HS], k[T * HS], ds[T * T], dq[T * HS], dk[T * HS];
  static float a[M][K], b[K][N], c[M][N];
  unsigned seed = 77u;
  for (int i = 0; i < T * HS; i++) {
    q[i] = value(&seed);
    k[i] = value(&seed);
    dq[i] = value(&seed);
    dk[i] = value(&seed);
  }
  for (int i = 0; i < T * T; i++)
    ds[i] = value(&seed);
  scores_backward(dq, dk, q, k, ds, 0.3f, HS);
  for (int i = 0; i < T * HS; i++)
    printf("%a %a\n", dq[i], dk[i]);
  for (int i = 0; i < M; i++)
    for (int p = 0; p < K; p++)
      a[i][p] = value(&seed);
  for (int p = 0; p < K; p++)
    for (int j = 0; j < N; j++)
      b[p][j] = value(&seed);
  scaled_product(c, a, b, 0.3f);
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      printf("%a\n", c[i][j]);
  return 0;
}
