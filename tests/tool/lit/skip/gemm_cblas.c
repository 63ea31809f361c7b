// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %S/gemm_only.yaml --out-dir out --report report.json input.c --
// RUN: diff -u input.c out/input.c
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
#include <cblas.h>
/* The runtime's GEMM has no alpha, and adds C or nothing: BLAS calls with another alpha or beta,
 * or with one not known at compile time, stay BLAS calls, with the reason. */
void gemms(int M, int N, int K, const float *A, const float *B, float *C, float alpha) {
  cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, M, N, K, 2.0f, A, K, B, N, 0.0f, C, N);
  // REPORT: input.c:[[@LINE-1]]:3: {"action":"skipped","callee":"cblas_sgemm","class":"allow","function":"gemms","op":"matmul","reason":"not substituted as a GEMM: alpha is not the constant 1 (the runtime's GEMM has no alpha); kept as the BLAS call","spelling":"cblas_sgemm","type":"float","variable":null}
  cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, M, N, K, 1.0f, A, K, B, N, 0.5f, C, N);
  // REPORT: input.c:[[@LINE-1]]:3: {"action":"skipped","callee":"cblas_sgemm","class":"allow","function":"gemms","op":"matmul","reason":"not substituted as a GEMM: beta is not the constant 0 or 1 (the runtime's GEMM adds C or nothing); kept as the BLAS call","spelling":"cblas_sgemm","type":"float","variable":null}
  cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, M, N, K, alpha, A, K, B, N, 0.0f, C, N);
  // REPORT: input.c:[[@LINE-1]]:3: {"action":"skipped","callee":"cblas_sgemm","class":"allow","function":"gemms","op":"matmul","reason":"not substituted as a GEMM: alpha is not the constant 1 (the runtime's GEMM has no alpha); kept as the BLAS call","spelling":"cblas_sgemm","type":"float","variable":null}
}
// REPORT: file: {"changed":false,"path":"input.c","sites":0,"written_to":"out/input.c"}
// REPORT: conversions: {"functions":{"gemms":{"conversions":0,"converted":0,"line":"converted 0 of 3 operations using 0 conversions","operations":3}},"total":{"conversions":0,"converted":0,"line":"converted 0 of 3 operations using 0 conversions","operations":3}}
// REPORT: rules: "gemm_only.yaml"
// REPORT: steps: {"loops":[],"source":"none"}
// REPORT: summary: 0 float operations in 1 file: 0 kept, 0 skipped; 3 matmuls not substituted (the report says why)
