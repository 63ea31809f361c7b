// A time step that writes the new state into a second buffer and then exchanges the two
// (`float *t = u; u = v; v = t;`) updates the state out of place: `v[i] = u[i] + r * lap` is
// the update `u[i] += r * lap`, kept FP32 by the default rules (in bf16 a heat equation's state
// stopped changing). The stencil feeding it through a local is the update's, as written inline
// (values near 300 cancel in fp16: a diffusion stalled at 300.000 for 300.411). A buffer that takes
// another's value once (a copy, no exchange) writes no update.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -fsyntax-only -I %runtime-include out/input.c
void diffuse(float *u, float *v, int n, int steps, float r) {
  for (int s = 0; s < steps; s++) {
    for (int i = 1; i < n - 1; i++) {
      float lap = u[i - 1] + u[i + 1] - 2.0f * u[i];
      // REPORT: input.c:[[@LINE-1]]:39: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"-"
      v[i] = u[i] + r * lap;
      // REPORT: input.c:[[@LINE-1]]:19: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"+"
    }
    float *t = u;
    u = v;
    v = t;
  }
}
void shifted_copy(float *out, float *in, int n) {
  float *src = in;
  out = src;
  for (int i = 0; i < n; i++)
    out[i] = in[i] + 1.0f;
  // REPORT: input.c:[[@LINE-1]]:20: {"action":"cast","class":"infer",{{.*}}"op":"add"
}
