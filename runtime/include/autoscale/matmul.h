/* autoscale/matmul.h: the scaled matrix product, with a C ABI.
 *
 *   C = (a_scale * A) x (b_scale * B)
 *
 * A (m x k) and B (k x n) are codes of a format (DESIGN.md, "Numeric conventions": value = data x
 * scale), row-major with leading dimensions lda and ldb counted in elements: one byte per element
 * for e4m3 and e5m2, a uint16_t for fp16 and bf16, a float for fp32 (pass-through). A and B may be
 * in different formats. Products are formed from the decoded values, accumulated in float32, and
 * multiplied by a_scale * b_scale (exact when the scales are powers of two, as they normally are);
 * C (m x n, row-major, leading dimension ldc) is float32 and is overwritten.
 *
 * Every e4m3 and e5m2 value is exactly a bf16 value, and products of two fp8, bf16 or fp16 values
 * are exact in float32, so the only rounding is the float32 accumulation (whose order is the
 * backend's) and, for scales that are not powers of two, the scaling.
 *
 * CPU (libautoscale): oneDNN's matmul where the runtime was built with it (bf16 for fp8/bf16
 * operands, which this machine's AMX units run natively; fp16 natively where the CPU has it, else
 * through float32), otherwise a portable loop. AMX treats bf16 subnormals as zero: decoded fp8
 * values never are subnormal in bf16, user bf16 data may be.
 *
 * Every call returns AUTOSCALE_MATMUL_OK (0) or a negative status; after a failure,
 * autoscale_matmul_last_error() says what was wrong, naming the argument and its value. */
#ifndef AUTOSCALE_MATMUL_H
#define AUTOSCALE_MATMUL_H

#include <stddef.h>

#include "autoscale/config.h"

AUTOSCALE_EXTERN_C_BEGIN

enum {
  AUTOSCALE_MATMUL_OK = 0,
  AUTOSCALE_MATMUL_EINVAL = -1,      /* bad argument: null pointer, format, leading dimension, scale */
  AUTOSCALE_MATMUL_EUNSUPPORTED = -2,/* this backend cannot run it (not built in, formats, alignment) */
  AUTOSCALE_MATMUL_EBACKEND = -3,    /* oneDNN, CUDA or cuBLAS failed; the message has its error */
  AUTOSCALE_MATMUL_ENOMEM = -4       /* a temporary buffer could not be allocated */
};

/* Which CPU implementation runs the product. */
typedef enum autoscale_matmul_backend {
  AUTOSCALE_MATMUL_AUTO = 0,     /* oneDNN where built in and it has a native kernel, else portable */
  AUTOSCALE_MATMUL_PORTABLE = 1, /* decode to float32, blocked loop: always available */
  AUTOSCALE_MATMUL_DNNL = 2      /* oneDNN only: AUTOSCALE_MATMUL_EUNSUPPORTED where it cannot */
} autoscale_matmul_backend;

/* C = (a_scale * A) x (b_scale * B) as above. m, n or k may be 0 (k == 0 gives C = 0). Leading
 * dimensions must be at least the row length (lda >= k, ldb >= n, ldc >= n). Scales must be
 * finite and > 0. When c_amax is not NULL, *c_amax = max |C[i][j]| (NaN if any is NaN; 0 for an
 * empty C): the amax a delayed-scaling history of the next operation records. Thread-safe. */
int autoscale_matmul(size_t m, size_t n, size_t k, int a_format, const void *a, size_t lda, float a_scale,
                     int b_format, const void *b, size_t ldb, float b_scale, float *c, size_t ldc,
                     float *c_amax);

/* The same on a chosen backend (tests and benchmarks compare them). */
int autoscale_matmul_on(int backend, size_t m, size_t n, size_t k, int a_format, const void *a, size_t lda,
                        float a_scale, int b_format, const void *b, size_t ldb, float b_scale, float *c,
                        size_t ldc, float *c_amax);

/* 1 if this libautoscale was built with oneDNN, else 0. */
int autoscale_matmul_have_dnnl(void);

/* What the calling thread's last failing matmul call (CPU or CUDA) found wrong; "" if none. */
const char *autoscale_matmul_last_error(void);

/* CUDA version, in libautoscale_cuda (autoscale::cuda). a, b, c, c_amax, a_scale and b_scale are
 * device pointers (scales stay on the device, where delayed scaling updates them); the work is
 * queued on stream (a cudaStream_t; NULL is the default stream) and the call returns without
 * waiting. *c_amax is overwritten. Supported: e4m3 x e4m3, e4m3 x e5m2, e5m2 x e4m3 through
 * cuBLASLt's FP8 kernels (sm_89 and later; lda and k multiples of 16, 16-byte aligned pointers),
 * and fp16 x fp16, bf16 x bf16 through cublasGemmEx; others return AUTOSCALE_MATMUL_EUNSUPPORTED. */
int autoscale_cuda_matmul(size_t m, size_t n, size_t k, int a_format, const void *a, size_t lda,
                          const float *a_scale, int b_format, const void *b, size_t ldb, const float *b_scale,
                          float *c, size_t ldc, float *c_amax, void *stream);

AUTOSCALE_EXTERN_C_END

#endif
