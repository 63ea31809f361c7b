/* An in-place sweep reading its neighbours (Gauss-Seidel's `u[i] = 0.5f * (u[i - 1] + u[i + 1] +
 * h2 * f[i])`), repeated: the values it reads are carried from sweep to sweep as an update's, kept
 * FP32 by the default rules (bf16 left u(0.5) at 0.031 for 0.125). Out of place, into another
 * buffer, it is data. */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/input.c
void gauss_seidel(float *u, const float *f, float h2, int n, int sweeps) {
  for (int s = 0; s < sweeps; s++)
    for (int i = 1; i < n - 1; i++)
      u[i] = 0.5f * (u[i - 1] + u[i + 1] + h2 * f[i]);
  // REPORT: input.c:[[@LINE-1]]:19: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"*"
}

float grid_sweeps(const float *f, int sweeps) {
  float u[66] = {0};
  for (int s = 0; s < sweeps; s++)
    for (int i = 1; i < 65; i++)
      u[i] = 0.5f * (u[i - 1] + u[i + 1] + f[i]);
  // REPORT: input.c:[[@LINE-1]]:19: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"*"
  return u[32];
}

void smooth(float *out, const float *in, int n) {
  for (int i = 1; i < n - 1; i++)
    out[i] = 0.5f * (in[i - 1] + in[i + 1]);
  // REPORT: input.c:[[@LINE-1]]:19: {"action":"cast","class":"infer",{{.*}}"op":"mul",{{.*}}"spelling":"*"
}

/* A pass made once over elements it has not yet overwritten is no sweep carried anywhere. */
void shift_average(float *x, int n) {
  for (int i = 0; i + 2 < n; i++)
    x[i] = 0.5f * (x[i + 1] + x[i + 2]);
  // REPORT: input.c:[[@LINE-1]]:17: {"action":"cast","class":"infer",{{.*}}"op":"mul",{{.*}}"spelling":"*"
}
