// A helper that computes a state update for its caller (`m = lerp(g, m, beta1)`, llm.c's AdamW)
// holds the update's arithmetic: its operators are updates (kept FP32 by the default rules), as
// they are written inline; fp16 had rounded the second moment to zero. So does a helper only such
// a helper calls (moment calling lerp). A helper called with other values too (an activation
// applied in place and out of place) is plain arithmetic, as is one never called in an update.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -fsyntax-only -I %runtime-include out/input.c
#include <math.h>
static float lerp(float start, float end, float weight);
void adam_moments(float *m, float *v, const float *g, int n) {
  for (int i = 0; i < n; i++) {
    m[i] = lerp(g[i], m[i], 0.9f);
    v[i] = lerp(g[i] * g[i], v[i], 0.999f);
    // REPORT: input.c:[[@LINE-1]]:22: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"*"
  }
}
static float lerp(float start, float end, float weight) {
  return fmaf(weight, end, fmaf(-weight, start, start));
  // REPORT: input.c:[[@LINE-1]]:10: {"action":"keep",{{.*}}"class":"deny",{{.*}}"function":"lerp","op":"fmaf"
  // REPORT: input.c:[[@LINE-2]]:28: {"action":"keep",{{.*}}"class":"deny",{{.*}}"function":"lerp","op":"fmaf"
  // REPORT: input.c:[[@LINE-3]]:33: {"action":"keep","class":"deny",{{.*}}"function":"lerp","op":"update",{{.*}}"spelling":"-"
}
static float moment(float old, float g, float beta) { return lerp(g, old, beta); }
void second_moments(float *v, const float *g, int n) {
  for (int i = 0; i < n; i++)
    v[i] = moment(v[i], g[i], 0.999f);
}
static float act(float x) { return x * 0.5f; }
// REPORT: input.c:[[@LINE-1]]:38: {"action":"cast","class":"infer",{{.*}}"function":"act","op":"mul"
void layer(float *h, float *out, const float *in, int n) {
  for (int i = 0; i < n; i++) {
    h[i] = act(h[i]);
    out[i] = act(in[i]);
  }
}
static float scale(float x, float s) { return x * s; }
// REPORT: input.c:[[@LINE-1]]:49: {"action":"cast","class":"infer",{{.*}}"function":"scale","op":"mul"
void scaled(float *y, const float *x, int n) {
  for (int i = 0; i < n; i++)
    y[i] = scale(x[i], 0.5f);
}
