// GEMM nests whose store computes a value from the sum (ReLU with a bias, a scale, a residual
// through a helper function, C's own elements, a local computed from the sum on the way, the
// sum scaled and compared on the way as attention's scores are): pass-through prints the original's bits where the
// call computed the sums (the loops read them from its buffer and write C as written, so a
// residual that is C itself, or C's elements read, keep their values), and where C shares memory
// with an operand (the call computes nothing and the loops sum as written); default.yaml's e4m3
// products stay near the original's values.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir same input.c --
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir default input.c --
// RUN: %code same/input.c | FileCheck %s
// RUN: %cc -O2 -ffp-contract=off input.c -lm -o orig && ./orig > orig.txt
// RUN: %cc -O2 -ffp-contract=off -I %runtime-include same/input.c %runtime-link -lm -o same.out
// RUN: %cc -O2 -ffp-contract=off -I %runtime-include default/input.c %runtime-link -lm -o default.out
// RUN: env AUTOSCALE_SUMMARY=0 AUTOSCALE_REPORT=same.json ./same.out > same.txt && diff -u orig.txt same.txt
// RUN: %site-counters same.json | FileCheck %s --check-prefix=COUNTED
// RUN: env AUTOSCALE_SUMMARY=0 ./default.out > default.txt
// RUN: python3 %s.check.py orig.txt default.txt in_place cached_in_place_z cached_in_place_y
#include <math.h>
#include <stdio.h>

enum { M = 24, N = 20, K = 36 };

static float sigmoid(float v) { return 1.0f / (1.0f + expf(-v)); }

// CHECK-LABEL: static void dense_relu(
// CHECK-NEXT: { float *const autoscale_gemm_sums = autoscale_matmul_nest_sums_f({{.*}}); for (int i = 0; i < m; i++)
// Of its two calls the one in place computes nothing (the loops run as written).
// COUNTED: input.c:[[#@LINE+2]]:{{[0-9]+}} matmul executions=1
static void dense_relu(float *y, const float *x, const float *w, const float *b, int m, int n, int k) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      float acc = b[j];
      for (int p = 0; p < k; p++)
        acc += x[i * k + p] * w[j * k + p];
      y[i * n + j] = acc > 0.0f ? acc : 0.0f;
    }
}

// CHECK-LABEL: static void scaled_sigmoid_residual(
// CHECK: if (autoscale_gemm_sums) s = autoscale_gemm_sums[&(y[i][j]) - (&y[0][0])]; else for (int p = 0; p < K; p++)
static void scaled_sigmoid_residual(float y[M][N], float x[M][K], float w[N][K], float r[M][N], float alpha) {
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float s = 0.0f;
      for (int p = 0; p < K; p++)
        s += x[i][p] * w[j][p];
      y[i][j] = r[i][j] + sigmoid(alpha * s);
    }
}

// Each row's first element, written first, is read by the rest of the row.
// CHECK-LABEL: static void row_offsets(
// CHECK: } autoscale_matmul_sums_free(autoscale_gemm_sums); }
static void row_offsets(float *y, const float *x, const float *w) {
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float s = 0.0f;
      for (int p = 0; p < K; p++)
        s += x[i * K + p] * w[j * K + p];
      y[i * N + j] = s + y[i * N];
    }
}

// The value through a local computed from the sum.
// CHECK-LABEL: static void scaled_relu(
// CHECK: if (autoscale_gemm_sums) s = autoscale_gemm_sums[&(y[i * N + j]) - (y)]; else for (int p = 0; p < K; p++)
static void scaled_relu(float *y, const float *x, const float *w, float alpha) {
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float s = 0.0f;
      for (int p = 0; p < K; p++)
        s += x[i * K + p] * w[j * K + p];
      const float v = alpha * s;
      y[i * N + j] = v > 0.0f ? v : 0.01f * v;
    }
}

// Each sum used on the way, as attention's scores are (scaled, a running maximum, printed), and
// stored: the loops run as written with the sums read from the buffer.
// The loop over its rows also declares and prints: that runs as written beside the sums read back.
// CHECK-LABEL: static void scores(
// CHECK: if (autoscale_gemm_sums) s = autoscale_gemm_sums[&(y[i * N + j]) - (y)]; else for (int p = 0; p < K; p++)
static void scores(float *y, const float *x, const float *w, float scale) {
  for (int i = 0; i < M; i++) {
    float largest = -1e30f;
    for (int j = 0; j < N; j++) {
      float s = 0.0f;
      for (int p = 0; p < K; p++)
        s += x[i * K + p] * w[j * K + p];
      s *= scale;
      if (s > largest)
        largest = s;
      y[i * N + j] = s;
      if (j == 0)
        printf("first[%d] = %a\n", i, s);
    }
    printf("largest[%d] = %a\n", i, largest);
  }
}

// The sum stored twice, as a layer keeping its pre-activation for the backward pass does.
// CHECK-LABEL: static void dense_cached(
// CHECK-NEXT: { float *const autoscale_gemm_sums = autoscale_matmul_output_apart_f({{.*}}) ? autoscale_matmul_nest_sums_f({{.*}}) : AUTOSCALE_NULL; for (int i = 0; i < M; i++)
// Of its two calls the one whose second output is A computes nothing.
// COUNTED: input.c:[[#@LINE+2]]:{{[0-9]+}} matmul executions=1
static void dense_cached(float *z, float *y, const float *x, const float *w, const float *b) {
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float s = b[j];
      for (int p = 0; p < K; p++)
        s += x[i * K + p] * w[j * K + p];
      z[i * N + j] = s;
      y[i * N + j] = s > 0.0f ? s : 0.0f;
    }
}

// Work beside the store that writes only scalar locals, reading the stored element (a row's
// largest score, as attention's forward pass keeps it): it runs as written beside the sums read back.
// CHECK-LABEL: static void scores_after_store(
// CHECK: if (autoscale_gemm_sums) s = autoscale_gemm_sums[&(y[i * N + j]) - (y)]; else for (int p = 0; p < K; p++)
static void scores_after_store(float *y, const float *x, const float *w, float scale) {
  for (int i = 0; i < M; i++) {
    float largest = -1e30f;
    for (int j = 0; j < N; j++) {
      float s = 0.0f;
      for (int p = 0; p < K; p++)
        s += x[i * K + p] * w[j * K + p];
      y[i * N + j] = s * scale;
      if (y[i * N + j] > largest)
        largest = y[i * N + j];
    }
    printf("largest_after_store[%d] = %a\n", i, largest);
  }
}

static float x[M * K], w[N * K], b[N], y[M * N], x2[M][K], w2[N][K], r2[M][N], y2[M][N], z[M * N];
static float inplace[M * K + N * K]; // C is the start of A: the call must not compute

static void fill(void) {
  unsigned s = 12345u;
  for (int i = 0; i < M * K; i++)
    x[i] = x2[i / K][i % K] = inplace[i] = (float)((s = s * 1664525u + 1013904223u) >> 9) * 0x1p-23f - 0.5f;
  for (int i = 0; i < N * K; i++)
    w[i] = w2[i / K][i % K] = (float)((s = s * 1664525u + 1013904223u) >> 9) * 0x1p-23f - 0.5f;
  for (int i = 0; i < N; i++)
    b[i] = (float)((s = s * 1664525u + 1013904223u) >> 9) * 0x1p-24f - 0.25f;
  for (int i = 0; i < M * N; i++)
    r2[i / N][i % N] = (float)(i % 7) * 0.125f;
}

int main(void) {
  fill();
  dense_relu(y, x, w, b, M, N, K);
  for (int i = 0; i < M * N; i++)
    printf("relu[%d] = %a\n", i, y[i]);
  dense_relu(inplace, inplace, w, b, M, N, K); // rows of C overwrite A's as the loops go
  for (int i = 0; i < M * N; i++)
    printf("in_place[%d] = %a\n", i, inplace[i]);
  scaled_sigmoid_residual(y2, x2, w2, r2, 0.75f);
  for (int i = 0; i < M * N; i++)
    printf("sigmoid[%d] = %a\n", i, y2[i / N][i % N]);
  scaled_sigmoid_residual(r2, x2, w2, r2, 0.75f); // the residual is C: r2 += sigmoid(...)
  for (int i = 0; i < M * N; i++)
    printf("residual_is_c[%d] = %a\n", i, r2[i / N][i % N]);
  scaled_relu(y, x, w, 1.25f);
  for (int i = 0; i < M * N; i++)
    printf("scaled_relu[%d] = %a\n", i, y[i]);
  scores(y, x, w, 0.5f);
  for (int i = 0; i < M * N; i++)
    printf("scores[%d] = %a\n", i, y[i]);
  for (int i = 0; i < M * N; i++)
    y[i] = (float)(i % 5);
  row_offsets(y, x, w);
  for (int i = 0; i < M * N; i++)
    printf("row_offsets[%d] = %a\n", i, y[i]);
  scores_after_store(y, x, w, 0.5f);
  for (int i = 0; i < M * N; i++)
    printf("scores_after_store[%d] = %a\n", i, y[i]);
  dense_cached(z, y, x, w, b);
  for (int i = 0; i < M * N; i++)
    printf("cached_z[%d] = %a\ncached_y[%d] = %a\n", i, z[i], i, y[i]);
  for (int i = 0; i < M * K; i++)
    inplace[i] = x[i];
  dense_cached(z, inplace, inplace, w, b); // rows of the second output overwrite A's
  for (int i = 0; i < M * N; i++)
    printf("cached_in_place_z[%d] = %a\ncached_in_place_y[%d] = %a\n", i, z[i], i, inplace[i]);
  return 0;
}
