/* A GEMM nest whose store computes a value from the sum (an epilogue: an activation, a scale, a
 * residual) keeps its loops behind the call: the call opens a block with them and computes the
 * sums into a buffer, from which each is read instead of summed again; the value's own operations
 * are rewritten as written. */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c -- -fopenmp
// RUN: %code out/input.c | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -fopenmp -I %runtime-include out/input.c
// RUN: cd out && %autoscale-rewrite --rules %rules/default.yaml --out-dir ../again input.c -- -fopenmp
// RUN: diff -u input.c ../again/input.c
#include <math.h>

#define RELU(v) ((v) > 0.0f ? (v) : 0.0f)

static float gelu(float v) { return 0.5f * v * (1.0f + tanhf(0.79788456f * v)); }
// CHECK: static float gelu(float v) { return autoscale_mul_f_compact(&[[SITES:autoscale_sites_[0-9a-f]+]][0], 0.5f, v) * (1.0f + tanhf(autoscale_mul_f_compact(&[[SITES]][1], 0.79788456f, v))); }
// REPORT: input.c:[[@LINE-2]]:42: {"action":"cast","class":"infer","format":"fp16","function":"gelu","op":"mul","rounding":"output","rule":"class:infer","site":0,"spelling":"*","strategy":"delayed","type":"float","variable":null}
// REPORT: input.c:[[@LINE-3]]:46: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-3]]:42","input.c:[[@LINE-3]]:54"],"function":"gelu","op":"mul","rule":"class:deny","spelling":"*","type":"float","variable":null}
// REPORT: input.c:[[@LINE-4]]:54: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-4]]:56"],"function":"gelu","op":"add","rule":"class:deny","spelling":"+","type":"float","variable":null}
// REPORT: input.c:[[@LINE-5]]:56: {"action":"keep","callee":"tanhf","class":"deny","fed_by":["input.c:[[@LINE-5]]:74"],"function":"gelu","op":"tanhf","rule":"class:deny","spelling":"tanhf","type":"float","variable":null}
// REPORT: input.c:[[@LINE-6]]:74: {"action":"cast","class":"infer","format":"fp16","function":"gelu","op":"mul","rounding":"output","rule":"class:infer","site":1,"spelling":"*","strategy":"delayed","type":"float","variable":null}

void dense_relu(float *y, const float *x, const float *w, const float *b, int M, int N, int K) {
// CHECK: void dense_relu(float *y, const float *x, const float *w, const float *b, int M, int N, int K) { { float *const autoscale_gemm_sums = autoscale_matmul_nest_sums_f(&[[SITES]][2], AUTOSCALE_CAST(size_t, M > 0 ? M : 0), AUTOSCALE_CAST(size_t, N > 0 ? N : 0), AUTOSCALE_CAST(size_t, K > 0 ? K : 0), 1, x, K, 1, 1, w, 1, K, 1, b, 0, 1, y, N, 1);
  #pragma omp parallel for
  for (int i = 0; i < M; i++)
  // CHECK: for (int i = 0; i < M; i++)
  // REPORT: input.c:[[@LINE-2]]:3: {"action":"scale","class":"allow","format":"e4m3","function":"dense_relu","gemm":"loops","note":"its loops stay to compute the value stored from the sum at line 38, each sum read from the call's buffer","op":"matmul","rounding":"inputs","rule":"gemm-current-scaling","site":2,"spelling":"matmul","strategy":"current","type":"float","variable":"y"}
    for (int j = 0; j < N; j++) {
      float acc = b[j];
      for (int k = 0; k < K; k++)
      // CHECK: if (autoscale_gemm_sums) acc = autoscale_gemm_sums[&(y[i * N + j]) - (y)]; else for (int k = 0; k < K; k++)
        acc += x[i * K + k] * w[j * K + k];
        // CHECK: acc += x[i * K + k] * w[j * K + k];
        // REPORT: input.c:[[@LINE-2]]:13: {"action":"in_matmul","class":"deny","fed_by":["input.c:[[@LINE-2]]:29"],"function":"dense_relu","matmul":"input.c:[[@LINE-9]]:3","op":"accumulate","spelling":"+=","type":"float","variable":"acc"}
        // REPORT: input.c:[[@LINE-3]]:29: {"action":"in_matmul","class":"allow","function":"dense_relu","matmul":"input.c:[[@LINE-10]]:3","op":"dot_mul","spelling":"*","type":"float","variable":"acc"}
      y[i * N + j] = acc > 0.0f ? acc : 0.0f;
    }
    // CHECK: } autoscale_matmul_sums_free(autoscale_gemm_sums); }
}

void dense_gelu_residual(float y[][64], const float x[][32], const float w[][32], const float r[][64], int M) {
  for (int i = 0; i < M; i++)
  // CHECK: { float *const autoscale_gemm_sums = autoscale_matmul_nest_sums_f(&[[SITES]][3], AUTOSCALE_CAST(size_t, M > 0 ? M : 0), 64, 32, 1, &x[0][0], 32, 1, 1, &w[0][0], 1, 32, 1, AUTOSCALE_NULL, 0, 0, &y[0][0], 64, 1); for (int i = 0; i < M; i++)
  // REPORT: input.c:[[@LINE-2]]:3: {"action":"scale","class":"allow","format":"e4m3","function":"dense_gelu_residual","gemm":"loops","note":"its loops stay to compute the value stored from the sum at line 55, each sum read from the call's buffer","op":"matmul","rounding":"inputs","rule":"gemm-current-scaling","site":3,"spelling":"matmul","strategy":"current","type":"float","variable":"y"}
    for (int j = 0; j < 64; j++) {
      float s = 0;
      for (int k = 0; k < 32; k++)
      // CHECK: if (autoscale_gemm_sums) s = autoscale_gemm_sums[&(y[i][j]) - (&y[0][0])]; else for (int k = 0; k < 32; k++)
        s += x[i][k] * w[j][k];
        // CHECK: s += x[i][k] * w[j][k];
        // REPORT: input.c:[[@LINE-2]]:11: {"action":"in_matmul","class":"deny","fed_by":["input.c:[[@LINE-2]]:22"],"function":"dense_gelu_residual","matmul":"input.c:[[@LINE-9]]:3","op":"accumulate","spelling":"+=","type":"float","variable":"s"}
        // REPORT: input.c:[[@LINE-3]]:22: {"action":"in_matmul","class":"allow","function":"dense_gelu_residual","matmul":"input.c:[[@LINE-10]]:3","op":"dot_mul","spelling":"*","type":"float","variable":"s"}
      y[i][j] = r[i][j] + gelu(s);
      // CHECK: y[i][j] = autoscale_add_f(&[[SITES]][4], r[i][j], gelu(s));
      // REPORT: input.c:[[@LINE-2]]:25: {"action":"cast","class":"infer","format":"fp16","function":"dense_gelu_residual","op":"add","program":"one call per operation: a statement of the loop is not an assignment of a float","rounding":"output","rule":"class:infer","site":4,"spelling":"+","strategy":"delayed","type":"float","variable":"y"}
    }
    // CHECK: } autoscale_matmul_sums_free(autoscale_gemm_sums); }
}

// The value as a macro's expansion: the call keeps it as written.
void dense_relu_macro(float *y, const float *x, const float *w, int M, int N, int K) {
  for (int i = 0; i < M; i++)
  // CHECK: { float *const autoscale_gemm_sums = autoscale_matmul_nest_sums_f(&[[SITES]][5], AUTOSCALE_CAST(size_t, M > 0 ? M : 0), AUTOSCALE_CAST(size_t, N > 0 ? N : 0), AUTOSCALE_CAST(size_t, K > 0 ? K : 0), 1, x, K, 1, 1, w, 1, K, 1, AUTOSCALE_NULL, 0, 0, y, N, 1); for (int i = 0; i < M; i++)
  // REPORT: input.c:[[@LINE-2]]:3: {"action":"scale","class":"allow","format":"e4m3","function":"dense_relu_macro","gemm":"loops","note":"its loops stay to compute the value stored from the sum at line 75, each sum read from the call's buffer","op":"matmul","rounding":"inputs","rule":"gemm-current-scaling","site":5,"spelling":"matmul","strategy":"current","type":"float","variable":"y"}
    for (int j = 0; j < N; j++) {
      float s = 0.0f;
      for (int k = 0; k < K; k++)
      // CHECK: if (autoscale_gemm_sums) s = autoscale_gemm_sums[&(y[i * N + j]) - (y)]; else for (int k = 0; k < K; k++)
        s += x[i * K + k] * w[j * K + k];
        // CHECK: s += x[i * K + k] * w[j * K + k];
        // REPORT: input.c:[[@LINE-2]]:11: {"action":"in_matmul","class":"deny","fed_by":["input.c:[[@LINE-2]]:27"],"function":"dense_relu_macro","matmul":"input.c:[[@LINE-9]]:3","op":"accumulate","spelling":"+=","type":"float","variable":"s"}
        // REPORT: input.c:[[@LINE-3]]:27: {"action":"in_matmul","class":"allow","function":"dense_relu_macro","matmul":"input.c:[[@LINE-10]]:3","op":"dot_mul","spelling":"*","type":"float","variable":"s"}
      y[i * N + j] = RELU(s);
    }
    // CHECK: } autoscale_matmul_sums_free(autoscale_gemm_sums); }
}

// A local between the sum and the store that does not come from the sum: its operation is
// rewritten as any other, not computed by the call.
void dense_column_scale(float *y, const float *x, const float *w, const float *g, int M, int N, int K) {
  for (int i = 0; i < M; i++)
  // CHECK: { float *const autoscale_gemm_sums = autoscale_matmul_nest_sums_f(&[[SITES]][6], AUTOSCALE_CAST(size_t, M > 0 ? M : 0), AUTOSCALE_CAST(size_t, N > 0 ? N : 0), AUTOSCALE_CAST(size_t, K > 0 ? K : 0), 1, x, K, 1, 1, w, 1, K, 1, AUTOSCALE_NULL, 0, 0, y, N, 1); for (int i = 0; i < M; i++)
  // REPORT: input.c:[[@LINE-2]]:3: {"action":"scale","class":"allow","format":"e4m3","function":"dense_column_scale","gemm":"loops","note":"its loops stay to compute the value stored from the sum at line 97, each sum read from the call's buffer","op":"matmul","rounding":"inputs","rule":"gemm-current-scaling","site":6,"spelling":"matmul","strategy":"current","type":"float","variable":"y"}
    for (int j = 0; j < N; j++) {
      float s = 0.0f;
      for (int k = 0; k < K; k++)
      // CHECK: if (autoscale_gemm_sums) s = autoscale_gemm_sums[&(y[i * N + j]) - (y)]; else for (int k = 0; k < K; k++)
        s += x[i * K + k] * w[j * K + k];
        // CHECK: s += x[i * K + k] * w[j * K + k];
        // REPORT: input.c:[[@LINE-2]]:11: {"action":"in_matmul","class":"deny","fed_by":["input.c:[[@LINE-2]]:27"],"function":"dense_column_scale","matmul":"input.c:[[@LINE-9]]:3","op":"accumulate","spelling":"+=","type":"float","variable":"s"}
        // REPORT: input.c:[[@LINE-3]]:27: {"action":"in_matmul","class":"allow","function":"dense_column_scale","matmul":"input.c:[[@LINE-10]]:3","op":"dot_mul","spelling":"*","type":"float","variable":"s"}
      const float t = 3.0f * g[j];
      // CHECK: const float t = autoscale_mul_f(&[[SITES]][7], 3.0f, g[j]);
      // REPORT: input.c:[[@LINE-2]]:28: {"action":"cast","class":"infer","format":"fp16","function":"dense_column_scale","op":"mul","program":"one call per operation: a statement of the loop is not an assignment of a float","rounding":"output","rule":"class:infer","site":7,"spelling":"*","strategy":"delayed","type":"float","variable":"t"}
      y[i * N + j] = s * t;
      // CHECK: y[i * N + j] = s * t;
      // REPORT: input.c:[[@LINE-2]]:24: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-9]]:11","input.c:[[@LINE-5]]:28"],"function":"dense_column_scale","op":"mul","rule":"class:deny","spelling":"*","type":"float","variable":"y"}
    }
    // CHECK: } autoscale_matmul_sums_free(autoscale_gemm_sums); }
}

// A variable of the loops has the name of C's pointer, which the read-back spells: the whole
// nest is refused, and each row, where the name means one variable throughout, is a GEMM.
void pointer_shadowed(float *y, const float *x, const float *w, int M, int N, int K) {
  for (int i = 0; i < M; i++) {
    float *row = y + i * N;
    for (int j = 0; j < N; j++) {
    // CHECK: { float *const autoscale_gemm_sums = autoscale_matmul_nest_sums_f(&[[SITES]][8], 1, AUTOSCALE_CAST(size_t, N > 0 ? N : 0), AUTOSCALE_CAST(size_t, K > 0 ? K : 0), 1, x + K * i, 0, 1, 1, w, 1, K, 1, AUTOSCALE_NULL, 0, 0, row, 0, 1); for (int j = 0; j < N; j++) {
    // REPORT: input.c:[[@LINE-2]]:5: {"action":"scale","class":"allow","format":"e4m3","function":"pointer_shadowed","gemm":"loops","note":"the loop at line 107 is not folded in: the value stored from the sum at line 120: 'y' names a variable of the loops and one of C's pointer","op":"matmul","rounding":"inputs","rule":"gemm-current-scaling","site":8,"spelling":"matmul","strategy":"current","type":"float","variable":"row"}
      float *y = row;
      float s = 0.0f;
      for (int k = 0; k < K; k++)
      // CHECK: if (autoscale_gemm_sums) s = autoscale_gemm_sums[&(y[j]) - (row)]; else for (int k = 0; k < K; k++)
        s += x[i * K + k] * w[j * K + k];
        // CHECK: s += x[i * K + k] * w[j * K + k];
        // REPORT: input.c:[[@LINE-2]]:11: {"action":"in_matmul","class":"deny","fed_by":["input.c:[[@LINE-2]]:27"],"function":"pointer_shadowed","matmul":"input.c:[[@LINE-9]]:5","op":"accumulate","spelling":"+=","type":"float","variable":"s"}
        // REPORT: input.c:[[@LINE-3]]:27: {"action":"in_matmul","class":"allow","function":"pointer_shadowed","matmul":"input.c:[[@LINE-10]]:5","op":"dot_mul","spelling":"*","type":"float","variable":"s"}
      y[j] = s > 0.0f ? s : 0.0f;
    }
    // CHECK: } autoscale_matmul_sums_free(autoscale_gemm_sums); }
  }
}

// OpenMP's default(none) would need a clause for the call's buffer: the whole nest is refused,
// and each row, inside the parallel loop, is a GEMM (its buffer a local of the loop's body).
void default_none(float *y, const float *x, const float *w, int M, int N, int K) {
  int unused = 0;
  #pragma omp parallel for default(none) shared(x, w, y, M, N, K)
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
    // CHECK: { float *const autoscale_gemm_sums = autoscale_matmul_nest_sums_f(&[[SITES]][9], 1, AUTOSCALE_CAST(size_t, N > 0 ? N : 0), AUTOSCALE_CAST(size_t, K > 0 ? K : 0), 1, x + K * i, 0, 1, 1, w, 1, K, 1, AUTOSCALE_NULL, 0, 0, y + N * i, 0, 1); for (int j = 0; j < N; j++) {
    // REPORT: input.c:[[@LINE-2]]:5: {"action":"scale","class":"allow","format":"e4m3","function":"default_none","gemm":"loops","note":"the loop at line 131 is not folded in: the value stored from the sum at line 142 needs its loops' OpenMP data-sharing default to be shared","op":"matmul","rounding":"inputs","rule":"gemm-current-scaling","site":9,"spelling":"matmul","strategy":"current","type":"float","variable":"y"}
      float s = 0.0f;
      for (int k = 0; k < K; k++)
      // CHECK: if (autoscale_gemm_sums) s = autoscale_gemm_sums[&(y[i * N + j]) - (y + N * i)]; else for (int k = 0; k < K; k++)
        s += x[i * K + k] * w[j * K + k];
        // CHECK: s += x[i * K + k] * w[j * K + k];
        // REPORT: input.c:[[@LINE-2]]:11: {"action":"in_matmul","class":"deny","fed_by":["input.c:[[@LINE-2]]:27"],"function":"default_none","matmul":"input.c:[[@LINE-8]]:5","op":"accumulate","spelling":"+=","type":"float","variable":"s"}
        // REPORT: input.c:[[@LINE-3]]:27: {"action":"in_matmul","class":"allow","function":"default_none","matmul":"input.c:[[@LINE-9]]:5","op":"dot_mul","spelling":"*","type":"float","variable":"s"}
      y[i * N + j] = s > 0.0f ? s : 0.0f;
    }
    // CHECK: } autoscale_matmul_sums_free(autoscale_gemm_sums); }
  (void)unused;
}
// REPORT: file: {"changed":true,"path":"input.c","sites":10,"written_to":"out/input.c"}
// REPORT: conversions: {"functions":{"default_none":{"conversions":0,"converted":1,"line":"converted 1 of 3 operations using 0 conversions","operations":3},"dense_column_scale":{"conversions":1,"converted":2,"line":"converted 2 of 5 operations using 1 conversions","operations":5},"dense_gelu_residual":{"conversions":0,"converted":2,"line":"converted 2 of 4 operations using 0 conversions","operations":4},"dense_relu":{"conversions":0,"converted":1,"line":"converted 1 of 3 operations using 0 conversions","operations":3},"dense_relu_macro":{"conversions":0,"converted":1,"line":"converted 1 of 3 operations using 0 conversions","operations":3},"gelu":{"conversions":2,"converted":2,"line":"converted 2 of 5 operations using 2 conversions","operations":5},"pointer_shadowed":{"conversions":0,"converted":1,"line":"converted 1 of 3 operations using 0 conversions","operations":3}},"total":{"conversions":3,"converted":10,"line":"converted 10 of 26 operations using 3 conversions","operations":26}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 26 float operations in 1 file: 6 scaled e4m3, 4 cast fp16, 4 kept, 12 in matmuls, 0 skipped; no step found: each site rolls its history every 1024 executions
