/* A recurrence through an array: each element computed from the one the iteration before wrote
 * (an IIR filter's `y[i] = a * y[i - 1] + b * x[i]`, a running product, Thomas's back substitution
 * `x[i] = d[i] - c[i] * x[i + 1]` counting down) carries its values from one iteration to the
 * next, state kept FP32 by the default rules as an update (bf16 had put a tridiagonal solve 3.4%
 * off). Reading elements no iteration has written yet is data; a prefix sum is a sum. */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/input.c
void one_pole(float *y, const float *x, float a, float b, int n) {
  for (int i = 1; i < n; i++)
    y[i] = a * y[i - 1] + b * x[i];
  // REPORT: input.c:[[@LINE-1]]:14: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"*"
  // REPORT: input.c:[[@LINE-2]]:25: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"+"
  // REPORT: input.c:[[@LINE-3]]:29: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"*"
}

void thomas_back(int n, const float *c, const float *d, float *x) {
  x[n - 1] = d[n - 1];
  for (int i = n - 2; i >= 0; i--)
    x[i] = d[i] - c[i] * x[i + 1];
  // REPORT: input.c:[[@LINE-1]]:17: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"-"
  // REPORT: input.c:[[@LINE-2]]:24: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"*"
}

void running_product(float *p, const float *x, int n) {
  for (int i = 1; i < n; i++)
    p[i] = p[i - 1] * x[i];
  // REPORT: input.c:[[@LINE-1]]:21: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"*"
}

void prefix_sum(float *s, const float *x, int n) {
  for (int i = 1; i < n; i++)
    s[i] = s[i - 1] + x[i];
  // REPORT: input.c:[[@LINE-1]]:21: {"action":"keep","class":"deny",{{.*}}"op":"accumulate",{{.*}}"spelling":"+"
}

void look_ahead(float *x, int n) {
  for (int i = 0; i + 1 < n; i++)
    x[i] = 0.5f * x[i + 1];
  // REPORT: input.c:[[@LINE-1]]:17: {"action":"cast","class":"infer",{{.*}}"op":"mul",{{.*}}"spelling":"*"
}
