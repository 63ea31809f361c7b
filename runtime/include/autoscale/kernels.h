/* autoscale/kernels.h: array kernels with a C ABI: quantise float32 arrays and strided matrices to a
 * format with a per-tensor scale (their amax and over/underflow counts from the same pass),
 * dequantise, amax. CPU versions in libautoscale (on the OpenMP threads, OMP_NUM_THREADS, when the
 * array is large); CUDA versions (same contracts, device pointers) in libautoscale_cuda.
 *
 * Convention (the runtime's): value = data × scale, so data = value / scale. A code is the format's bit
 * pattern exactly as format.h's autoscale_<format>_from_float gives it: one byte per element for
 * e4m3 and e5m2, two (uint16_t) for fp16 and bf16, and for fp32 the float32 value / scale itself;
 * code arrays are aligned for their element type.
 *
 * Rounding: each code is x / scale rounded ONCE, from the exact quotient, to the format (nearest,
 * ties to even; saturation as in format.h): bit for bit format.h's conversion of the exact
 * quotient, which is format.h's conversion of the float32 x / scale whenever that quotient is exact
 * (a power-of-two scale, as scales normally are, outside float32's subnormals). For other scales
 * the float32 quotient would round twice (see runtime/src/formats/quotient.h). fp32 data is the
 * nearest-even float32 quotient.
 *
 * Every function that can fail returns AUTOSCALE_OK or an AUTOSCALE_E* status (status.h), with the
 * reason in autoscale_last_error(); nothing is written on failure. */
#ifndef AUTOSCALE_KERNELS_H
#define AUTOSCALE_KERNELS_H

#include <stddef.h>
#include <stdint.h>

#include "autoscale/config.h"
#include "autoscale/status.h"

AUTOSCALE_EXTERN_C_BEGIN

/* Bytes per element of a format's codes; 0 for an unknown format. */
size_t autoscale_code_bytes(int format);

/* What a quantisation pass saw: the numbers a site's amax history and counters record. */
typedef struct autoscale_quantize_stats {
  float amax;          /* max |x|: NaN if any x is NaN, else inf if any is inf; 0 for no elements */
  uint64_t overflows;  /* finite x whose x / scale rounded beyond the format's max (saturated, inf or NaN) */
  uint64_t underflows; /* x != 0 whose x / scale rounded to zero */
} autoscale_quantize_stats;

/* codes[i] = code of x[i] / scale. When amax is not NULL, *amax = max |x[i]| from the same pass
 * (as autoscale_quantize_stats.amax). scale must be finite and > 0. */
int autoscale_quantize_array(const float *x, size_t n, int format, int saturate, float scale, void *codes,
                             float *amax);

/* The strided matrix version: element (i, j) of the rows x cols matrix X is x[i * rs + j * cs]
 * (strides in elements, any sign: a transpose swaps them, a negative one runs backwards), and
 * codes is row-major, codes[i * ld + j] = code of X(i, j) / scale, with ld >= cols (elements; the
 * padding is not written). To write X transposed, swap rows/cols and rs/cs. Reads are fastest with
 * cs == 1, nearly as fast with rs == 1 (tiled), gathered otherwise. When stats is not NULL it gets
 * the pass's amax and counts. */
int autoscale_quantize_matrix(const float *x, size_t rows, size_t cols, ptrdiff_t rs, ptrdiff_t cs, int format,
                              int saturate, float scale, void *codes, size_t ld, autoscale_quantize_stats *stats);

/* *amax = max |X(i, j)| of the strided matrix above (current scaling needs it before quantising). */
int autoscale_amax_matrix(const float *x, size_t rows, size_t cols, ptrdiff_t rs, ptrdiff_t cs, float *amax);

/* y[i] = value of codes[i] × scale. */
int autoscale_dequantize_array(const void *codes, size_t n, int format, float scale, float *y);

/* max |x[i]|: NaN if any x[i] is NaN, otherwise inf if any is inf; 0 for n == 0. Cannot fail. */
float autoscale_amax_array(const float *x, size_t n);

/* CUDA versions, in libautoscale_cuda (autoscale::cuda): x, codes, y, amax and stats are device
 * pointers; the work is queued on stream (a cudaStream_t; NULL is the default stream) and the calls
 * return without waiting. *amax and *stats are overwritten, not accumulated. A failed launch is
 * AUTOSCALE_EBACKEND, the CUDA error in the message. */
int autoscale_cuda_quantize_array(const float *x, size_t n, int format, int saturate, float scale, void *codes,
                                  float *amax, void *stream);
int autoscale_cuda_quantize_matrix(const float *x, size_t rows, size_t cols, ptrdiff_t rs, ptrdiff_t cs, int format,
                                   int saturate, float scale, void *codes, size_t ld, autoscale_quantize_stats *stats,
                                   void *stream);
int autoscale_cuda_dequantize_array(const void *codes, size_t n, int format, float scale, float *y, void *stream);
int autoscale_cuda_amax_array(const float *x, size_t n, float *amax, void *stream);

AUTOSCALE_EXTERN_C_END

#endif
