// cuBLAS and cuBLASLt calls in the column-major terms the runtime's scaled products take
// (cublas_sites.cu), and what a cuBLASLt call's descriptors say. Internal to libautoscale_cuda.
#ifndef AUTOSCALE_SRC_CUDA_GEMM_CALLS_H
#define AUTOSCALE_SRC_CUDA_GEMM_CALLS_H

#include <cublasLt.h>
#include <cublas_v2.h>

namespace autoscale::detail {

// One call as cuBLAS's column-major terms give it: C (m x n) = alpha op(A) op(B) + beta C.
struct GemmCall {
  cublasOperation_t transa, transb;
  int m, n, k;
  const float *alpha;
  const float *a;
  int lda;
  long long stride_a;
  const float *b;
  int ldb;
  long long stride_b;
  const float *beta;
  float *c;
  int ldc;
  long long stride_c;
  int batch;
};

// Whether a compute type computes in float32 (its inputs float32: the calls the runtime scales).
bool float32_compute(cublasComputeType_t t);

// The call a cuBLASLt product is, when it is one the runtime scales: float32 operands, result and
// scale type, column-major operands, no epilogue, C and D the same matrix with the same layout,
// one batch count; false for any other, which then runs as written. *mode: where alpha and beta are.
bool lt_call(cublasLtMatmulDesc_t desc, const void *alpha, const void *a, cublasLtMatrixLayout_t a_desc,
             const void *b, cublasLtMatrixLayout_t b_desc, const void *beta, const void *c,
             cublasLtMatrixLayout_t c_desc, void *d, cublasLtMatrixLayout_t d_desc, GemmCall *g,
             cublasPointerMode_t *mode);

}  // namespace autoscale::detail

#endif
