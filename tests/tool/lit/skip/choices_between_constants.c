// A value whose comparison picks one of two different constants (a label `? 1.0f : 0.0f`, a sign,
// an indicator set by an if, a flush to zero) jumps where the comparison turns: rounded, points
// near the threshold get the other label (732 of 1000 positives for 733 in fp16). Its operations
// stay as written, as an if's condition that writes a count does. A choice that keeps a compared
// value (a maximum, a ReLU, a clamp to the threshold itself) is continuous there, and data.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/fp16.yaml --out-dir out --report report.json input.c --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -fsyntax-only -I %runtime-include out/input.c
#include <math.h>
void label(const float *x, const float *y, float *lab, int n) {
  for (int i = 0; i < n; i++)
    lab[i] = (x[i] + 0.5f * y[i] > 1.27f) ? 1.0f : 0.0f;
  // REPORT: input.c:[[@LINE-1]]:20: {"action":"skipped",{{.*}}"reason":"steers control flow: its value reaches the condition of a choice between constants"
}
void sign(const float *x, float w, float *out, int n) {
  for (int i = 0; i < n; i++) {
    float s = x[i] * w;
    // REPORT: input.c:[[@LINE-1]]:20: {"action":"skipped",{{.*}}"reason":"steers control flow: 's' is read by {{.*}}"
    float g;
    if (s > 0.0f)
      g = 1.0f;
    else
      g = -1.0f;
    out[i] = g;
  }
}
void flush(const float *x, float w, float *out, int n) {
  for (int i = 0; i < n; i++) {
    float u = x[i] * w;
    // REPORT: input.c:[[@LINE-1]]:20: {"action":"skipped",{{.*}}"reason":"steers control flow: 'u' is read by {{.*}}"
    if (fabsf(u) < 1e-6f)
      u = 0.0f;
    out[i] = u;
  }
}
void continuous(const float *x, const float *c, float w, float *out, int n) {
  for (int i = 0; i < n; i++) {
    float v = x[i] * w;
    // REPORT: input.c:[[@LINE-1]]:20: {"action":"cast",{{.*}}"op":"mul"
    if (v > 1.0f)
      v = 1.0f;
    float r = x[i] * c[i];
    // REPORT: input.c:[[@LINE-1]]:20: {"action":"cast",{{.*}}"op":"mul"
    out[i] = v + (r > 0.0f ? r : 0.0f);
    // REPORT: input.c:[[@LINE-1]]:16: {"action":"cast",{{.*}}"op":"add"
    out[i] += x[i] * w > c[i] ? x[i] * w : c[i];
    // REPORT: input.c:[[@LINE-1]]:20: {"action":"cast",{{.*}}"op":"mul"
  }
}
