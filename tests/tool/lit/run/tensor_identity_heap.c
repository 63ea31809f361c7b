// An array's scaling state belongs to the array, not to its address. A dot product's operand is
// first a small-magnitude array, beside a large one; the small one is freed and a large-magnitude
// array allocated in its place (the C library hands the same address back). Before, the new array
// inherited the small one's scale and its first products were clipped (0x1.7f4p+2 against
// 0x1.da9p+13); now it starts afresh, calibrating alone, as it does when the first array is kept
// and the new one lands elsewhere, or when the C library's cache is off: the three runs print the
// same bits, with the dot kernel and with the loop as scalar calls.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: cp %rules/default.yaml scalar.yaml
// RUN: printf '  - name: scalar-loops\n    match: {op: dot_mul}\n    set: {vector_loops: false, loop_programs: false}\n' >> scalar.yaml
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir vector input.c --
// RUN: %autoscale-rewrite --rules scalar.yaml --out-dir scalar input.c --
// RUN: %code vector/input.c | FileCheck %s
// RUN: %cc -O2 -ffp-contract=off -I %runtime-include vector/input.c %runtime-link -lm -o vector.out
// RUN: %cc -O2 -ffp-contract=off -I %runtime-include scalar/input.c %runtime-link -lm -o scalar.out
// RUN: env AUTOSCALE_SUMMARY=0 ./vector.out 2> reused.err > reused.txt
// RUN: FileCheck --check-prefix=REUSED --input-file reused.err %s
// RUN: env AUTOSCALE_SUMMARY=0 ./vector.out keep 2> kept.err > kept.txt
// RUN: FileCheck --check-prefix=KEPT --input-file kept.err %s
// RUN: diff -u reused.txt kept.txt
// RUN: env AUTOSCALE_SUMMARY=0 GLIBC_TUNABLES=glibc.malloc.tcache_count=0 ./vector.out > uncached.txt
// RUN: diff -u reused.txt uncached.txt
// RUN: env AUTOSCALE_SUMMARY=0 ./scalar.out > scalar_reused.txt 2> /dev/null
// RUN: env AUTOSCALE_SUMMARY=0 ./scalar.out keep > scalar_kept.txt 2> /dev/null
// RUN: diff -u scalar_reused.txt scalar_kept.txt
// RUN: FileCheck --check-prefix=VALUES --input-file reused.txt %s
#include <stdio.h>
#include <stdlib.h>

// CHECK: s = autoscale_dot_f(
static float dot(const float *x, const float *y, int n) {
  float s = 0.0f;
  for (int i = 0; i < n; ++i) s += x[i] * y[i];
  return s;
}

// REUSED: same address: 1
// KEPT: same address: 0
// The new array's first products pass unrounded (w's rounded): it calibrates alone, neither
// clipped to the small one's range nor at another array's scale (0x1.da9p+13, the large one's):
// VALUES: large 0x1.c48ap+13
int main(int argc, char **argv) {
  const int keep = argc > 1;  // keep the first array: the new one lands elsewhere
  const int n = 256;
  float *w = malloc(n * sizeof *w);
  float *large = malloc(n * sizeof *large);
  float *small = malloc(n * sizeof *small);
  for (int i = 0; i < n; ++i) w[i] = 1.0f + 0.001f * (float)i;
  for (int i = 0; i < n; ++i) large[i] = 400.0f - (float)i;
  for (int step = 0; step < 40; ++step) {
    for (int i = 0; i < n; ++i) small[i] = 0.001f * (float)((i * 7 + step) % 13);
    printf("small %a large %a\n", dot(small, w, n), dot(large, w, n));
  }
  float *old = small;
  if (!keep) free(small);
  float *next = malloc(n * sizeof *next);
  fprintf(stderr, "same address: %d\n", next == old);
  for (int step = 0; step < 5; ++step) {
    for (int i = 0; i < n; ++i) next[i] = 100.0f * (float)((i * 5 + step) % 11) - 450.0f;
    printf("large %a\n", dot(next, w, n));
  }
  return 0;
}
