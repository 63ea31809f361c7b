// A value whose comparison picks one of two different constants (a label `? 1.0f : 0.0f`, a sign
// set by an if and its else) jumps where the comparison turns: rounded, points near the threshold
// get the other label (732 of 1000 positives for 733 in fp16). Its operations stay as written, as
// an if's condition that writes a count does. A choice that keeps a compared value or can meet the
// other branch where the condition turns is data: a maximum, a ReLU, a clamp, a clip by norm, a
// Huber gradient, ReLU6 as an else-if chain, a flush of tiny values to zero; so is a test of a
// sign (a ReLU's mask), which rounding keeps.
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
    if (s > 0.5f)
      g = 1.0f;
    else
      g = -1.0f;
    out[i] = g + (x[i] * w > 0.0f ? 1.0f : 0.0f);
    // REPORT: input.c:[[@LINE-1]]:24: {"action":"cast",{{.*}}"op":"mul"
  }
}
void flush(const float *x, float w, float *out, int n) {
  for (int i = 0; i < n; i++) {
    float u = x[i] * w;
    // REPORT: input.c:[[@LINE-1]]:20: {"action":"cast",{{.*}}"op":"mul"
    if (fabsf(u) < 1e-6f)
      u = 0.0f;
    out[i] = u;
  }
}
float clip(float *g, int n, float maxn) {
  float ss = 0.0f;
  for (int i = 0; i < n; i++)
    ss += g[i] * g[i];
  float nrm = sqrtf(ss);
  // REPORT: input.c:[[@LINE-1]]:15: {"action":"keep",{{.*}}"op":"sqrtf"
  float scale;
  if (nrm > maxn)
    scale = maxn / nrm;
  else
    scale = 1.0f;
  return scale;
}
void huber_relu6(const float *x, const float *y, float *d, float *a, int n) {
  for (int i = 0; i < n; i++) {
    float r = x[i] - y[i];
    // REPORT: input.c:[[@LINE-1]]:20: {"action":"cast",{{.*}}"op":"sub"
    if (r > 1.0f)
      d[i] = 1.0f;
    else if (r < -1.0f)
      d[i] = -1.0f;
    else
      d[i] = r;
    float v = x[i] * 2.0f;
    // REPORT: input.c:[[@LINE-1]]:20: {"action":"cast",{{.*}}"op":"mul"
    if (v > 6.0f)
      v = 6.0f;
    else if (v < 0.0f)
      v = 0.0f;
    a[i] = v;
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
