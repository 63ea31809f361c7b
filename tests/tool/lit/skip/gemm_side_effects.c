// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %S/gemm_only.yaml --out-dir out --report report.json input.c --
// RUN: diff -u input.c out/input.c
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
#include <stdio.h>
/* Loops that do other work the call cannot keep in order (a counter per product, a log of each
 * sum in memory) are left as written, with the reason. */
int calls;
void counted(float *c, const float *a, const float *b, int M, int N, int K) {
  for (int i = 0; i < M; i++)
  // REPORT: input.c:[[@LINE-1]]:3: {"action":"skipped","class":"allow","function":"counted","op":"matmul","reason":"not substituted as a GEMM: the loops also do other work (line 18) and sum into a local accumulator","spelling":"matmul","suggestion":"kernels: [{function: counted, m: \"M\", n: \"N\", k: \"K\", a: {ptr: \"a\", row_stride: \"K\", col_stride: \"1\"}, b: {ptr: \"b\", row_stride: \"N\", col_stride: \"1\"}, c: {ptr: \"c\", row_stride: \"N\", col_stride: \"1\"}}]","type":"float","variable":"s"}
    for (int j = 0; j < N; j++) {
      float s = 0.0f;
      for (int k = 0; k < K; k++) {
        s += a[i * K + k] * b[k * N + j];
        // REPORT: input.c:[[@LINE-1]]:11: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-1]]:27"],"function":"counted","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"s"}
        // REPORT: input.c:[[@LINE-2]]:27: {"action":"keep","class":"allow","function":"counted","op":"dot_mul","rule":"overrides[0]","spelling":"*","type":"float","variable":"s"}
        calls++;
      }
      c[i * N + j] = s;
    }
}

float history[4096];
int logged_count;
static void log_value(float v) { history[logged_count++ % 4096] = v; }

void logged(float *c, const float *a, const float *b, int M, int N, int K) {
  for (int i = 0; i < M; i++)
  // REPORT: input.c:[[@LINE-1]]:3: {"action":"skipped","class":"allow","function":"logged","op":"matmul","reason":"not substituted as a GEMM: the value stored from the sum at line 37 calls a function","spelling":"matmul","suggestion":"kernels: [{function: logged, m: \"M\", n: \"N\", k: \"K\", a: {ptr: \"a\", row_stride: \"K\", col_stride: \"1\"}, b: {ptr: \"b\", row_stride: \"N\", col_stride: \"1\"}, c: {ptr: \"c\", row_stride: \"N\", col_stride: \"1\"}}]","type":"float","variable":"s"}
    for (int j = 0; j < N; j++) {
      float s = 0.0f;
      for (int k = 0; k < K; k++)
        s += a[i * K + k] * b[k * N + j];
        // REPORT: input.c:[[@LINE-1]]:11: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-1]]:27"],"function":"logged","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"s"}
        // REPORT: input.c:[[@LINE-2]]:27: {"action":"keep","class":"allow","function":"logged","op":"dot_mul","rule":"overrides[0]","spelling":"*","type":"float","variable":"s"}
      c[i * N + j] = s;
      log_value(s);
    }
}
// REPORT: file: {"changed":false,"path":"input.c","sites":0,"written_to":"out/input.c"}
// REPORT: conversions: {"functions":{"counted":{"conversions":0,"converted":0,"line":"converted 0 of 3 operations using 0 conversions","operations":3},"logged":{"conversions":0,"converted":0,"line":"converted 0 of 3 operations using 0 conversions","operations":3}},"total":{"conversions":0,"converted":0,"line":"converted 0 of 6 operations using 0 conversions","operations":6}}
// REPORT: rules: "gemm_only.yaml"
// REPORT: steps: {"loops":[],"source":"none"}
// REPORT: summary: 4 float operations in 1 file: 4 kept, 0 skipped; 2 matmuls not substituted (the report says why)
