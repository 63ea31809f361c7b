// Two products in one loop body (attention's backward pass through the weighted sum of values):
// the scores' gradient datt[t2] sums over i (a GEMM per row t), the values' gradient dv[t2][i]
// sums nothing (a rank-1 update). The first splits away, its call after the loops; the second's
// rows are `ld` apart, a parameter, so its call guards the loops left and checks that its rows do
// not overlap. Pass-through prints the original's bits; with ld = HS / 2 the rows overlap, the
// guard refuses, and the loops run as written.
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
// RUN: %site-counters default.json | FileCheck %s --check-prefix=DEFAULT
// Each call runs once per row t, in both runs: 2 x 20. The guarded one computes 20 rows with
// ld = HS and one with ld = HS / 2 (row t = 0, a single row, overlaps nothing); its loops run the
// other 19.
// COUNTED: input.c:[[#@LINE+17]]:5 matmul executions=21
// COUNTED-NEXT: input.c:[[#@LINE+16]]:5 matmul executions=40
// default.yaml keeps the rank-1 update as written (op outer_product, class deny); the other
// product runs scaled in e4m3.
// DEFAULT: input.c:[[#@LINE+13]]:5 matmul executions=40
// DEFAULT-NEXT: input.c:[[#@LINE+19]]:31 mul executions=6720
#include <stdio.h>

enum { T = 20, HS = 16 };

static void backward(float *dv, float *datt, const float *v, const float *att, const float *dout,
                     int ld) {
  for (int t = 0; t < T; t++) {
    float *datt_t = datt + t * T;
    const float *att_t = att + t * T;
    const float *dout_t = dout + t * HS;
    // CHECK: if (!autoscale_matmul_nest_f({{.*}})) for (int t2 = 0; t2 <= t; t2++) {
    for (int t2 = 0; t2 <= t; t2++) {
      // CHECK-NOT: const float *v_t2
      // CHECK: float *dv_t2 = dv + t2 * ld;
      const float *v_t2 = v + t2 * HS;
      float *dv_t2 = dv + t2 * ld;
      for (int i = 0; i < HS; i++) {
        datt_t[t2] += v_t2[i] * dout_t[i];
        dv_t2[i] += att_t[t2] * dout_t[i];
      }
      // CHECK-NOT: datt_t[t2] +=
      // CHECK: dv_t2[i] += att_t[t2] * dout_t[i];
    }
    // CHECK: } autoscale_matmul_f({{.*}}, v, 16, 1, dout_t, 1, 0, datt_t, 1, 0, datt_t, 1, 0);
  }
}

static float value(unsigned *seed) {
  *seed = *seed * 1103515245u + 12345u;
  return (float)((*seed >> 8) % 2001) / 1000.0f - 1.0f;
}

int main(void) {
  static float v[T * HS], att[T * T], dout[T * HS], datt[T * T], dv[T * HS];
  unsigned seed = 2024u;
  for (int i = 0; i < T * HS; i++) {
    v[i] = value(&seed);
    dout[i] = value(&seed);
  }
  for (int i = 0; i < T * T; i++)
    att[i] = value(&seed);
  for (int ld = HS; ld >= HS / 2; ld -= HS / 2) {
    for (int i = 0; i < T * T; i++)
      datt[i] = 0.0f;
    for (int i = 0; i < T * HS; i++)
      dv[i] = 0.0f;
    backward(dv, datt, v, att, dout, ld);
    for (int i = 0; i < T * T; i++)
      printf("%a\n", datt[i]);
    for (int i = 0; i < T * HS; i++)
      printf("%a\n", dv[i]);
  }
  return 0;
}
