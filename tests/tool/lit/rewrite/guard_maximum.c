/* A maximum with a small constant or a setting keeps a divisor away from zero as an add does
 * (`127.0f / fmaxf(amax, 1e-12f)`, an int8 quantiser's scale): op `guard`, kept FP32 by the
 * default rules (cast to fp16, 1e-12 is 0, and an all-zero tensor's scale was inf). A maximum of
 * two computed values is data. */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/input.c
#include <math.h>

float int8_scale(const float *x, int n) {
  float amax = 0.0f;
  for (int i = 0; i < n; i++)
    amax = fmaxf(amax, fabsf(x[i]));
  return 127.0f / fmaxf(amax, 1e-12f);
  // REPORT: input.c:[[@LINE-1]]:19: {"action":"keep","callee":"fmaxf","class":"deny",{{.*}}"op":"guard"
}

float rms_floor(const float *x, int n, float eps) {
  float s = 0.0f;
  for (int i = 0; i < n; i++)
    s += x[i] * x[i];
  return 1.0f / sqrtf(fmaxf(s / (float)n, eps));
  // REPORT: input.c:[[@LINE-1]]:23: {"action":"keep","callee":"fmaxf","class":"deny",{{.*}}"op":"guard"
}

float larger_ratio(float a, float b, float c) {
  return c / fmaxf(a * b, a + b);
  // REPORT: input.c:[[@LINE-1]]:14: {"action":"cast","callee":"fmaxf",{{.*}}"op":"fmaxf"
}
