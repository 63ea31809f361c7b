// An element of a local array that the inner loop writes once per iteration is state when a loop
// further out writes it again without refilling it: positions advanced every step, a gradient
// summed over the samples (an update, kept FP32 by the default rules). Scratch that the outer
// loop refills first, by an assignment along an index or a call given the array, is not; a
// boundary (`x[0] = 1.0f`) or a value read (`printf("%f", x[1])`) refills nothing.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -fsyntax-only -I %runtime-include out/input.c
#include <stdio.h>
float g[4];
void gradient(int s);
void fill(float *h, int s);

float run(const float *v, int steps) {
  float x[4] = {1.0f, 2.0f, 3.0f, 4.0f}, acc[4] = {0}, h[4], q[4];
  for (int it = 0; it < steps; it++) {
    for (int j = 0; j < 4; j++)
      x[j] = x[j] + v[j];
    // REPORT: input.c:[[@LINE-1]]:19: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"variable":"x"}
    x[0] = 1.0f;
    printf("%f\n", x[1]);
  }
  for (int s = 0; s < steps; s++) {
    gradient(s);
    for (int k = 0; k < 4; k++)
      acc[k] += g[k];
    // REPORT: input.c:[[@LINE-1]]:14: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"variable":"acc"}
  }
  for (int s = 0; s < steps; s++) {
    fill(h, s);
    for (int k = 0; k < 4; k++)
      h[k] += g[k];
    // REPORT: input.c:[[@LINE-1]]:12: {"action":"cast",{{.*}}"op":"add",{{.*}}"variable":"h"}
  }
  for (int s = 0; s < steps; s++) {
    for (int k = 0; k < 4; k++)
      q[k] = g[k] * v[k];
    // REPORT: input.c:[[@LINE-1]]:19: {"action":"cast",{{.*}}"op":"mul",{{.*}}"variable":"q"}
    for (int k = 0; k < 4; k++)
      q[k] *= g[k];
    // REPORT: input.c:[[@LINE-1]]:12: {"action":"cast",{{.*}}"op":"mul",{{.*}}"variable":"q"}
  }
  return x[0] + acc[0] + h[0] + q[0];
}
