/* autoscale/kernels.h: array kernels with a C ABI: quantise float32 arrays to a format with a
 * per-tensor scale (and their amax in the same pass), dequantise, amax. CPU versions in
 * libautoscale; CUDA versions (same contracts, device pointers) in libautoscale_cuda.
 *
 * Convention (DESIGN.md): value = data × scale, so data = value / scale. A code is the format's bit
 * pattern exactly as format.h's autoscale_<format>_from_float gives it: one byte per element for
 * e4m3 and e5m2, two (uint16_t) for fp16 and bf16, and for fp32 the float32 value / scale itself;
 * code arrays are aligned for their element type.
 * Every element equals format.h's scalar conversion bit for bit. */
#ifndef AUTOSCALE_KERNELS_H
#define AUTOSCALE_KERNELS_H

#include <stddef.h>

#include "autoscale/config.h"

AUTOSCALE_EXTERN_C_BEGIN

/* Bytes per element of a format's codes; 0 for an unknown format. */
size_t autoscale_code_bytes(int format);

/* codes[i] = code of x[i] / scale (rounded to nearest even; saturate as in format.h). When amax is
 * not NULL, *amax = max |x[i]| from the same pass: NaN if any x[i] is NaN, 0 for n == 0.
 * scale must be finite and > 0. Returns 0, or -1 (nothing written) for an unknown format or a bad
 * scale. */
int autoscale_quantize_array(const float *x, size_t n, int format, int saturate, float scale, void *codes,
                             float *amax);

/* y[i] = value of codes[i] × scale. Returns 0, or -1 for an unknown format or a bad scale. */
int autoscale_dequantize_array(const void *codes, size_t n, int format, float scale, float *y);

/* max |x[i]|: NaN if any x[i] is NaN, otherwise inf if any is inf; 0 for n == 0. */
float autoscale_amax_array(const float *x, size_t n);

/* CUDA versions, in libautoscale_cuda (autoscale::cuda): x, codes, y and amax are device pointers; the work is queued on stream (a
 * cudaStream_t; NULL is the default stream) and the calls return without waiting. *amax is
 * overwritten, not accumulated. Return 0, -1 for bad arguments, or the cudaError_t of the launch. */
int autoscale_cuda_quantize_array(const float *x, size_t n, int format, int saturate, float scale, void *codes,
                                  float *amax, void *stream);
int autoscale_cuda_dequantize_array(const void *codes, size_t n, int format, float scale, float *y, void *stream);
int autoscale_cuda_amax_array(const float *x, size_t n, float *amax, void *stream);

AUTOSCALE_EXTERN_C_END

#endif
