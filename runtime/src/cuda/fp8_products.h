// cuBLASLt's FP8 products, shared by the runtime's matrix product (matmul.cu) and the rewritten
// cuBLAS calls (cublas_sites.cu): the per-thread handles and workspace, and a cache of each
// shape's descriptors and chosen algorithm (describing a product and asking the heuristic cost
// more than a small product itself). Internal to libautoscale_cuda.
#ifndef AUTOSCALE_SRC_CUDA_FP8_PRODUCTS_H
#define AUTOSCALE_SRC_CUDA_FP8_PRODUCTS_H

#include <cublasLt.h>
#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <cstddef>

namespace autoscale::detail {

// Handles and workspace of the calling host thread on the current device: cuBLAS handles are not
// to be shared between threads that set different streams, and each belongs to the device current
// at its creation. Never destroyed (at exit the CUDA runtime may already be gone).
struct BlasContext;
int blas_context(BlasContext **out, const char *fn);
cublasHandle_t blas_handle(BlasContext &ctx);
int compute_capability(const BlasContext &ctx);

// Stream-ordered scratch (free it with cudaFreeAsync on the same stream) from the context's own
// memory pool, which keeps what it reserved: the default pool gives its memory back at every
// synchronisation, and a training step that synchronises would then reserve it again each step.
cudaError_t scratch(BlasContext &ctx, void **out, size_t bytes, cudaStream_t stream);

// The context's scratch for work queued on `stream`: at least `bytes`, 256-byte aligned, the same
// buffer on every call that needs no more, so work on one stream can reuse it in stream order
// (and cuBLASLt sees the same alignment, and the same plan, every call). Valid until the next
// call for that stream.
cudaError_t stream_scratch(BlasContext &ctx, void **out, size_t bytes, cudaStream_t stream);

// Column-major C = alpha * (x_scale * y_scale) * X^T Y + beta * C, `batch` times: the "TN" layout,
// the only one cuBLASLt's FP8 kernels take. X (k x rows, leading dimension ldx) and Y (k x cols,
// ldy) are FP8 codes; C (rows x cols, ldc) is float32, read only when beta != 0. Batch b's
// matrices start stride_* elements after batch b - 1's. Scales are device pointers (a scale means
// value = code x scale, cuBLASLt's convention too); alpha and beta are host pointers, or device
// pointers when device_pointers.
struct Fp8Product {
  size_t rows, cols, k;
  int x_format, y_format;
  const void *x;
  size_t ldx;
  long long stride_x;
  const void *y;
  size_t ldy;
  long long stride_y;
  const float *x_scale, *y_scale;
  const float *alpha, *beta;
  bool device_pointers;
  float *c;
  size_t ldc;
  long long stride_c;
  int batch;
};

// The descriptors and kernel chosen for one shape, layouts, formats and alignments.
struct Fp8Plan;

// Chooses the product's kernel (kept in ctx for every later product of its kind; *plan stays valid
// until the thread's next plan) without queueing anything: CUBLAS_STATUS_NOT_SUPPORTED where
// cuBLASLt has none, so that a caller can decide how to round its operands before it does.
cublasStatus_t plan_fp8_product(BlasContext &ctx, const Fp8Product &p, const Fp8Plan **plan);
// Queues p, of the kind plan_fp8_product chose `plan` for, on stream.
cublasStatus_t launch_fp8_product(BlasContext &ctx, const Fp8Plan &plan, const Fp8Product &p, cudaStream_t stream);

// Both: CUBLAS_STATUS_NOT_SUPPORTED where cuBLASLt has no kernel for the product.
cublasStatus_t run_fp8_product(BlasContext &ctx, const Fp8Product &p, cudaStream_t stream);

}  // namespace autoscale::detail

#endif
