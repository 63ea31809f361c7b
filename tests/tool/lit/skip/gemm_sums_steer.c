// A loop nest whose sums the loops read back and whose value must stay as written (a count decided
// by it, the phase of a sine) is left as written: the FP8 product would give the branch or the
// phase another value, and the report would call the sum kept while the GEMM computed it. A sum
// only stored is data, and the nest becomes the GEMM.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -fsyntax-only -I %runtime-include out/input.c
#include <math.h>
int count_above(const float *W, const float *x, float *a, int n, int k) {
  int cnt = 0;
  for (int o = 0; o < n; o++) {
    // REPORT: input.c:[[@LINE-1]]:3: {"action":"keep",{{.*}}"op":"matmul",{{.*}}"rule":"gemm-current-scaling (left as written: a sum it computes steers control flow)"
    float z = 0.0f;
    for (int j = 0; j < k; j++)
      z += W[o * k + j] * x[j];
    a[o] = z;
    if (z > 0.5f)
      cnt++;
  }
  return cnt;
}
void phases(const float *W, const float *x, float *y, int n, int k) {
  for (int o = 0; o < n; o++) {
    // REPORT: input.c:[[@LINE-1]]:3: {"action":"keep",{{.*}}"op":"matmul",{{.*}}"rule":"gemm-current-scaling (left as written: a sum it computes keeps a phase exact)"
    float z = 0.0f;
    for (int j = 0; j < k; j++)
      z += W[o * k + j] * x[j];
    y[o] = sinf(z);
  }
}
void stored(const float *W, const float *x, float *y, int n, int k) {
  for (int o = 0; o < n; o++) {
    // REPORT: input.c:[[@LINE-1]]:3: {"action":"scale",{{.*}}"op":"matmul"
    float z = 0.0f;
    for (int j = 0; j < k; j++)
      z += W[o * k + j] * x[j];
    y[o] = tanhf(z);
  }
}
