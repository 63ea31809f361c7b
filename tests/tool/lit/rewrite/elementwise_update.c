/* A multiply feeding an accumulation in a loop is dot_mul (allow) when both factors change from
 * one iteration to the next, as in a dot product or a matrix product. When one factor is a
 * constant or a variable set outside the loops (a learning rate, an axpy's alpha), the multiply
 * only scales what is added and is an ordinary mul; the accumulation stays denied (FP32), so an
 * optimizer keeps FP32 weights. */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %code out/input.c | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/input.c
// RUN: cd out && %autoscale-rewrite --rules %rules/default.yaml --out-dir ../again input.c --
// RUN: diff -u input.c ../again/input.c
#include <math.h>

void sgd(float *p, const float *g, float lr, int n) {
  for (int i = 0; i < n; i++)
    p[i] -= lr * g[i];
    // CHECK: p[i] -= lr * g[i];
    // REPORT: input.c:[[@LINE-2]]:10: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-2]]:16"],"function":"sgd","op":"update","rule":"class:deny","spelling":"-=","type":"float","variable":"p"}
    // REPORT: input.c:[[@LINE-3]]:16: {"action":"keep","class":"deny","function":"sgd","op":"update","rule":"class:deny","spelling":"*","type":"float","variable":"p"}
}

void adam_like(float *p, const float *m, const float *v, float lr, float eps, int n) {
  for (int i = 0; i < n; i++)
    p[i] -= lr * (m[i] / (sqrtf(v[i]) + eps));
    // CHECK: p[i] -= lr * (m[i] / (sqrtf(v[i]) + eps));
    // REPORT: input.c:[[@LINE-2]]:10: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-2]]:16"],"function":"adam_like","op":"update","rule":"class:deny","spelling":"-=","type":"float","variable":"p"}
    // REPORT: input.c:[[@LINE-3]]:16: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-3]]:24"],"function":"adam_like","op":"update","rule":"class:deny","spelling":"*","type":"float","variable":"p"}
    // REPORT: input.c:[[@LINE-4]]:24: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-4]]:39"],"function":"adam_like","op":"update","rule":"class:deny","spelling":"/","type":"float","variable":"p"}
    // REPORT: input.c:[[@LINE-5]]:27: {"action":"keep","callee":"sqrtf","class":"deny","function":"adam_like","op":"sqrtf","rule":"class:deny","spelling":"sqrtf","type":"float","variable":"p"}
    // REPORT: input.c:[[@LINE-6]]:39: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-6]]:27"],"function":"adam_like","op":"update","rule":"class:deny","spelling":"+","type":"float","variable":"p"}
}

float half_sum(const float *x, int n) {
  float s = 0.0f;
  for (int i = 0; i < n; i++)
  // CHECK: { const size_t autoscale_n_ = n > 0 ? AUTOSCALE_CAST(size_t, n) : 0; if (autoscale_n_ >= AUTOSCALE_LOOP_PROGRAM_MIN) { static const autoscale_loop_op autoscale_ops_[] = {{[{][{]}}AUTOSCALE_LOOP_LOAD, 0, 0, -1, -1, -1, -1, -1}, {AUTOSCALE_LOOP_PARAM, 1, 0, -1, -1, -1, -1, -1}, {AUTOSCALE_LOOP_LOAD, 2, 1, -1, -1, -1, -1, -1}, {AUTOSCALE_LOOP_SITE_MUL, 3, 1, 2, 0, -1, -1, -1}, {AUTOSCALE_LOOP_ADD, 4, 0, 3, -1, -1, -1, -1}, {AUTOSCALE_LOOP_STORE, -1, 0, 4, -1, -1, -1, -1}}; const float *const autoscale_arrays_[] = {&s, &x[0]}; const ptrdiff_t autoscale_strides_[] = {0, 1}; const float autoscale_params_[] = {(float)(0.5f)}; autoscale_site *const autoscale_sites_[] = {&[[SITES:autoscale_sites_[0-9a-f]+]][0]}; autoscale_loop_f(autoscale_ops_, 6, 5, autoscale_n_, autoscale_arrays_, autoscale_strides_, 2, autoscale_params_, autoscale_sites_, AUTOSCALE_NULL, AUTOSCALE_NULL); } else for (int i = 0; i < n; i++)
    s += 0.5f * x[i];
    // CHECK: s += autoscale_mul_f(&[[SITES]][0], 0.5f, x[i]); }
    // REPORT: input.c:[[@LINE-2]]:7: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-2]]:15"],"function":"half_sum","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"s"}
    // REPORT: input.c:[[@LINE-3]]:15: {"action":"cast","class":"infer","format":"fp16","function":"half_sum","op":"mul","program":"runs with its loop (line 36) as one loop program (short runs: one call per operation)","rounding":"output","rule":"class:infer","site":0,"spelling":"*","strategy":"delayed","type":"float","variable":"s"}
  return s;
}

/* PolyBench's C += alpha * A * B: the product feeding the sum is (alpha * A[i][k]) * B[k][j]. */
void gemm(int n, float alpha, float C[n][n], float A[n][n], float B[n][n]) {
  int i, j, k;
  for (i = 0; i < n; i++)
  // CHECK: if (!autoscale_matmul_nest_factors_f(&[[SITES]][1], AUTOSCALE_CAST(size_t, n > 0 ? n : 0), AUTOSCALE_CAST(size_t, n > 0 ? n : 0), AUTOSCALE_CAST(size_t, n > 0 ? n : 0), alpha, &A[0][0], n, 1, 1, &B[0][0], n, 1, 1, &C[0][0], n, 1, &C[0][0], n, 1)) for (i = 0; i < n; i++)
  // REPORT: input.c:[[@LINE-2]]:3: {"action":"scale","class":"allow","format":"e4m3","function":"gemm","gemm":"loops","op":"matmul","rounding":"inputs","rule":"gemm-current-scaling","site":1,"spelling":"matmul","strategy":"current","type":"float","variable":"C"}
    for (k = 0; k < n; k++)
      for (j = 0; j < n; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
        // CHECK: C[i][j] += alpha * A[i][k] * B[k][j];
        // REPORT: input.c:[[@LINE-2]]:17: {"action":"in_matmul","class":"deny","fed_by":["input.c:[[@LINE-2]]:36"],"function":"gemm","matmul":"input.c:[[@LINE-7]]:3","op":"accumulate","spelling":"+=","type":"float","variable":"C"}
        // REPORT: input.c:[[@LINE-3]]:26: {"action":"in_matmul","class":"infer","function":"gemm","matmul":"input.c:[[@LINE-8]]:3","op":"mul","spelling":"*","type":"float","variable":"C"}
        // REPORT: input.c:[[@LINE-4]]:36: {"action":"in_matmul","class":"allow","fed_by":["input.c:[[@LINE-4]]:26"],"function":"gemm","matmul":"input.c:[[@LINE-9]]:3","op":"dot_mul","spelling":"*","type":"float","variable":"C"}
}

/* d is set inside the loops: it changes with o. */
void matmul_backward(float *din, const float *w, const float *dout, int C, int OC) {
  for (int o = 0; o < OC; o++) {
  // CHECK: if (!autoscale_matmul_nest_f(&[[SITES]][2], AUTOSCALE_CAST(size_t, C > 0 ? C : 0), 1, AUTOSCALE_CAST(size_t, OC > 0 ? OC : 0), w, 1, C, dout, 1, 0, din, 1, 0, din, 1, 0)) for (int o = 0; o < OC; o++) {
  // REPORT: input.c:[[@LINE-2]]:3: {"action":"scale","class":"allow","format":"e4m3","function":"matmul_backward","gemm":"loops","op":"matmul","rounding":"inputs","rule":"gemm-current-scaling","site":2,"spelling":"matmul","strategy":"current","type":"float","variable":"din"}
    float d = dout[o];
    for (int i = 0; i < C; i++)
      din[i] += w[o * C + i] * d;
      // CHECK: din[i] += w[o * C + i] * d;
      // REPORT: input.c:[[@LINE-2]]:14: {"action":"in_matmul","class":"deny","fed_by":["input.c:[[@LINE-2]]:30"],"function":"matmul_backward","matmul":"input.c:[[@LINE-7]]:3","op":"accumulate","spelling":"+=","type":"float","variable":"din"}
      // REPORT: input.c:[[@LINE-3]]:30: {"action":"in_matmul","class":"allow","function":"matmul_backward","matmul":"input.c:[[@LINE-8]]:3","op":"dot_mul","spelling":"*","type":"float","variable":"din"}
  }
}
// REPORT: file: {"changed":true,"path":"input.c","sites":3,"written_to":"out/input.c"}
// REPORT: conversions: {"functions":{"adam_like":{"conversions":0,"converted":0,"line":"converted 0 of 5 operations using 0 conversions","operations":5},"gemm":{"conversions":0,"converted":1,"line":"converted 1 of 4 operations using 0 conversions","operations":4},"half_sum":{"conversions":1,"converted":1,"line":"converted 1 of 2 operations using 1 conversions","operations":2},"matmul_backward":{"conversions":0,"converted":1,"line":"converted 1 of 3 operations using 0 conversions","operations":3},"sgd":{"conversions":0,"converted":0,"line":"converted 0 of 2 operations using 0 conversions","operations":2}},"total":{"conversions":1,"converted":3,"line":"converted 3 of 16 operations using 1 conversions","operations":16}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 16 float operations in 1 file: 2 scaled e4m3, 1 cast fp16, 8 kept, 5 in matmuls, 0 skipped; no step found: each site rolls its history every 1024 executions
