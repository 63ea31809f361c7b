/* autoscale/cublas.h: cuBLAS's FP32 matrix products as scaled sites, in libautoscale_cuda
 * (autoscale::cuda). autoscale-rewrite turns a call of cublasSgemm, cublasSgemmStridedBatched,
 * cublasGemmEx or cublasLtMatmul into the call of the same name here, with the call's site first
 * and every argument as written; its rewritten file includes this header. Each scales the calls
 * whose operands and result are float32 (cublasLtMatmul: also column-major, no epilogue, C and D
 * the same matrix) and passes any other to cuBLAS as it is.
 *
 * Each call computes what cuBLAS would, C = alpha op(A) op(B) + beta C on the caller's handle's
 * stream, with op(A) and op(B) rounded to the site's format under their own scales:
 *   - e4m3: both operands quantised on the device (into a scratch in the "TN" layout cuBLASLt's
 *     FP8 kernels take, k padded to 16 with zeros), then cuBLASLt's FP8 product with the scales
 *     as device pointers, which does not accumulate exactly in float32 (matmul.h);
 *   - e5m2 (cuBLASLt has no e5m2 x e5m2), e4m3 on GPUs before sm_89, on shapes with no FP8 kernel
 *     or with AUTOSCALE_CUDA_FP8=0: the same rounded values as bf16 (every e5m2 and e4m3 value is
 *     one) on cublasGemmEx, float32 compute;
 *   - fp16, bf16: the rounded operands on cublasGemmEx, float32 compute;
 *   - fp32: the cuBLAS call itself.
 * The scales live on the device: per operand, the site's slot state (autoscale/device_sites.h),
 * rolled at autoscale_step() as device sites are, so no call waits for the host. Current scaling
 * (and a delayed site before its first step) first reads the operand's amax on the device. The
 * slots' amax, overflow, underflow, NaN and inf counts reach the report as a device site's; with
 * statistics full the product's amax too.
 * Handles, streams, pointer modes and layouts are the caller's; nothing else of the handle changes.
 * The return value is cuBLAS's status (a failure of the runtime's own kernels reads
 * CUBLAS_STATUS_EXECUTION_FAILED, the reason on stderr once). */
#ifndef AUTOSCALE_CUBLAS_H
#define AUTOSCALE_CUBLAS_H

#include <cublasLt.h>
#include <cublas_v2.h>

#include "autoscale/site.h"

AUTOSCALE_EXTERN_C_BEGIN

cublasStatus_t autoscale_cublas_sgemm(autoscale_site *site, cublasHandle_t handle, cublasOperation_t transa,
                                      cublasOperation_t transb, int m, int n, int k, const float *alpha,
                                      const float *a, int lda, const float *b, int ldb, const float *beta, float *c,
                                      int ldc);

cublasStatus_t autoscale_cublas_sgemm_strided_batched(autoscale_site *site, cublasHandle_t handle,
                                                      cublasOperation_t transa, cublasOperation_t transb, int m, int n,
                                                      int k, const float *alpha, const float *a, int lda,
                                                      long long stride_a, const float *b, int ldb, long long stride_b,
                                                      const float *beta, float *c, int ldc, long long stride_c,
                                                      int batch_count);

/* Scaled when A, B and C are CUDA_R_32F (any float32 compute type). */
cublasStatus_t autoscale_cublas_gemm_ex(autoscale_site *site, cublasHandle_t handle, cublasOperation_t transa,
                                        cublasOperation_t transb, int m, int n, int k, const void *alpha,
                                        const void *a, cudaDataType a_type, int lda, const void *b,
                                        cudaDataType b_type, int ldb, const void *beta, void *c, cudaDataType c_type,
                                        int ldc, cublasComputeType_t compute_type, cublasGemmAlgo_t algo);

/* The descriptors are read, never changed; the product runs on `stream` (its half products on the
 * runtime's own cuBLAS handle), the caller's algorithm and workspace are for the calls passed on. */
cublasStatus_t autoscale_cublaslt_matmul(autoscale_site *site, cublasLtHandle_t handle, cublasLtMatmulDesc_t desc,
                                         const void *alpha, const void *a, cublasLtMatrixLayout_t a_desc,
                                         const void *b, cublasLtMatrixLayout_t b_desc, const void *beta,
                                         const void *c, cublasLtMatrixLayout_t c_desc, void *d,
                                         cublasLtMatrixLayout_t d_desc, const cublasLtMatmulAlgo_t *algo,
                                         void *workspace, size_t workspace_bytes, cudaStream_t stream);

AUTOSCALE_EXTERN_C_END

#ifdef __cplusplus
/* cublas_api.h's overload for old code that names the compute type as a cudaDataType. */
static inline cublasStatus_t autoscale_cublas_gemm_ex(autoscale_site *site, cublasHandle_t handle,
                                                      cublasOperation_t transa, cublasOperation_t transb, int m, int n,
                                                      int k, const void *alpha, const void *a, cudaDataType a_type,
                                                      int lda, const void *b, cudaDataType b_type, int ldb,
                                                      const void *beta, void *c, cudaDataType c_type, int ldc,
                                                      cudaDataType compute_type, cublasGemmAlgo_t algo) {
  cublasComputeType_t migrated = CUBLAS_COMPUTE_32F;
  cublasStatus_t status = cublasMigrateComputeType(handle, compute_type, &migrated);
  if (status != CUBLAS_STATUS_SUCCESS) return status;
  return autoscale_cublas_gemm_ex(site, handle, transa, transb, m, n, k, alpha, a, a_type, lda, b, b_type, ldb, beta, c,
                                  c_type, ldc, migrated, algo);
}
#endif

#endif
