// GEMM nests whose loops start at a value fixed in the nest (a minibatch's rows, `for (i = b0; i <
// b0 + B; i++)`, a slice of the reduction): one call over the elements from there on, its
// operands' first elements moved by the start and its counts the bound less the start (each row
// had been a matrix-vector call of its own, or the nest loops). Pass-through prints the
// original's bits, as it does for a sum started from an element times a factor (`beta * c`),
// which stays loops: the call had dropped the factor (108 for 58). A loop starting at another
// loop's variable (a tile's rows) folds in with the loops inside that one: a call per tile.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir out --report report.json input.c --
// RUN: %code out/input.c | FileCheck %s
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -O2 -ffp-contract=off input.c -o orig && ./orig > orig.txt
// RUN: %cc -O2 -ffp-contract=off -I %runtime-include out/input.c %runtime-link -lm -o rewritten
// RUN: env AUTOSCALE_SUMMARY=0 ./rewritten > rewritten.txt && diff -u orig.txt rewritten.txt
#include <stdio.h>

enum { ROWS = 40, N = 12, K = 20 };

// CHECK-LABEL: static void forward_batch(
// CHECK: if (!autoscale_matmul_nest_f({{.*}}, x + 20 * b0, 20, 1, w, 1, 20, bias, 0, 1, y + 12 * b0, 12, 1)) for (int i = b0; i < b0 + batch; i++)
// REPORT: input.c:[[#@LINE+2]]:3: {"action":"cast",{{.*}}"gemm":"loops","op":"matmul"
static void forward_batch(float *y, const float *x, const float *w, const float *bias, int b0, int batch) {
  for (int i = b0; i < b0 + batch; i++)
    for (int j = 0; j < N; j++) {
      float s = bias[j];
      for (int k = 0; k < K; k++)
        s += x[i * K + k] * w[j * K + k];
      y[i * N + j] = s;
    }
}

// CHECK-LABEL: static void partial_products(
// CHECK: autoscale_matmul_nest_f(
// REPORT: input.c:[[#@LINE+2]]:3: {"action":"cast",{{.*}}"gemm":"loops","op":"matmul"
static void partial_products(float *c, const float *a, const float *b, int k0, int k1) {
  for (int i = 0; i < ROWS; i++)
    for (int j = 0; j < N; j++)
      for (int k = k0; k <= k1; k++)
        c[i * N + j] += a[i * K + k] * b[k * N + j];
}

// REPORT: input.c:[[#@LINE+2]]:3: {"action":"skipped",{{.*}}"op":"matmul","reason":"not substituted as a GEMM: the initial value `beta * c[i * N + j]` is an element times a factor
static void gemm_beta(float *c, const float *a, const float *b, float beta) {
  for (int i = 0; i < ROWS; i++)
    for (int j = 0; j < N; j++) {
      float s = beta * c[i * N + j];
      for (int k = 0; k < K; k++)
        s += a[i * K + k] * b[k * N + j];
      c[i * N + j] = s;
    }
}

// REPORT: input.c:[[#@LINE+3]]:5: {"action":"cast",{{.*}}"gemm":"loops","note":"the loop at line [[#@LINE+2]] is not folded in: the start of the loop at line [[#@LINE+3]]: 'i0' changes with the loops","op":"matmul"
static void tiled_rows(float *c, const float *a, const float *b) {
  for (int i0 = 0; i0 < ROWS; i0 += 8)
    for (int i = i0; i < i0 + 8; i++)
      for (int j = 0; j < N; j++) {
        float s = 0.0f;
        for (int k = 0; k < K; k++)
          s += a[i * K + k] * b[k * N + j];
        c[i * N + j] = s;
      }
}

int main(void) {
  static float x[ROWS * K], w[N * K], bias[N], y[ROWS * N], c[ROWS * N];
  for (int i = 0; i < ROWS * K; i++)
    x[i] = (float)((i * 37) % 23) / 7.0f - 1.5f;
  for (int i = 0; i < N * K; i++)
    w[i] = (float)((i * 11) % 17) / 9.0f - 0.9f;
  for (int j = 0; j < N; j++)
    bias[j] = 0.25f * (float)j - 1.0f;
  for (int b0 = 0; b0 < ROWS; b0 += 16)
    forward_batch(y, x, w, bias, b0, b0 + 16 <= ROWS ? 16 : ROWS - b0);
  partial_products(c, x, w, 3, 11);
  gemm_beta(c, x, w, 0.5f);
  tiled_rows(y, x, w);
  double sy = 0, sc = 0;
  for (int i = 0; i < ROWS * N; i++)
    sy += y[i] * (i % 7 + 1), sc += c[i] * (i % 5 + 1);
  printf("%a %a %a %a\n", sy, sc, y[ROWS * N - 1], c[17]);
  return 0;
}
