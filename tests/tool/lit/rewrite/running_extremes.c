// A running maximum or minimum is state: `m[i] = fmaxf(m[i], fabsf(x[i]))` across calls, a row's
// maximum `mx = fmaxf(mx, row[c])` along a loop (in fp16 it saturates at 65504, and softmax's
// exp(x - max) turns inf). The library call that combines the old value with new data is the
// update, kept FP32 by the default rules; its data operand is still rewritten. A call of the old
// value alone (`h[i] = fabsf(h[i])`, a transform in place) is not an update.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -fsyntax-only -I %runtime-include out/input.c
#include <math.h>
void track(const float *x, float *m, int n) {
  for (int i = 0; i < n; i++)
    m[i] = fmaxf(m[i], fabsf(x[i]));
  // REPORT: input.c:[[@LINE-1]]:12: {"action":"keep","callee":"fmaxf","class":"deny",{{.*}}"op":"update",{{.*}}"variable":"m"}
  // REPORT: input.c:[[@LINE-2]]:24: {"action":"cast","callee":"fabsf",{{.*}}
}

float row_min(const float *row, int n) {
  float mn = INFINITY;
  for (int c = 0; c < n; c++)
    mn = fminf(mn, row[c]);
  // REPORT: input.c:[[@LINE-1]]:10: {"action":"keep","callee":"fminf","class":"deny",{{.*}}"op":"update",{{.*}}"variable":"mn"}
  return mn;
}

void activate(float *h, int n) {
  for (int i = 0; i < n; i++)
    h[i] = fabsf(h[i]);
  // REPORT: input.c:[[@LINE-1]]:12: {"action":"cast","callee":"fabsf",{{.*}}"op":"fabsf",{{.*}}
}
