/* autoscale/matmul.h: the scaled matrix product, with a C ABI. Two entry points:
 *
 *   autoscale_scaled_gemm: float32 operands as the program holds them (any strides), quantised to
 *     their formats with their scales, multiplied, plus D: what a GEMM site calls.
 *       C = (a_scale * Qa(A / a_scale)) x (b_scale * Qb(B / b_scale)) + D
 *   autoscale_matmul: operands already quantised (codes, kernels.h), row-major.
 *       C = (a_scale * A) x (b_scale * B)
 *
 * Numerics (both): value = data x scale. Every e4m3 and e5m2 value is exactly a bf16 value, and
 * products of two fp8, bf16 or fp16 values are exact in float32, so the only roundings are the
 * quantisation (once per element, from the exact quotient, as kernels.h rounds), the float32
 * accumulation (in the backend's order), the product's scaling by alpha = a_scale * b_scale
 * (rounded once; exact for powers of two, as scales normally are) and adding D (once).
 *
 * CPU (libautoscale): oneDNN's matmul where the runtime was built with it, on bf16 operands when
 * both formats are e4m3, e5m2 or bf16 and the CPU has AMX (values decoded or quantised to bf16,
 * exactly), on float32 otherwise (exact products through float32: without AMX oneDNN's float32
 * kernels are the faster ones); autoscale_scaled_gemm folds power-of-two
 * scales into those operand values (exactly: they stay float normals, or the scale stays out), and
 * alpha, where it is not 1, and D where it can, are applied inside oneDNN's kernel. Without oneDNN,
 * or where it has only a reference kernel, a portable blocked loop.
 * Both run on the OpenMP threads (OMP_NUM_THREADS). oneDNN's bf16 kernels (vdpbf16ps) treat bf16
 * subnormals as zero: quantised fp8 values never are subnormal in bf16, bf16 data far below 2^-126
 * can be. oneDNN primitives are cached per shape and layout (not per scale), so the shapes of a
 * training step build once.
 *
 * Every call returns AUTOSCALE_OK or an AUTOSCALE_E* status (status.h), the reason in
 * autoscale_last_error(); nothing is written on failure. Thread-safe. */
#ifndef AUTOSCALE_MATMUL_H
#define AUTOSCALE_MATMUL_H

#include <stddef.h>

#include "autoscale/config.h"
#include "autoscale/kernels.h"
#include "autoscale/status.h"

AUTOSCALE_EXTERN_C_BEGIN

/* Which CPU implementation runs the product. */
typedef enum autoscale_matmul_backend {
  AUTOSCALE_MATMUL_AUTO = 0,     /* oneDNN where built in, it has a native kernel and the product is
                                    large enough to pay for its call (above 2^16 products); else portable */
  AUTOSCALE_MATMUL_PORTABLE = 1, /* float32 blocked loop: always available */
  AUTOSCALE_MATMUL_DNNL = 2      /* oneDNN only: AUTOSCALE_EUNSUPPORTED where it cannot */
} autoscale_matmul_backend;

/* One float32 operand of autoscale_scaled_gemm and how it is quantised. Element (i, p) of the
 * rows x cols matrix is x[i * rs + p * cs]: strides in elements, any sign, so a transposed operand
 * is its strides swapped. Fastest with cs == 1 or rs == 1 (either is read as stored, oneDNN taking
 * the transpose); any other strides are gathered. */
typedef struct autoscale_gemm_operand {
  const float *x;
  ptrdiff_t rs, cs;
  int format;   /* autoscale_format: data = x / scale rounded to it once (fp32: the float32 quotient) */
  int saturate; /* as in format.h: 1 clamps overflow to +-max */
  float scale;  /* finite, > 0 */
} autoscale_gemm_operand;

/* C (m x n) = alpha * (Qa(A) x Qb(B)) + D with alpha = a->scale * b->scale, A m x k, B k x n.
 *   D: NULL (nothing added); C itself with C's strides (accumulate: C += ...); or any m x n matrix
 *      element (i, j) at d[i * d_rs + j * d_cs] not overlapping C: d_rs == 0 broadcasts a bias row
 *      of n (fused into oneDNN's kernel when d_cs == 1), d_cs == 0 a column of m.
 *   C: element (i, j) at c[i * c_rs + j * c_cs]; written directly when c_cs == 1 (c_rs >= n) or
 *      c_rs == 1 (c_cs >= m), through a buffer otherwise. C may not overlap A or B.
 *   a_stats, b_stats (may be NULL): amax and over/underflow counts of each operand's quantisation,
 *      as autoscale_quantize_matrix gives them (delayed scaling's amax history).
 *   c_amax (may be NULL): max |C(i, j)| after D (NaN if any is NaN; 0 for an empty C), the amax the
 *      next operation's delayed scaling records.
 * m, n or k may be 0 (k == 0: C = D, or 0). */
int autoscale_scaled_gemm(size_t m, size_t n, size_t k, const autoscale_gemm_operand *a,
                          autoscale_quantize_stats *a_stats, const autoscale_gemm_operand *b,
                          autoscale_quantize_stats *b_stats, const float *d, ptrdiff_t d_rs, ptrdiff_t d_cs, float *c,
                          ptrdiff_t c_rs, ptrdiff_t c_cs, float *c_amax);

/* The same on a chosen backend (tests and benchmarks compare them). */
int autoscale_scaled_gemm_on(int backend, size_t m, size_t n, size_t k, const autoscale_gemm_operand *a,
                             autoscale_quantize_stats *a_stats, const autoscale_gemm_operand *b,
                             autoscale_quantize_stats *b_stats, const float *d, ptrdiff_t d_rs, ptrdiff_t d_cs,
                             float *c, ptrdiff_t c_rs, ptrdiff_t c_cs, float *c_amax);

/* C = (a_scale * A) x (b_scale * B) on codes. A (m x k) and B (k x n) are codes of a format
 * (kernels.h), row-major with leading dimensions lda and ldb counted in elements; they may be in
 * different formats. C (m x n, row-major, leading dimension ldc) is float32 and is overwritten.
 * m, n or k may be 0 (k == 0 gives C = 0). Leading dimensions must be at least the row length
 * (lda >= k, ldb >= n, ldc >= n). Scales must be finite and > 0. When c_amax is not NULL,
 * *c_amax = max |C[i][j]| (NaN if any is NaN; 0 for an empty C). */
int autoscale_matmul(size_t m, size_t n, size_t k, int a_format, const void *a, size_t lda, float a_scale,
                     int b_format, const void *b, size_t ldb, float b_scale, float *c, size_t ldc,
                     float *c_amax);

/* The same on a chosen backend. */
int autoscale_matmul_on(int backend, size_t m, size_t n, size_t k, int a_format, const void *a, size_t lda,
                        float a_scale, int b_format, const void *b, size_t ldb, float b_scale, float *c,
                        size_t ldc, float *c_amax);

/* 1 if this libautoscale was built with oneDNN, else 0. */
int autoscale_matmul_have_dnnl(void);

/* CUDA version of autoscale_matmul, in libautoscale_cuda (autoscale::cuda). a, b, c, c_amax,
 * a_scale and b_scale are device pointers (scales stay on the device, where delayed scaling updates
 * them); the work is queued on stream (a cudaStream_t; NULL is the default stream) and the call
 * returns without waiting. *c_amax is overwritten. Supported: e4m3 x e4m3, e4m3 x e5m2, e5m2 x e4m3
 * through cuBLASLt's FP8 kernels (sm_89 and later; lda and k multiples of 16, 16-byte aligned
 * pointers), and fp16 x fp16, bf16 x bf16 through cublasGemmEx; others return
 * AUTOSCALE_EUNSUPPORTED. FP8 tensor cores do not accumulate in float32: on an H100 (sm_90) each
 * block of 128 products is summed with 13 bits kept below the running sum's leading bit
 * (truncated), then added in float32 (tests/runtime/matmul_cuda_test.cpp measures it), so a GPU's
 * FP8 product is less exact than the CPU's of the same codes. fp16 and bf16 accumulate in float32. */
int autoscale_cuda_matmul(size_t m, size_t n, size_t k, int a_format, const void *a, size_t lda,
                          const float *a_scale, int b_format, const void *b, size_t ldb, const float *b_scale,
                          float *c, size_t ldc, float *c_amax, void *stream);

/* The same with B given transposed: bt is B^T (n x k, row-major, ldb >= k), element (p, j) of B
 * at bt[j * ldb + p], as a linear layer holds its weight (out = in x W^T). That is the layout
 * cuBLASLt's FP8 kernels read, so B is not copied first (autoscale_cuda_matmul transposes it into
 * a scratch); FP8 then also needs ldb a multiple of 16 and bt 16-byte aligned. Same formats,
 * numerics and results as autoscale_cuda_matmul. */
int autoscale_cuda_matmul_bt(size_t m, size_t n, size_t k, int a_format, const void *a, size_t lda,
                             const float *a_scale, int b_format, const void *bt, size_t ldb, const float *b_scale,
                             float *c, size_t ldc, float *c_amax, void *stream);

AUTOSCALE_EXTERN_C_END

#endif
