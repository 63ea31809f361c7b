// A cuBLAS call written in a macro's body is refused with the reason (its text is the macro's,
// shared by every use): the file is unchanged and the report says why.
// REQUIRES: cuda
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cu && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cu --
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: cmp input.cu out/input.cu
#include <cublas_v2.h>

#define LINEAR(h, out, w, x, n) \
  cublasSgemm(h, CUBLAS_OP_T, CUBLAS_OP_N, n, n, n, &one, w, n, x, n, &zero, out, n)
  // REPORT: input.cu:[[@LINE-1]]:3: {"action":"skipped","callee":"cublasSgemm_v2","class":"allow","function":"linear","op":"matmul","reason":"not substituted as a GEMM: operation inside a macro body","spelling":"cublasSgemm_v2","type":"float","variable":null}

void linear(cublasHandle_t h, float *out, const float *w, const float *x, int n) {
  const float one = 1.0f, zero = 0.0f;
  LINEAR(h, out, w, x, n);
}
// REPORT: file: {"changed":false,"path":"input.cu","sites":0,"written_to":"out/input.cu"}
// REPORT: conversions: {"functions":{"linear":{"conversions":0,"converted":0,"line":"converted 0 of 1 operations using 0 conversions","operations":1}},"total":{"conversions":0,"converted":0,"line":"converted 0 of 1 operations using 0 conversions","operations":1}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 0 float operations in 1 file: 0 kept, 0 skipped; 1 matmul not substituted (the report says why)
