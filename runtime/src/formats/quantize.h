// The CPU quantisation engine behind kernels.h (codes) and the scaled GEMM (values ready for the
// product): one pass over a strided float32 matrix that rounds every x / scale to a format once
// (quotient.h), writes it densely, and takes the amax and the over/underflow counts on the way.
// Arguments are checked by the callers. Internal to the runtime.
#ifndef AUTOSCALE_SRC_QUANTIZE_H
#define AUTOSCALE_SRC_QUANTIZE_H

#include <cstddef>
#include <cstdint>

#include "formats/quantize_element.h"

namespace autoscale::detail {

// AUTOSCALE_OK, or AUTOSCALE_EINVAL naming fn and what is wrong with format or scale (kernels.h's
// checks, CPU and CUDA).
int check_format_and_scale(const char *fn, int format, float scale);

// Bytes of one output element.
size_t emit_bytes(int format, Emit emit);

// out (rows x cols, row-major, leading dimension ld elements) = x / scale rounded to format, element
// (i, j) read from x[i * rs + j * cs]. Fast when cs == 1 (streaming) or rs == 1 (read in tiles);
// any other strides gather. Runs on the OpenMP threads when the matrix is large enough to pay.
struct QuantizeJob {
  const float *x;
  size_t rows, cols;
  ptrdiff_t rs, cs;
  int format;
  int saturate;
  float scale;  // finite, > 0
  Emit emit;
  void *out;
  size_t ld;
  // Values (not codes) are emitted times 2^value_exponent: a power-of-two scale folded into them,
  // which is exact when the caller has checked (value_exponent_folds) that every value of the
  // format stays a finite normal float.
  int value_exponent = 0;
};

// Whether values of format times 2^e are all finite normal floats, so a scale 2^e can be folded
// into the emitted values exactly (e4m3, e5m2, fp16 values are float normals; fp32 and bf16 data
// can be float subnormals, which a change of exponent does not scale).
bool value_exponent_folds(int format, int e);

// The statistics of one pass, as the counters and amax histories of a site record them.
struct QuantizeStats {
  uint32_t amax_bits = 0;   // max |x| as bits: NaN (bits above inf's) wins, as the contracts ask
  uint64_t overflows = 0;   // finite x whose x / scale rounded beyond the format's max
  uint64_t underflows = 0;  // x != 0 whose x / scale rounded to zero
};

QuantizeStats quantize(const QuantizeJob &job);
// The statistics of two passes (or parts of one) as one: the larger amax, the counts summed.
QuantizeStats merged(QuantizeStats x, const QuantizeStats &y);

// max |x(i, j)| over the same strided matrix, as bits (see amax_bits above).
uint32_t amax_bits(const float *x, size_t rows, size_t cols, ptrdiff_t rs, ptrdiff_t cs);


}  // namespace autoscale::detail

#endif
