/* Buffers exchanged by the program's own swap, given their addresses (`swap_ptr(&u, &un)`) in the
 * time loop: the new state is the update, kept FP32 by the default rules. A helper that copies
 * one way only (`set_ptr(&out, &in)`) exchanges nothing. */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/input.c
static void swap_ptr(float **a, float **b) {
  float *t = *a;
  *a = *b;
  *b = t;
}
static void set_ptr(float **a, float **b) { *a = *b; }

void heat(float *u, float *un, int n, int steps, float r) {
  for (int s = 0; s < steps; s++) {
    for (int i = 1; i < n - 1; i++)
      un[i] = u[i] + r * (u[i - 1] - 2.0f * u[i] + u[i + 1]);
    // REPORT: input.c:[[@LINE-1]]:20: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"+"
    swap_ptr(&u, &un);
  }
}

void smooth(float *in, float *out, int n, int steps) {
  for (int s = 0; s < steps; s++) {
    for (int i = 1; i < n - 1; i++)
      out[i] = in[i] + 0.25f * (in[i - 1] + in[i + 1]);
    // REPORT: input.c:[[@LINE-1]]:22: {"action":"cast","class":"infer",{{.*}}"op":"add",{{.*}}"spelling":"+"
    set_ptr(&in, &out);
  }
}
