// A cublasGemmEx call that names operand types other than float32 (CUDA_R_16F) already runs in
// them: it stays as written, reported with the reason. It was a "scaled e4m3" site the runtime
// passed through. cuBLAS's float products the runtime does not replace (batched through pointer
// arrays, matrix-vector products, dot products) stay as written too, reported rather than passed
// over (a CG solver's cublasSgemv and cublasSdot were missing from the report).
// REQUIRES: cuda
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cu && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cu --
// RUN: diff -u input.cu out/input.cu
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
#include <cublas_v2.h>
#include <cuda_fp16.h>

void halves(cublasHandle_t h, const __half *a, const __half *b, __half *c, int n) {
  const float one = 1.0f, zero = 0.0f;
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, a, CUDA_R_16F, n, b, CUDA_R_16F, n, &zero, c, CUDA_R_16F, n,
               CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  // REPORT: input.cu:[[@LINE-2]]:3: {"action":"skipped","callee":"cublasGemmEx",{{.*}}"reason":"not substituted as a GEMM: its operands are not float32 (CUDA_R_16F): the product runs in the types it names"
}

void batched(cublasHandle_t h, const float *const *a, const float *const *b, float *const *c, int n) {
  const float one = 1.0f, zero = 0.0f;
  cublasSgemmBatched(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, a, n, b, n, &zero, c, n, 4);
  // REPORT: input.cu:[[@LINE-1]]:3: {"action":"skipped","callee":"cublasSgemmBatched",{{.*}}"reason":"a cuBLAS product the runtime does not replace (it replaces cublasSgemm, cublasSgemmStridedBatched, cublasGemmEx and cublasLtMatmul): it runs as written"
}

void conjugate_gradient_step(cublasHandle_t h, const float *A, const float *p, float *q, float *dot, int n) {
  const float one = 1.0f, zero = 0.0f;
  cublasSgemv(h, CUBLAS_OP_N, n, n, &one, A, n, p, 1, &zero, q, 1);
  // REPORT: input.cu:[[@LINE-1]]:3: {"action":"skipped","callee":"cublasSgemv_v2",{{.*}}"reason":"a cuBLAS product the runtime does not replace (it replaces cublasSgemm, cublasSgemmStridedBatched, cublasGemmEx and cublasLtMatmul): it runs as written"
  cublasSdot(h, n, p, 1, q, 1, dot);
  // REPORT: input.cu:[[@LINE-1]]:3: {"action":"skipped","callee":"cublasSdot_v2",{{.*}}"reason":"a cuBLAS product the runtime does not replace (it replaces cublasSgemm, cublasSgemmStridedBatched, cublasGemmEx and cublasLtMatmul): it runs as written"
}
