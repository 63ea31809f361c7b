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
    s += 0.5f * x[i];
    // CHECK: s += autoscale_mul_f(&[[SITES:autoscale_sites_[0-9a-f]+]][0], 0.5f, x[i]);
    // REPORT: input.c:[[@LINE-2]]:7: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-2]]:15"],"function":"half_sum","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"s"}
    // REPORT: input.c:[[@LINE-3]]:15: {"action":"cast","class":"infer","format":"fp16","function":"half_sum","op":"mul","rounding":"output","rule":"class:infer","site":0,"spelling":"*","strategy":"delayed","type":"float","variable":"s"}
  return s;
}

/* PolyBench's C += alpha * A * B: the product feeding the sum is (alpha * A[i][k]) * B[k][j]. */
void gemm(int n, float alpha, float C[n][n], float A[n][n], float B[n][n]) {
  int i, j, k;
  for (i = 0; i < n; i++)
  // CHECK: for (i = 0; i < n; autoscale_step(), i++)
    for (k = 0; k < n; k++)
      for (j = 0; j < n; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
        // CHECK: C[i][j] += autoscale_mul_f(&[[SITES]][2], autoscale_mul_f(&[[SITES]][1], alpha, A[i][k]), B[k][j]);
        // REPORT: input.c:[[@LINE-2]]:17: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-2]]:36"],"function":"gemm","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"C"}
        // REPORT: input.c:[[@LINE-3]]:26: {"action":"cast","class":"infer","format":"fp16","function":"gemm","op":"mul","rounding":"output","rule":"class:infer","site":1,"spelling":"*","strategy":"delayed","type":"float","variable":"C"}
        // REPORT: input.c:[[@LINE-4]]:36: {"action":"scale","class":"allow","fed_by":["input.c:[[@LINE-4]]:26"],"format":"e4m3","function":"gemm","op":"dot_mul","rounding":"inputs","rule":"class:allow","site":2,"spelling":"*","strategy":"delayed","type":"float","variable":"C"}
}

/* d is set inside the loops: it changes with o. */
void matmul_backward(float *din, const float *w, const float *dout, int C, int OC) {
  for (int o = 0; o < OC; o++) {
  // CHECK: for (int o = 0; o < OC; autoscale_step(), o++) {
    float d = dout[o];
    for (int i = 0; i < C; i++)
      din[i] += w[o * C + i] * d;
      // CHECK: din[i] += autoscale_mul_tensors_f(&[[SITES]][3], w[o * C + i], d, w, dout);
      // REPORT: input.c:[[@LINE-2]]:14: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-2]]:30"],"function":"matmul_backward","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"din"}
      // REPORT: input.c:[[@LINE-3]]:30: {"action":"scale","class":"allow","format":"e4m3","function":"matmul_backward","op":"dot_mul","rounding":"inputs","rule":"class:allow","site":3,"spelling":"*","strategy":"delayed","type":"float","variable":"din"}
  }
}
// REPORT: file: {"changed":true,"path":"input.c","sites":4,"written_to":"out/input.c"}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[{"file":"input.c","function":"gemm","line":47},{"file":"input.c","function":"matmul_backward","line":60}],"source":"found"}
// REPORT: summary: 14 float operations in 1 file: 2 scaled e4m3, 2 cast fp16, 10 kept, 0 skipped; steps end at input.c:47, input.c:60 (found)
