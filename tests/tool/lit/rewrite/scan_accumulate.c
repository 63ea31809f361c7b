// A scan, `out[i] = out[i - 1] + x[i]`, sums each element into the one before it: the sum runs
// through the array along the loop (an accumulate, kept FP32 by the default rules: in FP16 a
// prefix sum of ones stops at 2048). An element computed from another array's earlier one is
// arithmetic as any other.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -fsyntax-only -I %runtime-include out/input.c
void cumsum(float *out, const float *x, int n) {
  out[0] = x[0];
  for (int i = 1; i < n; i++)
    out[i] = out[i - 1] + x[i];
  // REPORT: input.c:[[@LINE-1]]:25: {"action":"keep","class":"deny",{{.*}}"op":"accumulate",{{.*}}"spelling":"+"
}
void shifted(float *out, const float *x, int n) {
  for (int i = 1; i < n; i++)
    out[i] = x[i - 1] + x[i];
  // REPORT: input.c:[[@LINE-1]]:23: {"action":"cast","class":"infer",{{.*}}"op":"add",
}
