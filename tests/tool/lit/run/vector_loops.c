// The runtime's loop kernels are their loops of scalar calls: the program rewritten with its
// loops substituted (autoscale_dot_f/_d, autoscale_axpy_f/_d) prints the same bits as the same
// rewrite with one call per product (vector_loops: false, and no loop program), and its sites count the same
// executions, roundings, overflows, underflows and subnormals. Values spread over 40 binades, so
// e4m3's scales, saturation, subnormals and underflows all occur; several steps, so the delayed
// scales move. The original program runs too (it computes in FP32: other bits).
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: cp %rules/default.yaml scalar.yaml
// RUN: printf '  - name: scalar-loops\n    match: {op: dot_mul}\n    set: {vector_loops: false, loop_programs: false}\n' >> scalar.yaml
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir vector input.c --
// RUN: %autoscale-rewrite --rules scalar.yaml --out-dir scalar input.c --
// RUN: %code vector/input.c | FileCheck %s --check-prefix=VECTOR
// RUN: %code scalar/input.c | FileCheck %s --check-prefix=SCALAR
// VECTOR-COUNT-8: {{autoscale_dot_[fd]|autoscale_axpy_[fd]}}(
// SCALAR-NOT: {{autoscale_dot_[fd]|autoscale_axpy_[fd]}}(
// SCALAR-COUNT-8: autoscale_mul_tensors_{{[fd]}}(
// RUN: %cc -O2 -ffp-contract=off input.c -o orig && ./orig > orig.txt
// RUN: %cc -O2 -ffp-contract=off -I %runtime-include vector/input.c %runtime-link -lm -o vector.out
// RUN: %cc -O2 -ffp-contract=off -I %runtime-include scalar/input.c %runtime-link -lm -o scalar.out
// RUN: env AUTOSCALE_REPORT=vector.json AUTOSCALE_SUMMARY=0 ./vector.out > vector.txt
// RUN: env AUTOSCALE_REPORT=scalar.json AUTOSCALE_SUMMARY=0 ./scalar.out > scalar.txt
// RUN: diff -u scalar.txt vector.txt
// RUN: %site-counters scalar.json > scalar.counters && %site-counters vector.json > vector.counters
// RUN: diff -u scalar.counters vector.counters
// RUN: FileCheck %s --check-prefix=COUNTED --input-file vector.counters
// COUNTED-COUNT-8: input.c:{{[0-9]+}}:{{[0-9]+}} mul executions={{[1-9][0-9]*}} a={{[1-9]}}
#include <stddef.h>
#include <stdio.h>

enum { N = 37, T = 6, HS = 11 };

static unsigned seed = 12345u;

/* A value m * 2^e, m in [1, 2) with a few bits, e in [-30, 10], either sign. */
static float value(void) {
  seed = seed * 1103515245u + 12345u;
  unsigned r = seed >> 8;
  float m = 1.0f + (float)(r & 7u) / 8.0f;
  int e = (int)((r >> 3) % 41u) - 30;
  float v = m;
  for (; e > 0; e--)
    v *= 2.0f;
  for (; e < 0; e++)
    v *= 0.5f;
  return (r >> 12) & 1u ? -v : v;
}

static float dot(const float *a, const float *b, int n) {
  float acc = 0.0f;
  for (int i = 0; i < n; i++)
    acc += a[i] * b[i];
  return acc;
}

/* Column i of a row-major matrix against x, backwards through x. */
static float column(const float *a, int lda, int j, const float *x, size_t n) {
  float s = 0.5f;
  for (size_t i = 0; i < n; ++i)
    s = s + a[i * lda + j] * x[n - 1 - i];
  return s;
}

static void into(float *restrict out, int o, const float *a, const float *b, int lo, int hi) {
  for (int i = lo; i <= hi; i++)
    out[o] += a[2 * i] * b[i];
}

static double dot_d(const double *a, const double *b, long n) {
  double acc = 0.0;
  for (long i = 0; i < n; i++)
    acc += a[i] * b[i];
  return acc;
}

/* Attention's weighted sum of values (alpha left; over a window from t0 that stops at a zero
 * weight, which no GEMM site takes) and its gradient (alpha right). */
static void attend(float *out, const float *att, const float *v, int t0, int t) {
  for (int t2 = t0; t2 <= t && att[t2] != 0.0f; t2++) {
    float w = att[t2];
    for (int i = 0; i < HS; i++)
      out[i] += w * v[t2 * HS + i];
  }
}

static void attend_back(float *restrict dv, const float *att, const float *dout) {
  for (int t = 0; t < T; t++)
    for (int t2 = 0; t2 <= t; t2++)
      for (int i = 1; i < HS; i++)
        dv[t2 * HS + i] += dout[t * HS + i] * att[t * T + t2];
}

/* Two independent statements in one loop: a dot and an axpy. */
static void weighted_back(float *restrict datt, float *restrict dv, const float *att, const float *v,
                          const float *dout) {
  for (int t = 0; t < T; t++)
    for (int t2 = 0; t2 <= t; t2++)
      for (int i = 0; i < HS; i++) {
        datt[t * T + t2] += v[t2 * HS + i] * dout[t * HS + i];
        dv[t2 * HS + i] += att[t * T + t2] * dout[t * HS + i];
      }
}

int main(void) {
  static float a[2 * N * N], b[N * N], out[N], v[T * HS], att[T * T], o[HS], dv[T * HS];
  static float datt[T * T];
  static double ad[N], bd[N];
  for (int step = 0; step < 5; step++) {
    for (int i = 0; i < 2 * N * N; i++)
      a[i] = value();
    for (int i = 0; i < N * N; i++)
      b[i] = value();
    for (int i = 0; i < T * HS; i++)
      v[i] = value();
    for (int i = 0; i < T * T; i++)
      att[i] = value();
    for (int i = 0; i < N; i++) {
      ad[i] = (double)value() * 1e-3;
      bd[i] = (double)value();
    }
    for (int i = 0; i < N; i++)
      out[i] = 0.0f;
    for (int i = 0; i < HS; i++)
      o[i] = 0.0f;
    for (int i = 0; i < T * HS; i++)
      dv[i] = 0.0f;
    printf("dot %a %a\n", dot(a, b, N), dot(a + 3, b + 5, 0));
    printf("column %a %a\n", column(a, N, step, b, N), column(a, N, 2, b, 0));
    into(out, 0, a, b, 3, N - 1);
    into(out, 1, a, b, 5, 4); /* empty: hi < lo */
    into(out, 2, a + 20, b + 10, -3, 2); /* negative indices */
    into(out, 3, a + 20, b + 10, -3, -5); /* empty, negative */
    printf("into %a %a %a %a\n", out[0], out[1], out[2], out[3]);
    printf("dot_d %a\n", dot_d(ad, bd, N));
    attend(o, att, v, 1, T - 1);
    attend_back(dv, att, v);
    for (int i = 0; i < HS; i++)
      printf("attend %d %a\n", i, o[i]);
    for (int i = 0; i < T * HS; i++)
      printf("attend_back %d %a\n", i, dv[i]);
    for (int i = 0; i < T * T; i++)
      datt[i] = 0.0f;
    weighted_back(datt, dv, att, v, b);
    for (int i = 0; i < T * T; i++)
      printf("weighted_back datt %d %a\n", i, datt[i]);
    for (int i = 0; i < T * HS; i++)
      printf("weighted_back dv %d %a\n", i, dv[i]);
  }
  return 0;
}
