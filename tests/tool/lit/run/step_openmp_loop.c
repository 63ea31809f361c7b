// A loop under an OpenMP directive ends no step: OpenMP's canonical loop form takes no other
// expression in its header, and its iterations run side by side. The tool parses without
// -fopenmp (the directive is then only a #pragma line) and with it; either way the steps end in
// the sweep loop around the parallel one, and the output builds with -fopenmp and prints the
// original's bits under pass-through. Before, the parallel loop's header got `autoscale_step(),`
// and the safety net kept the whole file as written.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir plain input.c --
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir omp input.c -- -fopenmp
// RUN: %code plain/input.c | FileCheck %s
// RUN: %code omp/input.c | FileCheck %s
// RUN: %host-cc -O2 -ffp-contract=off -fopenmp input.c -o orig
// RUN: %host-cc -O2 -ffp-contract=off -fopenmp -I %runtime-include plain/input.c %runtime-link -lm -o plain.out
// RUN: %host-cc -O2 -ffp-contract=off -fopenmp -I %runtime-include omp/input.c %runtime-link -lm -o omp.out
// RUN: ./orig > orig.txt && ./plain.out > plain.txt && ./omp.out > omp.txt
// RUN: diff -u orig.txt plain.txt && diff -u orig.txt omp.txt
#include <stdio.h>

static void relax(float *x, const float *y, int n) {
  #pragma omp parallel for
  // CHECK: #pragma omp parallel for
  // CHECK-NEXT: for (int i = 0; i < n; i++){{$}}
  for (int i = 0; i < n; i++)
    x[i] = x[i] * 0.5f + y[i] * 0.25f;
}

int main(void) {
  static float x[1000], y[1000];
  for (int i = 0; i < 1000; i++) {
    x[i] = (float)i;
    y[i] = (float)(1000 - i);
  }
  for (int sweep = 0; sweep < 50; sweep++)
  // CHECK: for (int sweep = 0; sweep < 50; autoscale_step(), sweep++)
    relax(x, y, 1000);
  double s = 0;
  for (int i = 0; i < 1000; i++)
    s += x[i];
  printf("%a\n", s);
  return 0;
}
