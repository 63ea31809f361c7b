/* cblas_sgemm with alpha 1 and beta 0 or 1 is one GEMM site, in either layout, with either
 * operand transposed: layout and transposes become strides, beta 1 makes C the addend. */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %code out/input.c | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/input.c
// RUN: cd out && %autoscale-rewrite --rules %rules/default.yaml --out-dir ../again input.c --
// RUN: diff -u input.c ../again/input.c
#include <cblas.h>
void gemms(int M, int N, int K, const float *A, const float *B, float *C) {
  cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, M, N, K, 1.0f, A, K, B, N, 0.0f, C, N);
  // CHECK: autoscale_matmul_f(&[[SITES:autoscale_sites_[0-9a-f]+]][0], AUTOSCALE_CAST(size_t, M > 0 ? M : 0), AUTOSCALE_CAST(size_t, N > 0 ? N : 0), AUTOSCALE_CAST(size_t, K > 0 ? K : 0), A, K, 1, B, N, 1, AUTOSCALE_NULL, 0, 0, C, N, 1);
  // REPORT: input.c:[[@LINE-2]]:3: {"action":"scale","callee":"cblas_sgemm","class":"allow","format":"e4m3","function":"gemms","gemm":"blas","op":"matmul","rounding":"inputs","rule":"gemm-current-scaling","site":0,"spelling":"cblas_sgemm","strategy":"current","type":"float","variable":"C"}
  cblas_sgemm(CblasColMajor, CblasTrans, CblasNoTrans, M, N, K, 1.0f, A, K, B, K, 1.0f, C, M);
  // CHECK: autoscale_matmul_f(&[[SITES]][1], AUTOSCALE_CAST(size_t, M > 0 ? M : 0), AUTOSCALE_CAST(size_t, N > 0 ? N : 0), AUTOSCALE_CAST(size_t, K > 0 ? K : 0), A, K, 1, B, 1, K, C, 1, M, C, 1, M);
  // REPORT: input.c:[[@LINE-2]]:3: {"action":"scale","callee":"cblas_sgemm","class":"allow","format":"e4m3","function":"gemms","gemm":"blas","op":"matmul","rounding":"inputs","rule":"gemm-current-scaling","site":1,"spelling":"cblas_sgemm","strategy":"current","type":"float","variable":"C"}
  cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, M, N, K, 1, A, K, B, K, 1, C, N);
  // CHECK: autoscale_matmul_f(&[[SITES]][2], AUTOSCALE_CAST(size_t, M > 0 ? M : 0), AUTOSCALE_CAST(size_t, N > 0 ? N : 0), AUTOSCALE_CAST(size_t, K > 0 ? K : 0), A, K, 1, B, 1, K, C, N, 1, C, N, 1);
  // REPORT: input.c:[[@LINE-2]]:3: {"action":"scale","callee":"cblas_sgemm","class":"allow","format":"e4m3","function":"gemms","gemm":"blas","op":"matmul","rounding":"inputs","rule":"gemm-current-scaling","site":2,"spelling":"cblas_sgemm","strategy":"current","type":"float","variable":"C"}
  cblas_sgemm(CblasColMajor, CblasNoTrans, CblasTrans, M, N, K, 1.0f, A, M, B, N, 0.0f, C, M);
  // CHECK: autoscale_matmul_f(&[[SITES]][3], AUTOSCALE_CAST(size_t, M > 0 ? M : 0), AUTOSCALE_CAST(size_t, N > 0 ? N : 0), AUTOSCALE_CAST(size_t, K > 0 ? K : 0), A, 1, M, B, N, 1, AUTOSCALE_NULL, 0, 0, C, 1, M);
  // REPORT: input.c:[[@LINE-2]]:3: {"action":"scale","callee":"cblas_sgemm","class":"allow","format":"e4m3","function":"gemms","gemm":"blas","op":"matmul","rounding":"inputs","rule":"gemm-current-scaling","site":3,"spelling":"cblas_sgemm","strategy":"current","type":"float","variable":"C"}
}
// REPORT: file: {"changed":true,"path":"input.c","sites":4,"written_to":"out/input.c"}
// REPORT: conversions: {"functions":{"gemms":{"conversions":0,"converted":4,"line":"converted 4 of 4 operations using 0 conversions","operations":4}},"total":{"conversions":0,"converted":4,"line":"converted 4 of 4 operations using 0 conversions","operations":4}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 4 float operations in 1 file: 4 scaled e4m3, 0 kept, 0 skipped; no step found: each site rolls its history every 1024 executions
