// `s = fmaf(x[i], y[i], s)` is a dot product written with the C library's fused multiply-add:
// the call adds x[i] * y[i] into s, an accumulate (kept FP32 by the default rules), as
// `s += x[i] * y[i]` is. An fma into an element the loop moves along (y[i] = fmaf(a, x[i], y[i]))
// is no sum: it updates y in place, as `y[i] += a * x[i]` does.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -fsyntax-only -I %runtime-include out/input.c
#include <math.h>
float dot(const float *x, const float *y, int n) {
  float s = 0.0f;
  for (int i = 0; i < n; i++)
    s = fmaf(x[i], y[i], s);
  // REPORT: input.c:[[@LINE-1]]:9: {"action":"keep",{{.*}}"class":"deny",{{.*}}"op":"accumulate",{{.*}}"spelling":"fmaf"
  return s;
}
void axpy(float *y, const float *x, float a, int n) {
  for (int i = 0; i < n; i++)
    y[i] = fmaf(a, x[i], y[i]);
  // REPORT: input.c:[[@LINE-1]]:12: {"action":{{.*}}"op":"update",{{.*}}"spelling":"fmaf"
}
