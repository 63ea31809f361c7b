// A sweep that writes its new state into a second buffer and copies it back (`u[i] = un[i]` in a
// loop, or memcpy) updates the state out of place, as an exchange of the two does: Jacobi's
// `un[i] = 0.5f * (u[i - 1] + u[i + 1] + h2)` reads the state beside the element it writes
// (updates, kept FP32 by the default rules; rounded to bf16 the sweep stopped at d == 0 with the
// answer 30% off), also where a local holds it on the way (`float v = u[i] + r * lap; un[i] = v;`).
// A copy made once, before any loop or in its own loop alone, exchanges nothing.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -fsyntax-only -I %runtime-include out/input.c
#include <string.h>
#define N 33
void jacobi(float *out, float h2, int sweeps) {
  float u[N] = {0}, un[N] = {0};
  for (int it = 0; it < sweeps; it++) {
    for (int i = 1; i < N - 1; i++)
      un[i] = 0.5f * (u[i - 1] + u[i + 1] + h2);
    // REPORT: input.c:[[@LINE-1]]:20: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"variable":"un"}
    // REPORT: input.c:[[@LINE-2]]:32: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"variable":"un"}
    for (int i = 1; i < N - 1; i++)
      u[i] = un[i];
  }
  memcpy(out, u, sizeof u);
}

void smooth(float *u, float *v, int n, int sweeps) {
  for (int it = 0; it < sweeps; it++) {
    for (int i = 1; i < n - 1; i++)
      v[i] = 0.25f * u[i - 1] + 0.5f * u[i] + 0.25f * u[i + 1];
    // REPORT: input.c:[[@LINE-1]]:20: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"variable":"v"}
    memcpy(u + 1, v + 1, (n - 2) * sizeof(float));
  }
}

void relax(float *out, float r, int sweeps) {
  float u[N] = {0}, un[N] = {0};
  for (int it = 0; it < sweeps; it++) {
    for (int i = 1; i < N - 1; i++) {
      float lap = u[i - 1] - 2.0f * u[i] + u[i + 1];
      float v = u[i] + r * lap;
      // REPORT: input.c:[[@LINE-1]]:22: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}
      un[i] = v;
    }
    memcpy(u, un, sizeof u);
  }
  memcpy(out, u, sizeof u);
}

void scale_copy(float *y, float *x, const float *w, int n) {
  memcpy(y, x, n * sizeof(float));
  for (int i = 0; i < n; i++)
    x[i] = y[i] * w[i];
  // REPORT: input.c:[[@LINE-1]]:17: {"action":"cast",{{.*}}"op":"mul",{{.*}}"variable":"x"}
}

void scale_copied(float *y, float *x, const float *w, int n) {
  for (int i = 0; i < n; i++)
    y[i] = x[i];
  for (int i = 0; i < n; i++)
    x[i] = y[i] * w[i];
  // REPORT: input.c:[[@LINE-1]]:17: {"action":"cast",{{.*}}"op":"mul",{{.*}}"variable":"x"}
}
