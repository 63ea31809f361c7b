// A sum or a fixed factor that may lie inside the arrays a loop reads or writes: the loop as written
// reads it every iteration, part-summed or just stored. The dot and axpy kernels read it once, so
// such loops are loop programs, whose runtime sees the overlap and runs them in order; a restrict
// pointer, or a local sum, keeps the kernel. Pass-through prints the original's bits with the
// sum inside a factor and the factor inside the sum's array (before: the dot's sum lost the
// partial sums, the axpy scaled by the old factor); the default rules print the same bits with
// the loop kernels on and off.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: cp %rules/default.yaml scalar.yaml
// RUN: printf '  - name: scalar-loops\n    match: {op: dot_mul}\n    set: {vector_loops: false, loop_programs: false}\n' >> scalar.yaml
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir same input.c --
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir vector input.c --
// RUN: %autoscale-rewrite --rules scalar.yaml --out-dir scalar input.c --
// RUN: %code vector/input.c | FileCheck %s
// RUN: %cc -O2 -ffp-contract=off input.c -o orig && ./orig > orig.txt
// RUN: %cc -O2 -ffp-contract=off -I %runtime-include same/input.c %runtime-link -lm -o same.out
// RUN: %cc -O2 -ffp-contract=off -I %runtime-include vector/input.c %runtime-link -lm -o vector.out
// RUN: %cc -O2 -ffp-contract=off -I %runtime-include scalar/input.c %runtime-link -lm -o scalar.out
// RUN: env AUTOSCALE_SUMMARY=0 ./same.out > same.txt && diff -u orig.txt same.txt
// RUN: env AUTOSCALE_SUMMARY=0 ./vector.out > vector.txt
// RUN: env AUTOSCALE_SUMMARY=0 ./scalar.out > scalar.txt && diff -u scalar.txt vector.txt
#include <stdio.h>

enum { N = 96 };

// CHECK-LABEL: static void dot_into(
// CHECK: autoscale_loop_f(
static void dot_into(float *acc, const float *x, const float *y, int n) {
  for (int i = 0; i < n; i++)
    acc[0] += x[i] * y[i];
}

// CHECK-LABEL: static void dot_restrict(
// CHECK: autoscale_dot_f(
static void dot_restrict(float *restrict acc, const float *x, const float *y, int n) {
  for (int i = 0; i < n; i++)
    acc[0] += x[i] * y[i];
}

// CHECK-LABEL: static void axpy_alpha(
// CHECK: autoscale_loop_f(
static void axpy_alpha(float *out, const float *x, int n, int k) {
  float y[N];
  for (int i = 0; i < n; i++)
    y[i] = out[i];
  const float *alpha = &y[k];
  for (int i = 0; i < n; i++)
    y[i] += alpha[0] * x[i];
  for (int i = 0; i < n; i++)
    out[i] = y[i];
}

int main(void) {
  float x[N], y[N], z[N];
  for (int i = 0; i < N; i++) {
    x[i] = 0.25f + (float)(i % 7) * 0.125f;
    y[i] = 1.0f - (float)(i % 5) * 0.0625f;
    z[i] = y[i];
  }
  dot_into(&y[40], x, y, N); // the sum is y[40]: from i = 41 on, y[40] is read part-summed
  axpy_alpha(z, x, N, 50); // the factor is y[50]: from i = 51 on, it is the new value
  float w[N], s = 0.5f;
  for (int i = 0; i < N; i++)
    w[i] = y[i];
  dot_restrict(&s, x, w, N);
  for (int i = 0; i < N; i++)
    printf("%d %a %a\n", i, y[i], z[i]);
  printf("%a\n", s);
  return 0;
}
